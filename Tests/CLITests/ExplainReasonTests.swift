import Foundation
import XCTest

/// `explain` answers every id a finding shows: users copy a finding's reasonID and ask.
final class ExplainReasonTests: XCTestCase {
    func testExplainAnswersAReasonIDOfTheRulesOwnOfItsFamilyAndOfTheRun() throws {
        for (id, action) in [("onappear-task/nested-task", "skip"), ("onappear-task/sentinel-host", "keep"),
                             ("guard-flag-load/sentinel-host", "keep"), ("group-lifecycle/changes-runtime", "keep")] {
            let result = try ToolProcess.run(["explain", id], environment: ["COLUMNS": "100"])
            XCTAssertEqual(result.status, 0, "\(id): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix("- \(id) (\(action)): "), result.stdout)
            let rule = String(id.prefix { $0 != "/" })
            XCTAssertTrue(result.stdout.contains("`swiftui-migrate explain \(rule)`"), result.stdout)
        }
        let family = try ToolProcess.run(["explain", "onappear-task/sentinel-host"])
        XCTAssertTrue(family.stdout.contains("`swiftui-migrate explain task-move`"), family.stdout)
        let misspelt = try ToolProcess.run(["explain", "onappear-task/nested-tsk"])
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertTrue(misspelt.stderr.hasPrefix(
            "error: unknown rule or reason 'onappear-task/nested-tsk'; did you mean 'onappear-task/nested-task'?"), misspelt.stderr)
    }

    /// Every reasonID `scan --format json --show-kept` gives on the project's fixtures, every rule on.
    func testExplainAnswersEveryReasonIDTheFixturesFindingsShow() throws {
        let root = RepositoryFiles.root.path
        let folders = FindingRangeTests.allRules.split(separator: ",").map { "fixtures/\($0)" }
        let scan = try ToolProcess.run(
            ["scan", "--format", "json", "--show-kept", "--rules", FindingRangeTests.allRules] + folders, in: root)
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [[String: Any]], scan.stderr)
        let ids = Set(records.compactMap { $0["reasonID"] as? String })
        XCTAssertGreaterThan(ids.count, 60, "the fixtures give many decisions")
        for id in ids.sorted() {
            let result = try ToolProcess.run(["explain", id])
            XCTAssertEqual(result.status, 0, "\(id): \(result.stderr)")
            XCTAssertTrue(result.stdout.hasPrefix("- \(id) ("), "\(id): \(result.stdout)")
        }
    }
}
