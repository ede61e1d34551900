import Foundation
import XCTest

/// `scan --format`: xcode, github and markdown output against golden files, every SARIF log
/// against the official SARIF 2.1.0 schema, and the JSON records' hunks.
///
/// The golden project is `fixtures/golden-project/App`; its expected outputs are in
/// `fixtures/golden-project/expected/`. Run with SWIFTUI_MIGRATE_UPDATE_GOLDEN=1 to rewrite them
/// (then review the diff).
final class FormatTests: XCTestCase {
    /// A copy of the golden project's `App` folder in a temporary folder (outside any git
    /// repository, so every file is scanned whether or not it is committed).
    static func goldenCopy() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let source = RepositoryFiles.root.appendingPathComponent("fixtures/golden-project/App")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".swift") {
            try folder.write("App/" + name, bytes: Array(try Data(contentsOf: source.appendingPathComponent(name))))
        }
        return folder
    }

    private func assertGolden(_ arguments: [String], expected name: String, status: Int32 = 1,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = try Self.goldenCopy()
        let result = try ToolProcess.run(arguments + ["App"], in: folder.path)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        let goldenPath = RepositoryFiles.root.appendingPathComponent("fixtures/golden-project/expected/" + name).path
        if ProcessInfo.processInfo.environment["SWIFTUI_MIGRATE_UPDATE_GOLDEN"] == "1" {
            try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: goldenPath))
        }
        let expected = try String(contentsOfFile: goldenPath, encoding: .utf8)
        XCTAssertEqual(result.stdout, expected, "\(name) differs; SWIFTUI_MIGRATE_UPDATE_GOLDEN=1 rewrites it", file: file, line: line)
    }

    func testXcodeOutputMatchesGolden() throws {
        try assertGolden(["scan"], expected: "scan.xcode.txt")
        try assertGolden(["scan", "--format", "xcode"], expected: "scan.xcode.txt")
    }

    func testGitHubOutputMatchesGolden() throws {
        try assertGolden(["scan", "--format", "github"], expected: "scan.github.txt")
    }

    func testMarkdownOutputMatchesGolden() throws {
        try assertGolden(["scan", "--format", "markdown"], expected: "scan.markdown.md")
    }

    func testGitHubColumnsCountCharactersAndPropertiesAreEscaped() throws {
        let folder = try Self.goldenCopy()
        try FileManager.default.moveItem(atPath: folder.path + "/App/ShelfView.swift", toPath: folder.path + "/App/Shelf, v2.swift")
        let result = try ToolProcess.run(["scan", "--format", "github", "App"], in: folder.path)
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("Shelf%2C v2.swift") }
        XCTAssertEqual(lines.count, 3, result.stdout)
        // Line 30 has "Café – Menü" before the Group: 47 bytes in, 43 characters in.
        XCTAssertTrue(lines.contains { $0.hasPrefix("::warning file=App/Shelf%2C v2.swift,line=30,col=43,") }, result.stdout)
        XCTAssertTrue(result.stdout.contains("title=swiftui-migrate%3A group-lifecycle::"), result.stdout)
    }

    func testEverySARIFLogIsValidAgainstTheOfficialSchema() throws {
        var logs: [(String, String)] = []
        let golden = try Self.goldenCopy()
        let scan = try ToolProcess.run(["scan", "--format", "sarif", "App"], in: golden.path)
        XCTAssertEqual(scan.status, 1, scan.stderr)
        logs.append(("golden project", scan.stdout))
        for (name, extra) in [
            ("only preserving", ["--only", "preserving"]),
            ("opt-in rules", ["--rules", "group-modifiers,group-redundant,group-lifecycle"]),
            ("strategy report", ["--strategy", "report"]),
        ] {
            logs.append((name, try ToolProcess.run(["scan", "--format", "sarif"] + extra + ["App"], in: golden.path).stdout))
        }
        let clean = try TemporaryFolder()
        try clean.write("PlainView.swift", Samples.clean)
        try clean.write("Broken.swift", "import SwiftUI\nstruct A: View { var body: some View { Group { Text(\"x\") }.onAppear { f( } }\n")
        logs.append(("syntax errors", try ToolProcess.run(["scan", "--format", "sarif", "."], in: clean.path).stdout))
        try FileManager.default.removeItem(atPath: clean.path + "/Broken.swift")
        logs.append(("no findings", try ToolProcess.run(["scan", "--format", "sarif", "."], in: clean.path).stdout))
        let written = try ToolProcess.run(["scan", "--format", "sarif", "--write-baseline", "base.json", "App"], in: golden.path)
        logs.append(("all baselined", written.stdout))

        for (name, log) in logs {
            XCTAssertFalse(log.isEmpty, name)
            try SchemaValidator.validateSARIF(log, name: name)
        }
        let object = try JSONSerialization.jsonObject(with: Data(logs[0].1.utf8)) as? [String: Any]
        let results = ((object?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        XCTAssertEqual(results.count, 6)
        XCTAssertEqual(results.filter { $0["fixes"] != nil }.count, 4, "one fix per rewrite")
        XCTAssertTrue(results.allSatisfy { ($0["partialFingerprints"] as? [String: String])?.isEmpty == false })
    }

    func testSchemaValidationCatchesAnInvalidLog() throws {
        XCTAssertThrowsError(try SchemaValidator.check(#"{"version": "2.1.0", "runs": [{"results": []}]}"#)) { error in
            XCTAssertTrue("\(error)".contains("'tool' is a required property"), "\(error)")
        }
    }

    func testJSONRecordsCarryTheirOwnHunkAndFingerprint() throws {
        let golden = try Self.goldenCopy()
        let result = try ToolProcess.run(["scan", "--format", "json", "App/ShelfView.swift"], in: golden.path)
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(records.map { $0["line"] as? Int }, [11, 22, 30])
        XCTAssertEqual(records[0]["hunk"] as? String, """
            @@ -8,7 +8,7 @@ struct ShelfView: View {
             
                 var body: some View {
                     VStack {
            -            Group {
            +            ZStack {
                             if isLoading {
                                 ProgressView()
                             } else {

            """)
        XCTAssertNil(records[1]["hunk"], "a reported finding has no fix")
        let last = try XCTUnwrap(records[2]["hunk"] as? String)
        XCTAssertFalse(last.contains("-            Group {"), "only this finding's own edits: \(last)")
        XCTAssertTrue(last.contains("+            HStack { Text(\"Café – Menü\"); ZStack {"), last)
        XCTAssertTrue(records.allSatisfy { ($0["fingerprint"] as? String)?.count == 16 })

        let apply = try ToolProcess.run(["apply", "--in-place", "--format", "json", "App/ShelfView.swift"], in: golden.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        let applied = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(apply.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(applied.first?["hunk"] as? String, records[0]["hunk"] as? String)
    }
}

/// Files of this package, found from this source file's path.
enum RepositoryFiles {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url = url.deletingLastPathComponent()
        }
        return url
    }()
}

/// Validates JSON against a schema kept in `fixtures/schemas/` (the SARIF 2.1.0 schema, a copy of
/// the OASIS one, or the findings schema of `--format json`) with Python's `jsonschema`, run as
/// a process; scripts/test installs it.
enum SchemaValidator {
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    static let schema = RepositoryFiles.root.appendingPathComponent("fixtures/schemas/sarif-schema-2.1.0.json").path
    /// The schema of the JSON findings (`scan --format json`).
    static let findingsSchema = RepositoryFiles.root.appendingPathComponent("fixtures/schemas/findings.schema.json").path

    private static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("Python's jsonschema is missing: pip install jsonschema (scripts/test installs it)")
            sys.exit(3)
        schema = json.load(open(sys.argv[1]))
        errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(json.load(sys.stdin)), key=str)
        for error in errors[:5]:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    /// Throws `Invalid` with the first schema errors when `json` does not validate against
    /// `schema` (the SARIF schema unless named).
    static func check(_ json: String, schema: String = schema) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, schema]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(json.utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw Invalid(description: text) }
    }

    /// Fails the test, naming the log, when `json` is not a valid SARIF log.
    static func validateSARIF(_ json: String, name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        do {
            try check(json)
        } catch let error as Invalid {
            XCTFail("SARIF log '\(name)' does not validate: \(error)", file: file, line: line)
        }
    }
}
