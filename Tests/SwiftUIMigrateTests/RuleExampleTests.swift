import SwiftUIMigrate
import XCTest

/// Runs every rule's examples: documentation and tests are the same text.
///
/// Set `SWIFTUI_MIGRATE_TEST_RULES=rule-id` to check only that rule.
final class RuleExampleTests: XCTestCase {
    func testRuleIDsAreKebabCaseAndUnique() {
        var seen: Set<String> = []
        for rule in RuleRegistry.all {
            XCTAssertTrue(RuleExampleVerifier.isKebabCase(rule.id), "rule id '\(rule.id)' is not kebab-case")
            XCTAssertTrue(seen.insert(rule.id).inserted, "rule id '\(rule.id)' is used twice")
            XCTAssertNotNil(RuleRegistry.rule(id: rule.id))
        }
    }

    func testRegistryListsDefaultRulesBeforeOptInRules() {
        let firstOptIn = RuleRegistry.all.firstIndex { !$0.isEnabledByDefault } ?? RuleRegistry.all.endIndex
        XCTAssertTrue(RuleRegistry.all[firstOptIn...].allSatisfy { !$0.isEnabledByDefault }, "\(RuleRegistry.all.map(\.id))")
    }

    func testEveryRuleHasDocumentationAndExamples() {
        for rule in TestedRules.all {
            for failure in RuleExampleVerifier(rule: rule).documentationFailures { XCTFail(failure) }
        }
    }

    func testTriggeringExamplesFindSomethingAtTheirMarkers() {
        for rule in TestedRules.all {
            for failure in RuleExampleVerifier(rule: rule).triggeringFailures { XCTFail(failure.message, file: failure.file, line: failure.line) }
        }
    }

    func testNonTriggeringExamplesFindNothing() {
        for rule in TestedRules.all {
            for failure in RuleExampleVerifier(rule: rule).nonTriggeringFailures { XCTFail(failure.message, file: failure.file, line: failure.line) }
        }
    }

    func testCorrectionsRewriteToAfterAndAreIdempotent() {
        for rule in TestedRules.all {
            for failure in RuleExampleVerifier(rule: rule).correctionFailures { XCTFail(failure.message, file: failure.file, line: failure.line) }
        }
    }
}

/// Checks the example harness itself against test-only rules whose examples
/// are right, and against ones whose examples are wrong in known ways.
final class RuleExampleHarnessTests: XCTestCase {
    private func renameRule(_ examples: RuleExamples) -> ClosureRule {
        var rule = TestRules.rename("onAppear", to: "onDisappear", id: "test-rename")
        rule.isEnabledByDefault = false
        rule.examples = examples
        return rule
    }

    func testCorrectExamplesPass() {
        let rule = renameRule(RuleExamples(
            triggering: [
                RuleExample("Text(\"a\")\n    .↓onAppear {}\n"),
                RuleExample("let x = 1; x.↓onAppear(); y.↓onAppear()"),
                RuleExample("a.onAppear()"),
            ],
            nonTriggering: [RuleExample("Text(\"a\").task {}")],
            corrections: [RuleCorrection("x.onAppear()\n", "x.onDisappear()\n")]))
        XCTAssertEqual(RuleExampleVerifier(rule: rule).allFailures, [])
    }

    func testMarkersAreStrippedAndPositionsComputedInUTF8Columns() {
        let markers = ExampleMarkers(parsing: "let é = 1\n  ↓a.b(↓)\r\nx↓")
        XCTAssertEqual(markers.code, "let é = 1\n  a.b()\r\nx")
        XCTAssertEqual(markers.positions, [.init(line: 2, column: 3), .init(line: 2, column: 7), .init(line: 3, column: 2)])
    }

    func testWrongMarkerIsReported() {
        let written = #line + 2
        let rule = renameRule(RuleExamples(
            triggering: [RuleExample("↓x.onAppear()")], nonTriggering: [RuleExample("x")],
            corrections: [RuleCorrection("x.onAppear()", "x.onDisappear()")]))
        let failures = RuleExampleVerifier(rule: rule).triggeringFailures
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.message.contains("findings at [1:3] but ↓ markers at [1:1]") ?? false, "\(failures)")
        // Reported where the example is written, so Xcode and the test log point at it.
        XCTAssertEqual(failures.first.map { Int($0.line) }, written)
        XCTAssertEqual(failures.first.map { "\($0.file)" }, "\(#filePath)")
    }

    func testADuplicateFindingIsReported() {
        var rule = TestRules.reportCalls("onAppear", id: "twice")
        let once = rule.body
        rule.body = { context, id in once(context, id) + once(context, id) }
        rule.examples = RuleExamples(
            triggering: [RuleExample("x.↓onAppear()"), RuleExample("x.↓↓onAppear()")], nonTriggering: [RuleExample("x")],
            corrections: [])
        let failures = RuleExampleVerifier(rule: rule).triggeringFailures
        XCTAssertEqual(failures.count, 3, "\(failures)")
        // The rule's own output shows the duplicate in both examples; the engine reports the place once.
        XCTAssertEqual(failures.filter { $0.message.contains("the rule reports 1:3 twice") }.count, 2, "\(failures)")
        XCTAssertTrue(failures.contains { $0.message.contains("findings at [1:3] but ↓ markers at [1:3, 1:3]") }, "\(failures)")
    }

    func testTriggeringExampleWithoutFindingIsReported() {
        let rule = renameRule(RuleExamples(
            triggering: [RuleExample("x.task()")], nonTriggering: [RuleExample("x")],
            corrections: [RuleCorrection("x.onAppear()", "x.onDisappear()")]))
        XCTAssertEqual(RuleExampleVerifier(rule: rule).triggeringFailures.count, 1)
    }

    func testTriggeringNonTriggeringExampleIsReported() {
        let rule = renameRule(RuleExamples(
            triggering: [RuleExample("x.onAppear()")], nonTriggering: [RuleExample("x.onAppear()")],
            corrections: [RuleCorrection("x.onAppear()", "x.onDisappear()")]))
        let failures = RuleExampleVerifier(rule: rule).nonTriggeringFailures
        XCTAssertEqual(failures.count, 2, "a finding and a changed text: \(failures)")
    }

    func testWrongAfterIsReported() {
        let rule = renameRule(RuleExamples(
            triggering: [RuleExample("x.onAppear()")], nonTriggering: [RuleExample("x")],
            corrections: [RuleCorrection("x.onAppear()\n", "x.onDisappear() \n"), RuleCorrection("x", "x")]))
        let failures = RuleExampleVerifier(rule: rule).correctionFailures
        XCTAssertEqual(failures.count, 2, "\(failures)")
        XCTAssertTrue(failures.first?.message.contains("differs from `after`") ?? false)
        XCTAssertTrue(failures.last?.message.contains("same text") ?? false)
    }

    func testNonIdempotentRewriteIsReported() {
        var rule = TestRules.neverSettles(id: "test-spin")
        rule.examples = RuleExamples(
            triggering: [RuleExample("let spin = 1")], nonTriggering: [RuleExample("x")],
            corrections: [RuleCorrection("let spin = 1", "let spinx = 1")])
        let verifier = RuleExampleVerifier(rule: rule)
        XCTAssertFalse(verifier.triggeringFailures.isEmpty, "the never-settling rule gives an internal error")
        XCTAssertFalse(verifier.correctionFailures.isEmpty)
    }

    func testMissingDocumentationAndExamplesAreReported() {
        var rule = renameRule(RuleExamples(triggering: [], nonTriggering: [], corrections: []))
        rule.id = "Bad_Id"
        rule.documentation = RuleDocumentation(summary: " ", detects: "x", fix: "", safety: "y")
        XCTAssertEqual(RuleExampleVerifier(rule: rule).documentationFailures.count, 6)
    }

    func testKebabCase() {
        for good in ["group-lifecycle", "a", "onappear-task", "rule2-x"] { XCTAssertTrue(RuleExampleVerifier.isKebabCase(good), good) }
        for bad in ["", "Group", "group_lifecycle", "group--x", "-x", "x-", "2x", "grüße"] {
            XCTAssertFalse(RuleExampleVerifier.isKebabCase(bad), bad)
        }
    }
}
