import SwiftParser
import SwiftSyntax
@testable import SwiftUIMigrate
import XCTest

/// `group-redundant`'s decisions beyond what its examples and fixtures show,
/// and the container the view-builder context reports.
final class GroupRedundantRuleTests: XCTestCase {
    private let rule = [GroupRedundantRule()]

    /// `body` in a view's `body`, each line indented two levels, with `extra` declarations after it.
    private func view(_ body: String, extra: String = "") -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        return "struct V: View {\n    let flag: Bool\n\n    var body: some View {\n\(indented)\n    }\n\(extra)}\n"
    }

    private let twoTexts = "1️⃣Group {\n    Text(\"a\")\n    Text(\"b\")\n}"

    private func inside(_ container: String) -> String {
        "\(container) {\n" + twoTexts.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n}"
    }

    func testIsOptIn() {
        XCTAssertFalse(GroupRedundantRule().isEnabledByDefault)
        XCTAssertNotNil(RuleRegistry.rule(id: "group-redundant"))
    }

    func testUnwrapsInEachContainerWithItsName() {
        for container in ["VStack", "HStack(spacing: 4)", "List", "Form", "Section", "ScrollView", "LazyVGrid(columns: [])"] {
            let name = String(container.prefix { $0.isLetter })
            // The words name the container (Finding has no typed field for it).
            let (text, findings) = assertDecisions(view(inside(container)), rules: rule, [
                DecisionSpec("1️⃣", "group-redundant/unwrap", action: .rewrite, safety: .preserving, facts: [name]),
            ])
            XCTAssertFalse(text.contains("Group"), "\(container):\n\(text)")
            XCTAssertTrue(text.contains("            Text(\"a\")\n            Text(\"b\")\n        }"), text)
            XCTAssertEqual(findings.first?.column, 13)
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
            assertNoDecisions(source, rules: rule)
        }
    }

    func testUnwrapsInsideSwitchAndIfConfigBranchesOfAContainer() {
        let source = view("""
            VStack {
                switch flag {
                case true:
                    1️⃣Group {
                        Text("a")
                        Text("b")
                    }
                case false:
                    EmptyView()
                }
            #if os(iOS)
                2️⃣Group {
                    Text("c")
                }
            #endif
            }
            """)
        let (text, _) = assertDecisions(source, rules: rule, [
            DecisionSpec("1️⃣", "group-redundant/unwrap", action: .rewrite),
            DecisionSpec("2️⃣", "group-redundant/unwrap", action: .rewrite),
        ])
        XCTAssertFalse(text.contains("Group"), text)
        XCTAssertTrue(text.contains("        case true:\n                Text(\"a\")\n                Text(\"b\")\n"), text)
    }

    func testInnerGroupOfALifecycleGroupSettlesWithGroupLifecycle() {
        let source = view("1️⃣Group {\n    2️⃣Group {\n        Text(\"a\")\n    }\n}\n.onAppear {}")
        assertDecisions(source, rules: RuleRegistry.all, [
            DecisionSpec("1️⃣", "group-lifecycle/hoist-no-runtime-change"),
            DecisionSpec("2️⃣", "group-redundant/unwrap"),
        ], after: view("ZStack {\n    Text(\"a\")\n}\n.onAppear {}"))
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
