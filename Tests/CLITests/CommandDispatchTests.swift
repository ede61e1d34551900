import ArgumentParsing
import XCTest

@testable import SwiftUIMigrateCLI

/// Commands are found by their spec's name and typed from it: each listed command runs itself,
/// and an option's default comes from the spec alone.
final class CommandDispatchTests: XCTestCase {
    func testEveryCommandIsListedOnceAndEveryNameIsUnique() {
        let names = CLI.commands.map { $0.spec.name }
        XCTAssertEqual(Set(names).count, names.count, "\(names)")
        XCTAssertEqual(Set(names), ["scan", "diff", "apply", "batch", "report", "rules", "explain", "init", "completion", "lsp", "mcp"])
    }

    func testEachCommandRunsItselfNotExplain() throws {
        // Before dispatch came from the spec, a command missing from a switch ran `explain`, whose
        // error for these arguments would be "unknown rule".
        let folder = try TemporaryFolder()
        let rules = try ToolProcess.run(["rules"], in: folder.path)
        XCTAssertTrue(rules.stdout.hasPrefix("group-lifecycle"), rules.stdout)
        let initialized = try ToolProcess.run(["init"], in: folder.path)
        XCTAssertEqual(initialized.status, 0, initialized.stderr)
        XCTAssertTrue(initialized.stdout.hasPrefix("wrote .swiftui-migrate.json"), initialized.stdout)
        let report = try ToolProcess.run(["report", "merge", "missing.json"], in: folder.path)
        XCTAssertFalse(report.stderr.contains("unknown rule"), report.stderr)
    }

    func testTheBranchDefaultComesFromTheSpec() throws {
        for spec in [ApplyCommand.spec, BatchCommand.spec] {
            let parsed = try ArgumentParser.parse([], for: spec)
            XCTAssertEqual(try CommitSettings(parsed).branch, spec.options.first { $0.name == "branch" }?.defaultValue)
        }
        let given = try ArgumentParser.parse(["--branch", "mine"], for: ApplyCommand.spec)
        XCTAssertEqual(try CommitSettings(given).branch, "mine")
    }

    func testRulesAreCheckedOnceWhenTheOptionsAreRead() throws {
        let parsed = try ArgumentParser.parse(["--rules", "group-lifecycle,nope"], for: ScanCommand.spec)
        XCTAssertThrowsError(try MigrationOptions(parsed)) { error in
            XCTAssertEqual("\(error)", "unknown rule 'nope' (see 'swiftui-migrate rules')")
        }
        let valid = try MigrationOptions(try ArgumentParser.parse(["--rules", "group-lifecycle, onappear-task"], for: ScanCommand.spec))
        XCTAssertEqual(valid.rules, ["group-lifecycle", "onappear-task"])
    }
}
