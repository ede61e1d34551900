import Foundation
import XCTest

/// Outputs other tools read name files from the repository's root, whichever folder the tool runs in: `diff`'s
/// patch applies with `git apply` from the root and from a subfolder, SARIF resolves its URIs against
/// `%SRCROOT%`, GitHub annotations say `file=` from the root, and a file git treats as binary stays out of the patch.
final class RootRelativePathTests: XCTestCase {
    /// A repository with a Group to hoist two folders down, in `Packages/Feature/Sources/`.
    private func repository() throws -> GitRepositoryFolder {
        let repository = try GitRepositoryFolder()
        try repository.commit([
            "Packages/Feature/Sources/ContentView.swift": Samples.groupLifecycle,
            "Packages/Feature/Sources/PlainView.swift": Samples.clean,
        ])
        return repository
    }

    private var subfolder: String { "Packages/Feature" }

    /// `git apply` run in `folder` (relative to the repository), returning its status and stderr.
    private func gitApply(_ patch: String, in repository: GitRepositoryFolder, folder: String) throws -> (Int32, String) {
        let file = try repository.folder.write("../\(UUID().uuidString).patch", patch)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "apply", file]
        process.currentDirectoryURL = URL(fileURLWithPath: repository.path + "/" + folder)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testDiffNamesFilesFromTheRootWithGitsPrefixesFromAnyFolder() throws {
        let repository = try repository()
        let fromRoot = try ToolProcess.run(["diff"], in: repository.path)
        let fromSubfolder = try ToolProcess.run(["diff", "."], in: repository.path + "/" + subfolder)
        let fromSources = try ToolProcess.run(["diff", "ContentView.swift"], in: repository.path + "/" + subfolder + "/Sources")
        for result in [fromRoot, fromSubfolder, fromSources] {
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("""
                diff --git a/Packages/Feature/Sources/ContentView.swift b/Packages/Feature/Sources/ContentView.swift
                """), result.stdout)
            XCTAssertTrue(result.stdout.contains("\n--- a/Packages/Feature/Sources/ContentView.swift\n"), result.stdout)
            XCTAssertTrue(result.stdout.contains("\n+++ b/Packages/Feature/Sources/ContentView.swift\n"), result.stdout)
        }
        XCTAssertEqual(fromRoot.stdout, fromSubfolder.stdout)
        XCTAssertEqual(fromRoot.stdout, fromSources.stdout)
        // The summary on stderr names files as the user named them, like `git status`.
        XCTAssertTrue(fromSubfolder.stderr.hasPrefix("Sources/ContentView.swift "), fromSubfolder.stderr)
    }

    func testGitApplyOfTheDiffWorksFromTheRootAndFromASubfolder() throws {
        for folder in ["", subfolder, subfolder + "/Sources"] {
            let repository = try repository()
            let patch = try ToolProcess.run(["diff", "."], in: repository.path + "/" + subfolder)
            XCTAssertEqual(patch.status, 0, patch.stderr)
            let (status, errors) = try gitApply(patch.stdout, in: repository, folder: folder)
            XCTAssertEqual(status, 0, "git apply in '\(folder)': \(errors)")
            XCTAssertEqual(
                try repository.git("diff", "--name-only"), "Packages/Feature/Sources/ContentView.swift\n",
                "git apply in '\(folder)' changed nothing or the wrong files")
            XCTAssertTrue(
                try repository.folder.read("Packages/Feature/Sources/ContentView.swift").contains("ZStack {"),
                "git apply in '\(folder)'")
            // The patch holds exactly the migration: once applied, the tool finds nothing more to change.
            let again = try ToolProcess.run(["diff", "--exit-code"], in: repository.path)
            XCTAssertEqual(again.status, 0, again.stdout)
            XCTAssertEqual(again.stdout, "")
        }
    }

    func testAFileGitTreatsAsBinaryIsReportedNotPatched() throws {
        let repository = try repository()
        let binary = Samples.groupLifecycle.replacingOccurrences(of: "print(\"appeared\")", with: "print(\"appeared\") // \u{0}")
        try repository.commit(["Packages/Feature/Sources/Binary.swift": binary], message: "a NUL byte")
        let result = try ToolProcess.run(["diff", "--exit-code"], in: repository.path + "/" + subfolder)
        XCTAssertEqual(result.status, 1, "the binary file still has a change to make: \(result.stderr)")
        XCTAssertFalse(result.stdout.contains("Binary"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Binary.swift"), result.stdout)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("Binary.swift") && $0.hasPrefix("warning:") }
        XCTAssertEqual(warnings, [
            "warning: Packages/Feature/Sources/Binary.swift: left out of the patch: git treats the file as binary "
                + "(it holds a NUL byte); 'swiftui-migrate apply' writes its change",
        ])
        let (status, errors) = try gitApply(result.stdout, in: repository, folder: subfolder)
        XCTAssertEqual(status, 0, errors)
        XCTAssertEqual(try repository.git("diff", "--name-only"), "Packages/Feature/Sources/ContentView.swift\n")
    }

    func testSARIFResolvesRootRelativeURIsAgainstSourceRoot() throws {
        let repository = try repository()
        let result = try ToolProcess.run(["scan", "--format", "sarif", "Sources"], in: repository.path + "/" + subfolder)
        XCTAssertEqual(result.status, 1, result.stderr)
        try SchemaValidator.validateSARIF(result.stdout, name: "from a subfolder")
        for result in try resultsResolvedAgainst(repository, sarif: result.stdout) {
            let location = try XCTUnwrap(artifactLocation(of: result))
            XCTAssertEqual(location, ["uri": "Packages/Feature/Sources/ContentView.swift", "uriBaseId": "%SRCROOT%"])
            for fix in result["fixes"] as? [[String: Any]] ?? [] {
                let changed = (fix["artifactChanges"] as? [[String: Any]])?.first?["artifactLocation"] as? [String: String]
                XCTAssertEqual(changed, location)
            }
        }
    }

    /// Text on standard input is named from the repository its path is in, which need not be the current
    /// folder's, and SARIF's `%SRCROOT%` is that repository's work tree too (it was the current folder).
    func testSARIFOfStandardInputResolvesAgainstTheRepositoryOfItsPath() throws {
        let repository = try repository()
        let elsewhere = try TemporaryFolder()
        let path = repository.path + "/Packages/Feature/Sources/New/NewView.swift"
        let result = try ToolProcess.run(
            ["scan", "--format", "sarif", "--stdin-filepath", path], in: elsewhere.path, stdin: Samples.groupLifecycle)
        XCTAssertEqual(result.status, 1, result.stderr)
        for result in try resultsResolvedAgainst(repository, sarif: result.stdout) {
            XCTAssertEqual(artifactLocation(of: result), ["uri": "Packages/Feature/Sources/New/NewView.swift", "uriBaseId": "%SRCROOT%"])
        }
    }

    /// The results of the SARIF log `sarif`, after checking that its `%SRCROOT%` is `repository`'s work tree and
    /// that it has results.
    private func resultsResolvedAgainst(_ repository: GitRepositoryFolder, sarif: String) throws -> [[String: Any]] {
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let bases = try XCTUnwrap(run["originalUriBaseIds"] as? [String: [String: String]])
        let root = URL(fileURLWithPath: repository.path).resolvingSymlinksInPath().path
        XCTAssertEqual(bases["%SRCROOT%"]?["uri"], "file://\(root)/")
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertFalse(results.isEmpty)
        return results
    }

    /// The artifact location of a SARIF result's first location.
    private func artifactLocation(of result: [String: Any]) -> [String: String]? {
        ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
    }

    func testGitHubAnnotationsNameFilesFromTheRoot() throws {
        let repository = try repository()
        let result = try ToolProcess.run(["scan", "--format", "github", "."], in: repository.path + "/" + subfolder + "/Sources")
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        XCTAssertTrue(
            lines.allSatisfy { $0.contains(" file=Packages/Feature/Sources/ContentView.swift,line=") }, result.stdout)
        // The Xcode format stays relative to the current folder, so a terminal can open the file.
        let xcode = try ToolProcess.run(["scan", "."], in: repository.path + "/" + subfolder + "/Sources")
        XCTAssertTrue(xcode.stdout.hasPrefix("ContentView.swift:"), xcode.stdout)
    }
}
