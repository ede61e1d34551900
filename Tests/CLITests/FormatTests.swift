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
        let shown = try ToolProcess.run(["scan", "--format", "sarif", "--show-kept", "App"], in: golden.path)
        logs.append(("kept shown", shown.stdout))

        for (name, log) in logs {
            XCTAssertFalse(log.isEmpty, name)
            try SchemaValidator.validateSARIF(log, name: name)
        }
        let object = try JSONSerialization.jsonObject(with: Data(logs[0].1.utf8)) as? [String: Any]
        let results = ((object?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        XCTAssertEqual(results.count, 5, "the kept finding is left out")
        XCTAssertEqual(results.filter { $0["fixes"] != nil }.count, 4, "one fix per rewrite")
        XCTAssertTrue(results.allSatisfy { ($0["partialFingerprints"] as? [String: String])?.isEmpty == false })
        let all = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        let allResults = ((all?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        XCTAssertEqual(allResults.compactMap { ($0["properties"] as? [String: Any])?["reasonID"] as? String }, [
            "guard-flag-load/no-identity", "onappear-task/move-into-task", "guard-flag-load/key-on-identity",
            "group-lifecycle/hoist-no-runtime-change", "group-lifecycle/several-members", "group-lifecycle/hoist-no-runtime-change",
        ])
    }

    func testJSONFindingsAreValidAgainstTheFindingsSchema() throws {
        let golden = try Self.goldenCopy()
        for (name, extra) in [("default", [String]()), ("opt-in rules", ["--rules", "group-modifiers,group-redundant,group-lifecycle"])] {
            let scan = try ToolProcess.run(["scan", "--format", "json"] + extra + ["App"], in: golden.path)
            XCTAssertEqual(scan.status, 1, scan.stderr)
            try SchemaValidator.validate(scan.stdout, .findings, name: name)
        }
        let scan = try ToolProcess.run(["scan", "--format", "json", "App"], in: golden.path)
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(records.count, 6, "JSON keeps every finding, kept ones included")
        XCTAssertEqual(records.first?["reasonID"] as? String, "guard-flag-load/no-identity")
        XCTAssertFalse(scan.stderr.contains("checked and left as"), "JSON lists the kept sites: no count line")
    }

    func testTheFindingsSchemaRejectsAFindingWithoutAReasonID() throws {
        let point = #"{"line": 1, "column": 1, "offset": 0}"#
        let record = #"[{"file": "a.swift", "line": 1, "column": 1, "start": \#(point), "end": \#(point), "rule": "group-lifecycle", "message": "m", "action": "keep", "edits": [], "fingerprint": "f"}]"#
        XCTAssertThrowsError(try SchemaValidator.check(record, .findings)) { error in
            XCTAssertTrue("\(error)".contains("'reasonID' is a required property"), "\(error)")
        }
        let valid = record.replacingOccurrences(of: #""edits""#, with: #""reasonID": "group-lifecycle/several-members", "edits""#)
        XCTAssertNoThrow(try SchemaValidator.check(valid, .findings))
        let malformed = record.replacingOccurrences(of: #""edits""#, with: #""reasonID": "several-members", "edits""#)
        XCTAssertThrowsError(try SchemaValidator.check(malformed, .findings), "an id without its rule")
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

/// Validates JSON against the SARIF 2.1.0 schema kept in `fixtures/schemas/` (a copy of the
/// OASIS schema), and against this tool's own `fixtures/schemas/findings.schema.json` (the JSON
/// findings, and the property bag of each SARIF result), with Python's `jsonschema`, run as a
/// process; scripts/test installs it.
enum SchemaValidator {
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    static let schema = RepositoryFiles.root.appendingPathComponent("fixtures/schemas/sarif-schema-2.1.0.json").path
    static let findingsSchema = RepositoryFiles.root.appendingPathComponent("fixtures/schemas/findings.schema.json").path

    /// Which part of a document is checked against which schema.
    enum Target: String {
        /// The whole document against the SARIF schema.
        case sarif
        /// The whole document against the findings schema.
        case findings
        /// Each SARIF result's `properties` against the findings schema's `sarifResultProperties`.
        case sarifResultProperties
    }

    private static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("Python's jsonschema is missing: pip install jsonschema (scripts/test installs it)")
            sys.exit(3)
        schema = json.load(open(sys.argv[1]))
        document = json.load(sys.stdin)
        if sys.argv[2] == "sarifResultProperties":
            part = dict(schema["definitions"]["sarifResultProperties"], definitions=schema["definitions"])
            documents = [r.get("properties") for run in document["runs"] for r in run["results"]]
            validator = jsonschema.Draft4Validator(part)
        else:
            documents = [document]
            validator = jsonschema.Draft4Validator(schema)
        errors = sorted((e for d in documents for e in validator.iter_errors(d)), key=str)
        for error in errors[:5]:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    /// Throws `Invalid` with the first schema errors when `json` is not valid as `target` says.
    static func check(_ json: String, _ target: Target = .sarif) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, target == .sarif ? schema : findingsSchema, target.rawValue]
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

    /// Fails the test, naming the log, when `json` is not a valid SARIF log whose results carry
    /// this tool's properties (the reason id among them).
    static func validateSARIF(_ json: String, name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try validate(json, .sarif, name: name, file: file, line: line)
        try validate(json, .sarifResultProperties, name: name, file: file, line: line)
    }

    /// Fails the test, naming the document, when `json` is not valid as `target` says.
    static func validate(_ json: String, _ target: Target, name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        do {
            try check(json, target)
        } catch let error as Invalid {
            XCTFail("'\(name)' does not validate as \(target.rawValue): \(error)", file: file, line: line)
        }
    }
}
