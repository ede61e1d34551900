import Foundation
import XCTest

/// `apply` in its git modes, run as a process on real repositories and checked with the git CLI.
final class ApplyCommandTests: XCTestCase {
    private func repositoryWithFinding() throws -> GitRepositoryFolder {
        let repository = try GitRepositoryFolder()
        try repository.commit(["App/ContentView.swift": Samples.groupLifecycle, "App/PlainView.swift": Samples.clean])
        return repository
    }

    func testStageModeCreatesTheBranchAndStagesExactlyTheChangedFiles() throws {
        let repository = try repositoryWithFinding()
        try repository.folder.write("notes.txt", "untracked\n")
        let result = try ToolProcess.run(["apply", "--summary", "summary.md"], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("staged 1 file on branch 'swiftui-migrate/lifecycle'"), result.stderr)
        XCTAssertEqual(try repository.git("rev-parse", "--abbrev-ref", "HEAD"), "swiftui-migrate/lifecycle\n")
        XCTAssertEqual(try repository.git("diff", "--cached", "--name-only"), "App/ContentView.swift\n")
        XCTAssertEqual(try repository.git("status", "--porcelain"), "M  App/ContentView.swift\n?? notes.txt\n?? summary.md\n")
        XCTAssertTrue(try repository.folder.read("App/ContentView.swift").contains("ZStack {"))
        XCTAssertTrue(try repository.folder.read("summary.md").contains("| `App/ContentView.swift` | 7 | `group-lifecycle` | rewritten | behavior-change |"))
    }

    func testCommitWritesTheSummaryAndTrailers() throws {
        let repository = try repositoryWithFinding()
        let result = try ToolProcess.run(["apply", "--commit", "--message", "Migrate lifecycle"], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let message = try repository.git("log", "-1", "--format=%B")
        XCTAssertTrue(message.hasPrefix("Migrate lifecycle\n\nswiftui-migrate 0.1.0 rewrote 1 lifecycle site in 1 file:\n\n- group-lifecycle: 1 site (behavior-change)\n"), message)
        XCTAssertTrue(message.contains("Migrated-by: swiftui-migrate "), message)
        XCTAssertTrue(message.contains("Migration-strategy: auto"), message)
        XCTAssertEqual(try repository.git("log", "-1", "--format=%an <%ae>"), "Test Author <author@example.com>\n")
        XCTAssertEqual(try repository.git("status", "--porcelain"), "")
    }

    func testNoCheckoutLeavesTheCheckoutAloneAndIsAlreadyAppliedTheSecondTime() throws {
        let repository = try repositoryWithFinding()
        try repository.folder.write("App/PlainView.swift", Samples.clean + "// dirty\n")
        let before = try repository.snapshot()
        let head = try repository.git("rev-parse", "HEAD")
        let first = try ToolProcess.run(["apply", "--no-checkout", "--format", "json"], in: repository.path)
        XCTAssertEqual(first.status, 0, first.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["result"] as? String, "committed")
        XCTAssertEqual(json["changedPaths"] as? [String], ["App/ContentView.swift"])
        // The findings are the records scan --format json writes, each rewrite with its hunk.
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        let rewrite = try XCTUnwrap(findings.first { $0["action"] as? String == "rewrite" })
        XCTAssertTrue((rewrite["hunk"] as? String)?.contains("+        ZStack {") ?? false, "\(rewrite)")
        XCTAssertEqual(try repository.git("rev-parse", "HEAD"), head)
        var after = try repository.snapshot()
        after["\(".git/refs/heads/swiftui-migrate/lifecycle")"] = nil
        XCTAssertEqual(after, before)
        let migrated = try repository.git("show", "swiftui-migrate/lifecycle:App/ContentView.swift")
        XCTAssertTrue(migrated.contains("ZStack {"), migrated)
        XCTAssertEqual(try repository.git("rev-parse", "swiftui-migrate/lifecycle^"), head)

        let second = try ToolProcess.run(["apply", "--no-checkout"], in: repository.path)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("already applied"), second.stderr)
    }

    func testRefusalsChangeNothingAndExitTwo() throws {
        let repository = try repositoryWithFinding()
        try repository.folder.write("App/ContentView.swift", Samples.groupLifecycle + "// edited\n")
        let cases: [([String], String)] = [
            (["apply"], "error: uncommitted changes in files to migrate"),
            (["apply", "--in-place", "--commit"], "error: --in-place writes no git state"),
            (["apply", "--branch", "bad..name"], "error: 'bad..name' is not a valid branch name"),
            (["apply", "/"], "error: "),
        ]
        for (arguments, prefix) in cases {
            let before = try repository.snapshot()
            let result = try ToolProcess.run(arguments, in: repository.path)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(prefix), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try repository.snapshot(), before, "\(arguments) changed the repository")
        }
        try repository.git("branch", "swiftui-migrate/lifecycle")
        try repository.git("checkout", "-q", "--", "App/ContentView.swift")
        let before = try repository.snapshot()
        let exists = try ToolProcess.run(["apply"], in: repository.path)
        XCTAssertEqual(exists.status, 2)
        XCTAssertTrue(exists.stderr.contains("branch 'swiftui-migrate/lifecycle' already exists"), exists.stderr)
        XCTAssertEqual(try repository.snapshot(), before)
    }

    func testHeldIndexLockIsReportedAndLeftInPlace() throws {
        let repository = try repositoryWithFinding()
        try repository.folder.write(".git/index.lock", "")
        let before = try repository.snapshot()
        let result = try ToolProcess.run(["apply"], in: repository.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("error: the index is locked"), result.stderr)
        XCTAssertEqual(try repository.snapshot(), before)
    }

    func testOutsideARepositoryIsAClearError() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", Samples.groupLifecycle)
        let result = try ToolProcess.run(["apply", "."], in: folder.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("error: not a git repository"), result.stderr)
        XCTAssertEqual(try folder.read("ContentView.swift"), Samples.groupLifecycle)
    }
}
