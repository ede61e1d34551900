import Foundation
import SwiftUIMigrate
import XCTest

/// `include`/`exclude` globs match as `.gitignore` patterns do; every row is also checked
/// against git's own matcher (`git check-ignore --no-index`), so the table cannot drift from it.
final class PathGlobTests: XCTestCase {
    /// (pattern, path of a file, matches).
    static let table: [(String, String, Bool)] = [
        // `dir/**`: everything under dir, at any depth, and nothing beside it.
        ("Sources/**", "Sources/App.swift", true),
        ("Sources/**", "Sources/Feature/Views/Row.swift", true),
        ("Sources/**", "Tests/AppTests.swift", false),
        ("Sources/**", "SourcesExtra/App.swift", false),
        ("Sources/**", "Packages/Sources/App.swift", false),
        // `**/x/**`: an x folder at any depth.
        ("**/Generated/**", "Generated/Model.swift", true),
        ("**/Generated/**", "App/Generated/Model.swift", true),
        ("**/Generated/**", "App/Deep/Generated/Sub/Model.swift", true),
        ("**/Generated/**", "App/Generated.swift", false),
        ("**/Generated/**", "App/NotGenerated/Model.swift", false),
        // A trailing `/`: a folder, at any depth when no other `/` anchors it.
        ("Generated/", "Generated/Model.swift", true),
        ("Generated/", "App/Generated/Model.swift", true),
        ("Generated/", "App/Generated", false),
        ("Sources/Generated/", "Sources/Generated/Model.swift", true),
        ("Sources/Generated/", "App/Sources/Generated/Model.swift", false),
        // A folder named without `**` covers what is in it.
        ("Sources/Generated", "Sources/Generated/Model.swift", true),
        ("Sources/Generated", "Sources/GeneratedModel.swift", false),
        // No `/`: a file or folder name at any depth.
        ("*.generated.swift", "Model.generated.swift", true),
        ("*.generated.swift", "App/Deep/Model.generated.swift", true),
        ("*.generated.swift", "App/Model.swift", false),
        ("Pods", "Pods/Alamofire/Request.swift", true),
        ("Pods", "App/Pods.swift", false),
        // Leading `/` and `./` anchor at the configuration's folder.
        ("/App.swift", "App.swift", true),
        ("/App.swift", "Sources/App.swift", false),
        ("./Sources/**", "Sources/App.swift", true),
        // `*` and `?` stay within one component; `**` in the middle spans zero or more.
        ("Sources/*.swift", "Sources/App.swift", true),
        ("Sources/*.swift", "Sources/Feature/App.swift", false),
        ("Sources/**/*.swift", "Sources/App.swift", true),
        ("Sources/**/*.swift", "Sources/Feature/Views/App.swift", true),
        ("Sources/**/Views/*.swift", "Sources/Views/Row.swift", true),
        ("Sources/**/Views/*.swift", "Sources/A/B/Views/Row.swift", true),
        ("Sources/**/Views/*.swift", "Sources/A/Views/Sub/Row.swift", false),
        ("**/*Tests.swift", "Tests/AppTests.swift", true),
        ("**/*Tests.swift", "AppTests.swift", true),
        ("View?.swift", "App/View1.swift", true),
        ("View?.swift", "App/View12.swift", false),
        // Character sets and escapes.
        ("View[0-9].swift", "View7.swift", true),
        ("View[0-9].swift", "ViewA.swift", false),
        ("View[!0-9].swift", "ViewA.swift", true),
        ("\\*.swift", "*.swift", true),
        ("\\*.swift", "A.swift", false),
        // `**` not a whole component is a plain `*`.
        ("Sources**", "Sources/App.swift", true),
        ("Sources**", "Tests/Source.swift", false),
        ("App**.swift", "AppView.swift", true),
        // Case matters.
        ("sources/**", "Sources/App.swift", false),
        // `**` alone is everything.
        ("**", "Sources/App.swift", true),
        ("**", "App.swift", true),
    ]

    /// Patterns read differently from a `.gitignore` line, on purpose: a leading `./` (which git
    /// takes literally) names the configuration's folder, as in SwiftLint's paths.
    static let notGitignore: Set<String> = ["./Sources/**"]

    func testTable() {
        XCTAssertGreaterThanOrEqual(Self.table.count, 30)
        for (pattern, path, expected) in Self.table {
            XCTAssertEqual(PathGlob(pattern).matches(path), expected, "\(pattern) against \(path)")
        }
    }

    /// Every row agrees with git: the pattern as a `.gitignore` line ignores the path exactly when it matches.
    func testGitAgreesWithEveryRow() throws {
        let folder = NSTemporaryDirectory() + "swiftui-migrate-glob-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try git(["init", "-q"], in: folder)
        let byPattern = Dictionary(grouping: Self.table, by: \.0)
        for (pattern, rows) in byPattern where !Self.notGitignore.contains(pattern) {
            try Data((pattern + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/.gitignore"))
            let ignored = Set(try git(
                ["check-ignore", "--no-index", "--stdin"], in: folder, input: rows.map(\.1).joined(separator: "\n") + "\n"
            ).split(separator: "\n").map(String.init))
            for (_, path, expected) in rows {
                XCTAssertEqual(ignored.contains(path), expected, "git: \(pattern) against \(path)")
            }
        }
    }

    func testPatternIsKeptAsWritten() {
        XCTAssertEqual(PathGlob("./Sources/**").pattern, "./Sources/**")
    }

    func testEmptyPatternsMatchNothing() {
        XCTAssertFalse(PathGlob("").matches("App.swift"))
        XCTAssertFalse(PathGlob("/").matches("App.swift"))
    }

    @discardableResult
    private func git(_ arguments: [String], in folder: String, input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = folder
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // check-ignore exits 1 when no path is ignored.
        guard process.terminationStatus <= 1 else { throw XCTSkip("git \(arguments) failed: \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }
}
