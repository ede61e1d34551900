import Foundation
import XCTest

/// The configuration's include/exclude globs on real repositories, through the CLI: the
/// documentation's example configuration, used as written, takes and leaves what it says;
/// `--force-exclude` skips named files it leaves out; a pattern that matches nothing is named.
final class ConfigurationGlobTests: XCTestCase {
    /// The documentation's example configuration: the first JSON block with an `include` key in
    /// README.md or docs/*.md, as written there.
    static func documentedExample() throws -> String {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
            guard root.path != "/" else { throw XCTSkip("no package root above \(#filePath)") }
        }
        let docs = root.appendingPathComponent("docs")
        let pages = ["README.md"].map { root.appendingPathComponent($0) }
            + ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).sorted()
                .filter { $0.hasSuffix(".md") }.map { docs.appendingPathComponent($0) }
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            for block in text.components(separatedBy: "```json\n").dropFirst() {
                let json = block.components(separatedBy: "```").first ?? ""
                if json.contains("\"include\"") && json.contains("\"exclude\"") { return json }
            }
        }
        XCTFail("no example configuration with include and exclude in README.md or docs/")
        return "{}"
    }

    /// The files of findings in `scan --format json` output.
    private func filesWithFindings(_ result: ToolResult) throws -> Set<String> {
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stdout)
        return Set(findings.compactMap { $0["file"] as? String })
    }

    private func warnings(_ result: ToolResult) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning:") }
    }

    func testTheDocumentedExampleConfigurationIncludesAndExcludesWhatItSays() throws {
        let example = try Self.documentedExample()
        let includes = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(example.utf8)) as? [String: Any])?["include"] as? [String])
        XCTAssertEqual(includes, ["Sources/**"], "the files below are laid out for this example; update them with it")

        let repository = try GitRepositoryFolder()
        let group = Samples.groupLifecycle
        try repository.commit([
            ".swiftui-migrate.json": example,
            "Sources/App/ContentView.swift": group,
            "Sources/Feature/Deep/RowView.swift": group.replacingOccurrences(of: "ContentView", with: "RowView"),
            "Sources/Feature/Generated/ModelView.swift": group,
            "Sources/Generated/TopView.swift": group,
            "Sources/App/API.generated.swift": group,
            "Tests/AppTests/PreviewView.swift": group,
            "ContentView.swift": group,
        ])
        let included: Set = ["Sources/App/ContentView.swift", "Sources/Feature/Deep/RowView.swift"]

        let scan = try ToolProcess.run(["scan", "--format", "json"], in: repository.path)
        XCTAssertEqual(scan.status, 1, scan.stderr)
        XCTAssertEqual(try filesWithFindings(scan), included)
        XCTAssertEqual(warnings(scan), [], "every pattern of the example matches a file here")

        let walked = try ToolProcess.run(["scan", "--format", "json", "--no-git"], in: repository.path)
        XCTAssertEqual(try filesWithFindings(walked), included)

        // apply --no-checkout commits exactly the included files, never an excluded one.
        let applied = try ToolProcess.run(["apply", "--no-checkout"], in: repository.path)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        let changed = try repository.git("diff", "--name-only", "main", "swiftui-migrate/lifecycle")
        XCTAssertEqual(Set(changed.split(separator: "\n").map(String.init)), included)
    }

    /// A repository whose configuration excludes `**/Generated/**`, with a finding in a generated
    /// file and in a hand-written one.
    private func repositoryExcludingGenerated() throws -> GitRepositoryFolder {
        let repository = try GitRepositoryFolder()
        try repository.commit([
            ".swiftui-migrate.json": "{ \"exclude\": [\"**/Generated/**\"] }\n",
            "App/ContentView.swift": Samples.groupLifecycle,
            "App/Generated/ModelView.swift": Samples.groupLifecycle,
        ])
        return repository
    }

    func testNamedFilesAreCheckedUnlessForceExcludeSkipsThoseTheConfigurationExcludes() throws {
        let repository = try repositoryExcludingGenerated()
        let generated = "App/Generated/ModelView.swift"
        let named = try ToolProcess.run(["scan", generated], in: repository.path)
        XCTAssertEqual(named.status, 1, "without --force-exclude a named file is checked: \(named.stderr)")
        XCTAssertTrue(named.stdout.hasPrefix(generated + ":"), named.stdout)

        let forced = try ToolProcess.run(["scan", "--force-exclude", generated], in: repository.path)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(forced.stdout, "")

        let both = try ToolProcess.run(["scan", "--force-exclude", "--format", "json", "App/ContentView.swift", generated], in: repository.path)
        XCTAssertEqual(both.status, 1)
        XCTAssertEqual(try filesWithFindings(both), ["App/ContentView.swift"])

        let diff = try ToolProcess.run(["diff", "--force-exclude", "--exit-code", generated], in: repository.path)
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertEqual(diff.stdout, "")

        let applied = try ToolProcess.run(["apply", "--in-place", "--force-exclude", "App/ContentView.swift", generated], in: repository.path)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try repository.folder.read(generated), Samples.groupLifecycle)
        XCTAssertTrue(try repository.folder.read("App/ContentView.swift").contains("ZStack {"))

        // An editor's buffer: an excluded path gives the text back unchanged.
        let buffer = try ToolProcess.run(
            ["apply", "--stdin-filepath", generated, "--force-exclude"], in: repository.path, stdin: Samples.groupLifecycle)
        XCTAssertEqual(buffer.status, 0, buffer.stderr)
        XCTAssertEqual(buffer.stdout, Samples.groupLifecycle)
        let unforced = try ToolProcess.run(["apply", "--stdin-filepath", generated], in: repository.path, stdin: Samples.groupLifecycle)
        XCTAssertTrue(unforced.stdout.contains("ZStack {"), unforced.stdout)
    }

    func testAPatternThatMatchesNoSwiftFileIsNamedOnce() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit([
            ".swiftui-migrate.json": "{ \"include\": [\"App/**\", \"Sourcse/**\"], \"exclude\": [\"**/Generated/**\", \"App/Old/\"] }\n",
            "App/ContentView.swift": Samples.groupLifecycle,
            "App/Generated/ModelView.swift": Samples.groupLifecycle,
        ])
        let expected = [
            "warning: .swiftui-migrate.json: include pattern \"Sourcse/**\" matches no .swift file",
            "warning: .swiftui-migrate.json: exclude pattern \"App/Old/\" matches no .swift file",
        ]
        for arguments in [["scan"], ["scan", "App/ContentView.swift"], ["diff"], ["scan", "--no-git"]] {
            let result = try ToolProcess.run(arguments, in: repository.path)
            XCTAssertEqual(result.status, arguments[0] == "scan" ? 1 : 0, "\(arguments): \(result.stderr)")
            XCTAssertEqual(warnings(result), expected, "\(arguments)")
        }
        let noCheckout = try ToolProcess.run(["apply", "--no-checkout"], in: repository.path)
        XCTAssertEqual(warnings(noCheckout), expected.map { $0.replacingOccurrences(of: ".swiftui-migrate.json", with: "HEAD:.swiftui-migrate.json") })
    }
}
