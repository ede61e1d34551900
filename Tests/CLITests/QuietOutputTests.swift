import Foundation
import XCTest

/// `--quiet` on every command with status output: findings (and patches, reports) and warnings and errors only —
/// no progress, summary table, note, count or result line.
final class QuietOutputTests: XCTestCase {
    /// A repository with a finding to rewrite and a file the run skips (not UTF-8), so there is a warning to keep.
    private func repository() throws -> GitRepositoryFolder {
        let repository = try GitRepositoryFolder()
        try repository.folder.write("App/Latin1.swift", bytes: Array("// caf".utf8) + [0xE9] + Array("\n".utf8))
        try repository.commit(["App/ContentView.swift": Samples.groupLifecycle, "App/PlainView.swift": Samples.clean])
        try repository.git("add", "App/Latin1.swift")
        try repository.git("commit", "-q", "-m", "latin-1")
        return repository
    }

    /// The stderr lines that are neither warnings nor errors.
    private func statusLines(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { !$0.hasPrefix("warning: ") && !$0.hasPrefix("error: ") }
    }

    func testScanAndDiffPrintOnlyFindingsPatchesAndWarnings() throws {
        let repository = try repository()
        let loud = try ToolProcess.run(["scan"], in: repository.path)
        XCTAssertFalse(statusLines(loud.stderr).isEmpty, "the loud run has notes to drop: \(loud.stderr)")
        let scan = try ToolProcess.run(["scan", "--quiet"], in: repository.path)
        XCTAssertEqual(scan.status, 1)
        XCTAssertEqual(scan.stdout, loud.stdout, "the findings are the same")
        XCTAssertEqual(statusLines(scan.stderr), [], scan.stderr)
        XCTAssertTrue(scan.stderr.contains("warning: skipped App/Latin1.swift: not UTF-8 text"), scan.stderr)

        let diff = try ToolProcess.run(["diff", "-q"], in: repository.path)
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertTrue(diff.stdout.hasPrefix("diff --git a/App/ContentView.swift"), diff.stdout)
        XCTAssertEqual(statusLines(diff.stderr), [], diff.stderr)
        XCTAssertTrue(diff.stderr.contains("warning: skipped App/Latin1.swift"), diff.stderr)

        let baseline = try ToolProcess.run(["scan", "--quiet", "--write-baseline", "base.json"], in: repository.path)
        XCTAssertEqual(statusLines(baseline.stderr), [], "no count line: \(baseline.stderr)")
    }

    func testApplyPrintsNoSummaryTableOrResultLine() throws {
        let repository = try repository()
        let apply = try ToolProcess.run(["apply", "--commit", "--quiet"], in: repository.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        XCTAssertEqual(apply.stdout, "")
        XCTAssertEqual(statusLines(apply.stderr), [], apply.stderr)
        XCTAssertEqual(try repository.git("rev-parse", "--abbrev-ref", "HEAD"), "swiftui-migrate/lifecycle\n")
        // Errors still show.
        let again = try ToolProcess.run(["apply", "--commit", "-q", "--branch", "bad..name"], in: repository.path)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.hasPrefix("error: "), again.stderr)
    }

    func testBatchAndReportMergePrintNoProgressOrTable() throws {
        let folder = try BatchRepositories(only: ["findings", "clean"])
        let loud = try ToolProcess.run(["batch", "findings", "clean", "--mode", "diff", "--report", "loud.json"], in: folder.path)
        XCTAssertTrue(loud.stderr.contains("repository"), loud.stderr)
        let batch = try ToolProcess.run(
            ["batch", "findings", "clean", "--mode", "diff", "--quiet", "--report", "r.json"], in: folder.path)
        XCTAssertEqual(batch.status, 1, batch.stderr)
        XCTAssertEqual(batch.stderr, "")
        XCTAssertTrue(batch.stdout.contains("diff --git a/App/ContentView.swift"), batch.stdout)
        let merge = try ToolProcess.run(["report", "merge", "loud.json", "r.json", "--quiet", "--report", "m.json"], in: folder.path)
        XCTAssertEqual(merge.stdout, "")
        XCTAssertEqual(statusLines(merge.stderr), [], merge.stderr)
        XCTAssertTrue(merge.stderr.contains("warning: clean is in loud.json and r.json"), "warnings stay: \(merge.stderr)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path + "/m.json"))
    }
}
