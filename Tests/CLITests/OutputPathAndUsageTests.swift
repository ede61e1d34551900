import Foundation
import XCTest

/// Small things a user trips on, each run as a process: an empty `--message` is a usage error; `batch` with no
/// repository exits 2; an output path that cannot be written fails before anything is written; `report merge`
/// names a bad file and says why in words, not Swift's.
final class OutputPathAndUsageTests: XCTestCase {
    private func repositoryWithFinding() throws -> GitRepositoryFolder {
        let repository = try GitRepositoryFolder()
        try repository.commit(["App/ContentView.swift": Samples.groupLifecycle, "App/PlainView.swift": Samples.clean])
        return repository
    }

    /// Asserts a one-line error with exit status 2 and returns the line.
    @discardableResult
    private func assertOneLineError(_ result: ToolResult, file: StaticString = #filePath, line: UInt = #line) -> String {
        XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("error: "), result.stderr, file: file, line: line)
        XCTAssertFalse(result.stderr.contains("DecodingError") || result.stderr.contains("Debug description"),
                       result.stderr, file: file, line: line)
        return String(lines.first ?? "")
    }

    func testAnEmptyCommitMessageIsAUsageError() throws {
        let repository = try repositoryWithFinding()
        let before = try repository.snapshot()
        for message in ["", "   "] {
            for arguments in [["apply", "--commit", "--message", message], ["apply", "--no-checkout", "--message=" + message]] {
                let error = assertOneLineError(try ToolProcess.run(arguments, in: repository.path))
                XCTAssertEqual(error, "error: --message needs text: a commit's title cannot be empty (see 'swiftui-migrate apply --help')")
            }
        }
        XCTAssertEqual(try repository.snapshot(), before)
    }

    func testBatchWithNoRepositoryExitsTwo() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/EMPTY", withIntermediateDirectories: true)
        try folder.write("EMPTY/notes/readme.txt", "not a repository\n")
        let error = assertOneLineError(try ToolProcess.run(["batch", "--root", "EMPTY"], in: folder.path))
        XCTAssertEqual(error, "error: no repository to run: no git repository directly under EMPTY")
        try folder.write("repos.txt", "# nothing yet\n")
        assertOneLineError(try ToolProcess.run(["batch", "--repos", "repos.txt", "--mode", "apply"], in: folder.path))
    }

    func testAnOutputPathThatCannotBeWrittenFailsBeforeAnythingIsWritten() throws {
        let repository = try repositoryWithFinding()
        try repository.folder.write("notes.txt", "a file, not a folder\n")
        let before = try repository.snapshot()
        let cases: [([String], String)] = [
            (["apply", "--commit", "--summary", "missing/summary.md"], "error: --summary missing/summary.md: no such folder missing"),
            (["apply", "--summary", "App"], "error: --summary App: it is a folder; name a file"),
            (["apply", "--in-place", "--summary", "notes.txt/summary.md"], "error: --summary notes.txt/summary.md: notes.txt is not a folder"),
            (["batch", ".", "--mode", "apply", "--report", "missing/report.json"], "error: --report missing/report.json: no such folder missing"),
            (["batch", ".", "--mode", "apply", "--summary", "App"], "error: --summary App: it is a folder; name a file"),
            (["batch", ".", "--mode", "apply", "--pr-body-dir", "notes.txt"], "error: --pr-body-dir notes.txt: it is a file, not a folder"),
            (["batch", ".", "--mode", "apply", "--pr-body-dir", "notes.txt/bodies"], "error: --pr-body-dir notes.txt/bodies: notes.txt is not a folder"),
            (["report", "merge", "a.json", "b.json", "--summary", "missing/s.md"], "error: --summary missing/s.md: no such folder missing"),
        ]
        for (arguments, expected) in cases {
            let error = assertOneLineError(try ToolProcess.run(arguments, in: repository.path))
            XCTAssertEqual(error, expected, arguments.joined(separator: " "))
            XCTAssertEqual(try repository.snapshot(), before, "\(arguments.joined(separator: " ")) changed the repository")
        }
        // A folder that does not exist yet is fine for --pr-body-dir when a folder above it takes new files.
        let made = try ToolProcess.run(["batch", ".", "--mode", "apply", "--pr-body-dir", "out/bodies"], in: repository.path)
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: repository.path + "/out/bodies/repository.md"), made.stderr)
    }

    func testReportMergeNamesTheBadFileAndWhy() throws {
        let folder = try BatchRepositories(only: ["findings"])
        let good = try ToolProcess.run(["batch", "findings", "--report", "good.json"], in: folder.path)
        XCTAssertEqual(good.status, 1, good.stderr)
        try folder.root.write("syntax.json", "{\n  \"version\": 1,\n  \"mode\" \"scan\"\n}\n")
        try folder.root.write("other.json", "{\"tool\": \"swiftlint\"}\n")
        try folder.root.write("wrong.json", "{\"version\": \"one\"}\n")
        let cases: [(String, String)] = [
            ("syntax.json", "error: syntax.json:3:10: not a batch report: not valid JSON: expected ':' after an object key, found '\"'"),
            ("other.json", "error: other.json is not a batch report: it has no 'version' (write one with 'swiftui-migrate batch --report FILE')"),
            ("wrong.json", "error: wrong.json is not a batch report: 'version' is not a number (write one with 'swiftui-migrate batch --report FILE')"),
            ("missing.json", "error: cannot read the report missing.json: no such file"),
            ("findings", "error: cannot read the report findings: it is a folder"),
        ]
        for (bad, expected) in cases {
            let error = assertOneLineError(try ToolProcess.run(["report", "merge", "good.json", bad], in: folder.path))
            XCTAssertEqual(error, expected)
        }
    }
}
