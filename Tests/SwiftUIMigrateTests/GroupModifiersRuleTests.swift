@testable import SwiftUIMigrate
import XCTest

/// `group-modifiers`' decisions beyond what its examples and fixtures show,
/// and how it shares Groups with `group-lifecycle`.
final class GroupModifiersRuleTests: XCTestCase {
    private let rule = [GroupModifiersRule()]

    /// A configuration with group-modifiers' `options`.
    private func options(_ options: [String: RuleOptionValue]) -> Configuration {
        var configuration = Configuration()
        configuration.ruleOptions["group-modifiers"] = options
        return configuration
    }

    /// `body` wrapped in a view, with each line of `body` indented two levels.
    private func view(_ body: String) -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        return "struct V: View {\n    @State private var flag = false\n    @State private var text = \"\"\n\n"
            + "    var body: some View {\n\(indented)\n    }\n}\n"
    }

    func testIsOptInAndRegistered() {
        XCTAssertFalse(GroupModifiersRule().isEnabledByDefault)
        XCTAssertNotNil(RuleRegistry.rule(id: "group-modifiers"))
        let engine = MigrationEngine(configuration: Configuration(), rules: RuleRegistry.all)
        let source = view("Group {\n    Text(\"a\")\n}\n.bold()")
        XCTAssertEqual(engine.migrate(source: source).text, source, "off unless turned on")
    }

    func testFindingIsAtTheGroupIdentifierAndPreserving() {
        let (text, findings) = assertDecisions(view("1️⃣Group {\n    Text(\"a\")\n    Text(\"b\")\n}\n.bold()"), rules: rule, [
            DecisionSpec("1️⃣", "group-modifiers/distribute", action: .rewrite, safety: .preserving),
        ])
        XCTAssertTrue(text.contains("        Text(\"a\")\n            .bold()\n        Text(\"b\")\n            .bold()\n"), text)
        XCTAssertEqual(findings.first.map { [$0.line, $0.column] }, [6, 9])
    }

    func testLimitsCountCopiesAndModifiersAndComeFromRuleOptions() {
        let distribute = [DecisionSpec("1️⃣", "group-modifiers/distribute", action: .rewrite)]
        let threeMembers = view("1️⃣Group {\n    Text(\"a\")\n    Text(\"b\")\n    Text(\"c\")\n}\n.bold()")
        assertNoDecisions(threeMembers, rules: rule)
        assertDecisions(threeMembers, rules: rule, configuration: options(["maxMembers": 3]), distribute)
        // Each branch is a copy of the chain: if/else if/else is three members.
        let threeBranches = view(
            "Group {\n    if flag {\n        Text(\"a\")\n    } else if text.isEmpty {\n        Text(\"b\")\n    } else {\n"
                + "        Text(\"c\")\n    }\n}\n.bold()")
        assertNoDecisions(threeBranches, rules: rule)
        let threeModifiers = view("1️⃣Group {\n    Text(\"a\")\n}\n.bold()\n.padding()\n.opacity(0.5)")
        assertNoDecisions(threeModifiers, rules: rule)
        assertDecisions(threeModifiers, rules: rule, configuration: options(["maxModifiers": 3]), distribute)
        assertNoDecisions(threeModifiers, rules: rule, configuration: options(["maxModifiers": 0, "maxMembers": 9]))
    }

    func testLifecycleChainsBelongToGroupLifecycleOnly() {
        for modifier in [".onAppear {}", ".task {}", ".onDisappear {}", ".task(id: flag) {}"] {
            assertNoDecisions(view("Group {\n    Text(\"a\")\n}\n.bold()\n\(modifier)"), rules: rule)
        }
    }

    func testAllGroupRulesTogetherEachTakeTheirOwnGroups() {
        let source = view("""
            VStack {
                1️⃣Group {
                    if flag {
                        Text("a")
                    } else {
                        Text("b")
                    }
                }
                .font(.title)
                .onAppear {
                    print("shown")
                }
                2️⃣Group {
                    Text("c")
                    Text("d")
                }
                .bold()
                3️⃣Group {
                    Text("e")
                    4️⃣Group {
                        Text("f")
                    }
                    .italic()
                }
            }
            """)
        let (text, _) = assertDecisions(source, rules: RuleRegistry.all, [
            DecisionSpec("1️⃣", "group-lifecycle/hoist-no-runtime-change", action: .rewrite),
            DecisionSpec("2️⃣", "group-modifiers/distribute", action: .rewrite),
            DecisionSpec("3️⃣", "group-redundant/unwrap", action: .rewrite),
            DecisionSpec("4️⃣", "group-modifiers/distribute", action: .rewrite),
        ], mergesFixes: true)
        XCTAssertTrue(text.contains("ZStack {"), "group-lifecycle hoists the lifecycle Group:\n\(text)")
        XCTAssertFalse(text.contains("Group"), text)
        XCTAssertTrue(text.contains("            Text(\"f\")\n                .italic()\n"), text)
    }

    func testActionAndPresentationModifiersAreSkippedWithTheirName() {
        for modifier in [".onTapGesture {}", ".onChange(of: flag) {}", ".sheet(isPresented: $flag) {\n    Text(\"s\")\n}",
                         ".refreshable {}"] {
            let name = String(modifier.dropFirst().prefix { $0.isLetter })
            // The words name the modifier (Finding has no typed field for it).
            assertDecisions(view("1️⃣Group {\n    Text(\"a\")\n}\n\(modifier)"), rules: rule, [
                DecisionSpec("1️⃣", "group-modifiers/action-modifier", action: .keep, facts: [".\(name)"]),
            ], after: view("Group {\n    Text(\"a\")\n}\n\(modifier)"))
        }
        XCTAssertTrue(GroupModifiersRule.isActionOrPresentation("onSubmit"))
        XCTAssertFalse(GroupModifiersRule.isActionOrPresentation("opacity"))
        XCTAssertFalse(GroupModifiersRule.isActionOrPresentation("on"))
        XCTAssertFalse(GroupModifiersRule.isActionOrPresentation("one"))
    }

    func testIdentityIsSkippedOnlyWhenSeveralMembersShowAtOnce() {
        let several = view("1️⃣Group {\n    Text(\"a\")\n    Text(\"b\")\n}\n.id(flag)")
        assertDecisions(several, rules: rule, [DecisionSpec("1️⃣", "group-modifiers/shared-identity", action: .keep)],
                        after: MarkedSource(several).text)
        let oneAtATime = view("1️⃣Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.id(text)")
        assertDecisions(oneAtATime, rules: rule, [DecisionSpec("1️⃣", "group-modifiers/distribute", action: .rewrite)])
    }

    func testGroupOutsideABuilderIsSkipped() {
        let source = view("Color.clear\n    .overlay(1️⃣Group {\n        Text(\"a\")\n    }.bold())")
        assertDecisions(source, rules: rule, [DecisionSpec("1️⃣", "group-modifiers/not-in-builder", action: .skip)],
                        after: MarkedSource(source).text)
    }

    func testConditionalChainAndModuleQualifiedGroupAreDistributed() {
        let source = view("SwiftUI.1️⃣Group {\n    Text(\"a\")\n}\n#if os(iOS)\n.bold()\n#endif")
        let (text, _) = assertDecisions(source, rules: rule, [DecisionSpec("1️⃣", "group-modifiers/distribute", action: .rewrite)])
        XCTAssertTrue(text.contains("        Text(\"a\")\n            #if os(iOS)\n            .bold()\n            #endif\n"), text)
    }

    func testSectionsAndEmptyGroupsAreNeverTouched() {
        assertNoDecisions(view("Group(sections: content) { sections in\n    Text(\"a\")\n}\n.bold()"), rules: rule)
        assertNoDecisions(view("Group {}\n.bold()"), rules: rule)
    }
}
