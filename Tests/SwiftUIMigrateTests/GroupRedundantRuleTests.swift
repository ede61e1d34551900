import SwiftParser
import SwiftSyntax
@testable import SwiftUIMigrate
import XCTest

/// `group-redundant`'s decisions beyond what its examples and fixtures show,
/// and the container the view-builder context reports.
final class GroupRedundantRuleTests: XCTestCase {
    private func migrate(
        _ source: String, rules: [any Rule] = [GroupRedundantRule()], file: StaticString = #filePath, line: UInt = #line
    ) -> (text: String, migration: FileMigration) {
        checkedMigration(source, rules: rules, file: file, line: line)
    }

    /// `body` in a view's `body`, each line indented two levels, with `extra` declarations after it.
    private func view(_ body: String, extra: String = "") -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        return "struct V: View {\n    let flag: Bool\n\n    var body: some View {\n\(indented)\n    }\n\(extra)}\n"
    }

    private let twoTexts = "Group {\n    Text(\"a\")\n    Text(\"b\")\n}"

    private func inside(_ container: String) -> String {
        "\(container) {\n" + twoTexts.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n}"
    }

    func testIsOptIn() {
        XCTAssertFalse(GroupRedundantRule().isEnabledByDefault)
        XCTAssertNotNil(RuleRegistry.rule(id: "group-redundant"))
    }

    func testUnwrapsInEachContainerWithItsName() {
        for container in ["VStack", "HStack(spacing: 4)", "List", "Form", "Section", "ScrollView", "LazyVGrid(columns: [])"] {
            let (text, migration) = migrate(view(inside(container)))
            XCTAssertFalse(text.contains("Group"), "\(container):\n\(text)")
            XCTAssertTrue(text.contains("            Text(\"a\")\n            Text(\"b\")\n        }"), text)
            let name = String(container.prefix { $0.isLetter })
            XCTAssertEqual(migration.findings.first?.message, "remove the Group so its members stand directly in the \(name)")
            XCTAssertEqual(migration.findings.first?.safety, .preserving)
            XCTAssertEqual(migration.findings.first?.column, 13)
        }
    }

    func testLeavesGroupsThatAreTheViewADeclarationReturns() {
        let cases = [
            view(twoTexts),
            view("content", extra: "\n    @ViewBuilder\n    var content: some View {\n        \(twoTexts.replacingOccurrences(of: "\n", with: "\n        "))\n    }\n"),
            view("Color.clear\n    .overlay {\n        Group {\n            Text(\"a\")\n        }\n    }"),
            view("Button(action: {}) {\n    Group {\n        Text(\"a\")\n        Text(\"b\")\n    }\n}"),
            view("VStack {\n    Group {}\n}"),
            view("VStack {\n    \(twoTexts.replacingOccurrences(of: "\n", with: "\n    "))\n    .padding()\n}"),
        ]
        for source in cases {
            let (text, migration) = migrate(source)
            XCTAssertEqual(text, source)
            XCTAssertEqual(migration.findings, [], source)
        }
    }

    func testUnwrapsInsideSwitchAndIfConfigBranchesOfAContainer() {
        let source = view("""
            VStack {
                switch flag {
                case true:
                    Group {
                        Text("a")
                        Text("b")
                    }
                case false:
                    EmptyView()
                }
            #if os(iOS)
                Group {
                    Text("c")
                }
            #endif
            }
            """)
        let (text, migration) = migrate(source)
        XCTAssertEqual(migration.findings.map(\.action), [.rewrite, .rewrite])
        XCTAssertFalse(text.contains("Group"), text)
        XCTAssertTrue(text.contains("        case true:\n                Text(\"a\")\n                Text(\"b\")\n"), text)
    }

    func testInnerGroupOfALifecycleGroupSettlesWithGroupLifecycle() {
        let source = view("Group {\n    Group {\n        Text(\"a\")\n    }\n}\n.onAppear {}")
        let (text, migration) = migrate(source, rules: RuleRegistry.all)
        XCTAssertEqual(Set(migration.findings.map(\.ruleID)), ["group-lifecycle", "group-redundant"])
        XCTAssertEqual(text, view("ZStack {\n    Text(\"a\")\n}\n.onAppear {}"))
    }

    func testViewBuilderContextNamesTheContainer() {
        func container(of source: String) -> String? {
            let tree = Parser.parse(source: source)
            let context = RuleContext(tree: tree, bytes: Array(source.utf8), file: "", configuration: Configuration())
            let group = GroupCall.all(in: context).first!
            return ViewBuilderContext(of: group.call).container
        }
        XCTAssertEqual(container(of: "let v = VStack { Group { Text(\"a\") } }"), "VStack")
        XCTAssertEqual(container(of: "let v = SwiftUI.List { if x { Group { Text(\"a\") } } }"), "List")
        XCTAssertEqual(container(of: "let v = Section { } header: { Group { Text(\"a\") } }"), "Section")
        XCTAssertNil(container(of: "let v = x.overlay { Group { Text(\"a\") } }"))
        XCTAssertNil(container(of: view("Group { Text(\"a\") }")))
    }
}
