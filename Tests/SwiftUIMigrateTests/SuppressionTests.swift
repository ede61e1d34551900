@testable import SwiftUIMigrate
import XCTest

/// `// swiftui-migrate:` comments silence findings, by rule or for all rules.
final class SuppressionTests: XCTestCase {
    private let reporter = TestRules.reportCalls("onAppear", id: "report-calls")
    private let other = TestRules.reportCalls("onAppear", id: "other-rule")

    /// The lines of the findings of each rule, for `source`.
    private func lines(_ source: String, rules: [any Rule]? = nil) -> [String: [Int]] {
        let migration = MigrationEngine(configuration: Configuration(), rules: rules ?? [reporter, other]).migrate(source: source).migration
        return Dictionary(grouping: migration.findings, by: \.ruleID).mapValues { $0.map(\.line) }
    }

    func testDisableNextLineWithAndWithoutRuleNames() {
        let source = """
            // swiftui-migrate:disable-next-line report-calls
            a.onAppear()
            b.onAppear()
            // swiftui-migrate:disable-next-line
            c.onAppear()
            // swiftui-migrate:disable-next-line all
            d.onAppear()
            e.onAppear() // swiftui-migrate:disable-next-line other-rule, report-calls
            f.onAppear()
            """
        XCTAssertEqual(lines(source), ["report-calls": [3, 8], "other-rule": [2, 3, 8]])
    }

    func testDisableEnableRegion() {
        let source = """
            a.onAppear()
            // swiftui-migrate:disable report-calls
            b.onAppear()
            c.onAppear()
            // swiftui-migrate:enable report-calls
            d.onAppear()
            // swiftui-migrate:disable
            e.onAppear()
            // swiftui-migrate:enable
            f.onAppear()
            """
        XCTAssertEqual(lines(source), ["report-calls": [1, 6, 10], "other-rule": [1, 3, 4, 6, 10]])
    }

    func testEnableWithoutRuleNamesEndsNamedRegions() {
        let source = """
            // swiftui-migrate:disable report-calls
            a.onAppear()
            // swiftui-migrate:enable
            b.onAppear()
            """
        XCTAssertEqual(lines(source), ["report-calls": [4], "other-rule": [2, 4]])
    }

    func testRegionWithoutEnableRunsToTheEndOfTheFile() {
        let source = "a.onAppear()\n// swiftui-migrate:disable other-rule\nb.onAppear()\n\nc.onAppear()\n"
        XCTAssertEqual(lines(source), ["report-calls": [1, 3, 5], "other-rule": [1]])
    }

    func testDisableFile() {
        let named = "a.onAppear()\n\n// swiftui-migrate:disable-file report-calls\nb.onAppear()\n"
        XCTAssertEqual(lines(named), ["other-rule": [1, 4]])
        let all = "// swiftui-migrate:disable-file\na.onAppear()\n"
        XCTAssertEqual(lines(all), [:])
    }

    func testDirectiveOutsideACommentIsIgnored() {
        let source = "let s = \"swiftui-migrate:disable-file\"\na.onAppear()\n"
        XCTAssertEqual(lines(source), ["report-calls": [2], "other-rule": [2]])
    }

    func testSuppressedRewritesAreNotApplied() {
        let rename = TestRules.rename("onAppear", to: "task", id: "rename")
        let source = "// swiftui-migrate:disable-next-line rename\na.onAppear()\r\nb.onAppear()\r\n"
        let (text, migration) = MigrationEngine(configuration: Configuration(), rules: [rename]).migrate(source: source)
        XCTAssertEqual(text, "// swiftui-migrate:disable-next-line rename\na.onAppear()\r\nb.task()\r\n")
        XCTAssertEqual(migration.findings.map(\.line), [3])
    }

    func testSuppressionAppliesToFindingsOfLaterPasses() {
        // The rename makes `beta`, which the reporter sees only in pass 2, on a suppressed line.
        let reporter = ClosureRule(id: "reporter", triggerWords: ["beta"]) { context, id in
            context.tree.tokens(viewMode: .sourceAccurate).filter { $0.text == "beta" }
                .map { context.finding(id, at: $0, message: "saw beta", action: .report) }
        }
        let source = "let a = alpha\n// swiftui-migrate:disable-next-line reporter\nlet b = alpha\n"
        let migration = MigrationEngine(configuration: Configuration(), rules: [TestRules.rename("alpha", to: "beta"), reporter])
            .migrate(source: source).migration
        XCTAssertEqual(migration.findings.filter { $0.ruleID == "reporter" }.map(\.line), [1])
    }

    func testDirectivesWorkInCRLFFiles() {
        let source = "a.onAppear()\r\n// swiftui-migrate:disable-next-line report-calls\r\nb.onAppear()\r\nc.onAppear()\r\n"
        XCTAssertEqual(lines(source), ["report-calls": [1, 4], "other-rule": [1, 3, 4]])
    }

    func testSuppressionParsesDirectly() {
        let suppression = Suppression(bytes: Array("x\n// swiftui-migrate:disable-this-line a\r\n".utf8))
        XCTAssertTrue(suppression.silences(rule: "a", line: 2))
        XCTAssertFalse(suppression.silences(rule: "b", line: 2))
        XCTAssertFalse(suppression.silences(rule: "a", line: 1))
        XCTAssertFalse(Suppression(bytes: Array("let x = 1".utf8)).silences(rule: "a", line: 1))
    }
}
