@testable import SwiftUIMigrate
import XCTest

/// `group-modifiers`' decisions beyond what its examples and fixtures show,
/// and how it shares Groups with `group-lifecycle`.
final class GroupModifiersRuleTests: XCTestCase {
    private func migrate(
        _ source: String, rules: [any Rule] = [GroupModifiersRule()], options: [String: RuleOptionValue] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> (text: String, migration: FileMigration) {
        var configuration = Configuration()
        configuration.ruleOptions["group-modifiers"] = options
        return checkedMigration(source, rules: rules, configuration: configuration, file: file, line: line)
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
        let (text, migration) = migrate(view("Group {\n    Text(\"a\")\n    Text(\"b\")\n}\n.bold()"))
        XCTAssertTrue(text.contains("        Text(\"a\")\n            .bold()\n        Text(\"b\")\n            .bold()\n"), text)
        let finding = migration.findings.first
        XCTAssertEqual(finding?.line, 6)
        XCTAssertEqual(finding?.column, 9)
        XCTAssertEqual(finding?.action, .rewrite)
        XCTAssertEqual(finding?.safety, .preserving)
        XCTAssertEqual(finding?.message, "apply the Group's modifiers to each member and remove the Group")
    }

    func testLimitsCountCopiesAndModifiersAndComeFromRuleOptions() {
        let threeMembers = view("Group {\n    Text(\"a\")\n    Text(\"b\")\n    Text(\"c\")\n}\n.bold()")
        XCTAssertEqual(migrate(threeMembers).migration.findings, [])
        XCTAssertEqual(migrate(threeMembers, options: ["maxMembers": 3]).migration.findings.map(\.action), [.rewrite])
        // Each branch is a copy of the chain: if/else if/else is three members.
        let threeBranches = view(
            "Group {\n    if flag {\n        Text(\"a\")\n    } else if text.isEmpty {\n        Text(\"b\")\n    } else {\n"
                + "        Text(\"c\")\n    }\n}\n.bold()")
        XCTAssertEqual(migrate(threeBranches).migration.findings, [])
        let threeModifiers = view("Group {\n    Text(\"a\")\n}\n.bold()\n.padding()\n.opacity(0.5)")
        XCTAssertEqual(migrate(threeModifiers).migration.findings, [])
        XCTAssertEqual(migrate(threeModifiers, options: ["maxModifiers": 3]).migration.findings.map(\.action), [.rewrite])
        XCTAssertEqual(migrate(threeModifiers, options: ["maxModifiers": 0, "maxMembers": 9]).migration.findings, [])
    }

    func testLifecycleChainsBelongToGroupLifecycleOnly() {
        for modifier in [".onAppear {}", ".task {}", ".onDisappear {}", ".task(id: flag) {}"] {
            let source = view("Group {\n    Text(\"a\")\n}\n.bold()\n\(modifier)")
            XCTAssertEqual(migrate(source).migration.findings, [], modifier)
        }
    }

    func testAllGroupRulesTogetherEachTakeTheirOwnGroups() {
        let source = view("""
            VStack {
                Group {
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
                Group {
                    Text("c")
                    Text("d")
                }
                .bold()
                Group {
                    Text("e")
                    Group {
                        Text("f")
                    }
                    .italic()
                }
            }
            """)
        let (text, migration) = migrate(source, rules: RuleRegistry.all)
        XCTAssertEqual(
            Set(migration.findings.map(\.ruleID)), ["group-lifecycle", "group-modifiers", "group-redundant"],
            "\(migration.findings)")
        XCTAssertTrue(text.contains("ZStack {"), "group-lifecycle hoists the lifecycle Group:\n\(text)")
        XCTAssertFalse(text.contains("Group"), text)
        XCTAssertTrue(text.contains("            Text(\"f\")\n                .italic()\n"), text)
    }

    func testActionAndPresentationModifiersAreSkippedWithTheirName() {
        for modifier in [".onTapGesture {}", ".onChange(of: flag) {}", ".sheet(isPresented: $flag) {\n    Text(\"s\")\n}",
                         ".refreshable {}"] {
            let source = view("Group {\n    Text(\"a\")\n}\n\(modifier)")
            let (text, migration) = migrate(source)
            XCTAssertEqual(text, source, modifier)
            XCTAssertEqual(migration.findings.map(\.reasonID), ["group-modifiers/action-modifier"], modifier)
            XCTAssertEqual(migration.findings.map(\.action), [.keep], "leave the Group: a keep")
            let name = String(modifier.dropFirst().prefix { $0.isLetter })
            XCTAssertTrue(migration.findings.first?.reason?.contains(".\(name)") ?? false, modifier)
        }
        XCTAssertTrue(GroupModifiersRule.isActionOrPresentation("onSubmit"))
        XCTAssertFalse(GroupModifiersRule.isActionOrPresentation("opacity"))
        XCTAssertFalse(GroupModifiersRule.isActionOrPresentation("on"))
        XCTAssertFalse(GroupModifiersRule.isActionOrPresentation("one"))
    }

    func testIdentityIsSkippedOnlyWhenSeveralMembersShowAtOnce() {
        let several = view("Group {\n    Text(\"a\")\n    Text(\"b\")\n}\n.id(flag)")
        let (text, migration) = migrate(several)
        XCTAssertEqual(text, several)
        XCTAssertEqual(migration.findings.map(\.action), [.keep])
        XCTAssertEqual(migration.findings.first?.reasonID, "group-modifiers/shared-identity")
        let oneAtATime = view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.id(text)")
        XCTAssertEqual(migrate(oneAtATime).migration.findings.map(\.action), [.rewrite])
    }

    func testGroupOutsideABuilderIsSkipped() {
        let source = view("Color.clear\n    .overlay(Group {\n        Text(\"a\")\n    }.bold())")
        let (text, migration) = migrate(source)
        XCTAssertEqual(text, source)
        XCTAssertEqual(migration.findings.map(\.action), [.skip])
        XCTAssertEqual(migration.findings.first?.reasonID, "group-modifiers/not-in-builder")
    }

    func testConditionalChainAndModuleQualifiedGroupAreDistributed() {
        let source = view("SwiftUI.Group {\n    Text(\"a\")\n}\n#if os(iOS)\n.bold()\n#endif")
        let (text, migration) = migrate(source)
        XCTAssertEqual(migration.findings.map(\.action), [.rewrite])
        XCTAssertTrue(text.contains("        Text(\"a\")\n            #if os(iOS)\n            .bold()\n            #endif\n"), text)
    }

    func testSectionsAndEmptyGroupsAreNeverTouched() {
        let sections = view("Group(sections: content) { sections in\n    Text(\"a\")\n}\n.bold()")
        XCTAssertEqual(migrate(sections).migration.findings, [])
        XCTAssertEqual(migrate(view("Group {}\n.bold()")).migration.findings, [])
    }
}
