@testable import SwiftUIMigrate
import XCTest

/// The rule written only by following docs/adding-a-rule.md (`test-onappear-empty`): the checks every
/// shipped rule passes — its examples, its catalog, its examples type-checked — run over it by the same
/// functions, and its decisions beyond its examples, as the page says to test them.
final class DocumentedRuleTests: XCTestCase {
    private let rule = EmptyOnAppearRule()

    func testIsNotShipped() {
        XCTAssertNil(RuleRegistry.rule(id: rule.id))
        XCTAssertFalse(rule.isEnabledByDefault)
    }

    func testPassesTheExampleChecks() {
        let verifier = RuleExampleVerifier(rule: rule)
        XCTAssertEqual(verifier.documentationFailures, [])
        for failure in verifier.triggeringFailures + verifier.nonTriggeringFailures + verifier.correctionFailures {
            XCTFail(failure.message, file: failure.file, line: failure.line)
        }
    }

    func testPassesTheCatalogChecks() throws {
        try ReasonCatalogTests.assertCatalogHolds(for: rule)
        // Every decision of its own is made by an example (the run's declines are the engine's, checked once).
        XCTAssertEqual(try ReasonCatalogTests.unproducedReasons(of: rule), [])
        let counts = try ReasonCatalogTests.assertHeadlinesFit(rule)
        XCTAssertEqual(counts.checked, 1, "the one keep among the examples")
    }

    func testExamplesTypeCheck() {
        let units = TypeCheckTests.exampleUnits(of: rule)
        XCTAssertEqual(units.count, 9, "two triggering, three non-triggering, two corrections")
        for result in TypeChecker.shared.check(units) where !result.succeeded { XCTFail(result.failureMessage) }
    }

    func testRemovesAnEmptyOnAppearInsideAChain() {
        assertDecisions(#"Text("a").1️⃣onAppear {}.padding()"#, rules: [rule], [
            DecisionSpec("1️⃣", "test-onappear-empty/remove", action: .rewrite, safety: .preserving),
        ], after: #"Text("a").padding()"#)
    }

    func testRemovesOneWithACommentAfterItsCallKeepingTheComment() {
        assertDecisions("Text(\"a\")\n    .1️⃣onAppear(perform: {}) // later\n    .padding()\n", rules: [rule], [
            DecisionSpec("1️⃣", "test-onappear-empty/remove", action: .rewrite),
        ], after: "Text(\"a\") // later\n    .padding()\n")
    }

    func testKeepsOneThatHoldsACommentItWouldLose() {
        let comments = [
            "Text(\"a\")\n    .1️⃣onAppear { /* later */ }\n",
            "Text(\"a\")\n    // later\n    .1️⃣onAppear {}\n",
        ]
        for source in comments {
            let fact = source.contains("/*") ? "/* later */" : "// later"
            assertOneDecision(source, rules: [rule], "test-onappear-empty/holds-comment", action: .keep, facts: [fact], unchanged: true)
        }
    }

    func testQuotesALongCommentShortened() {
        let comment = "// " + String(repeating: "x", count: 50)
        assertOneDecision("Text(\"a\")\n    .1️⃣onAppear {\n        \(comment)\n    }\n", rules: [rule],
                          "test-onappear-empty/holds-comment", facts: [String(comment.prefix(39)) + "…"], unchanged: true)
    }

    func testLeavesActionsThatAreNotAnEmptyClosure() {
        for source in [
            "Text(\"a\").onAppear(perform: refresh)",
            "Text(\"a\").onAppear { refresh() }",
            "Text(\"a\").task {}",
            "Text(\"a\")\n    #if os(iOS)\n    .onAppear {}\n    #endif\n",
        ] {
            assertNoDecisions(source, rules: [rule])
        }
    }
}
