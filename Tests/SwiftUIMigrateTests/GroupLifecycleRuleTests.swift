import SwiftParser
import SwiftSyntax
@testable import SwiftUIMigrate
import XCTest

/// `group-lifecycle`'s decisions, and the syntax helpers it rests on, beyond
/// what its examples and fixtures show.
final class GroupLifecycleRuleTests: XCTestCase {
    private func migrate(
        _ source: String, strategy: GroupStrategy = .auto, host: String = "ZStack"
    ) -> (text: String, migration: FileMigration) {
        var configuration = Configuration()
        configuration.strategy = strategy
        configuration.hostContainer = host
        let engine = MigrationEngine(configuration: configuration, rules: [GroupLifecycleRule()])
        let result = engine.migrate(source: source)
        XCTAssertNil(result.migration.internalError)
        let again = engine.migrate(source: result.text)
        XCTAssertEqual(again.text, result.text, "not idempotent")
        XCTAssertFalse(again.migration.findings.contains { $0.action == .rewrite }, "a second run rewrites again")
        return result
    }

    /// `body` wrapped in a view, with each line of `body` indented two levels.
    private func view(_ body: String, extra: String = "") -> String {
        let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")
        return "struct V: View {\n    @State private var flag = false\n\n    var body: some View {\n\(indented)\n    }\n\(extra)}\n"
    }

    // MARK: Decisions

    func testHoistFindingIsAtTheGroupIdentifierWithItsLabel() {
        let source = view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.onAppear {}")
        let (text, migration) = migrate(source)
        XCTAssertTrue(text.contains("        ZStack {\n"))
        let finding = migration.findings.first
        XCTAssertEqual(finding?.line, 5)
        XCTAssertEqual(finding?.column, 9)
        XCTAssertEqual(finding?.message, "replace the Group with a ZStack so the lifecycle action belongs to one view")
        XCTAssertEqual(finding?.safety?.name, "behavior-change")
        XCTAssertTrue(finding?.safety?.explanation?.contains("no longer once per member") ?? false)
    }

    func testGroupAsHostContainerIsReportedNotLooped() {
        let source = view("Group {\n    Text(\"a\")\n}\n.onAppear {}")
        let (text, migration) = migrate(source, host: "SwiftUI.Group")
        XCTAssertEqual(text, source)
        XCTAssertEqual(migration.findings.map(\.action), [.report])
    }

    func testModuleQualifiedGroupIsHoisted() {
        let (text, _) = migrate(view("SwiftUI.Group {\n    Text(\"a\")\n}\n.task {}"))
        XCTAssertTrue(text.contains("SwiftUI.ZStack {"), text)
    }

    func testContentLabelledClosureIsAGroupButSubviewsIsNot() {
        let (text, _) = migrate(view("Group(content: {\n    Text(\"a\")\n})\n.onAppear {}"))
        XCTAssertTrue(text.contains("ZStack(content: {"), text)
        let subviews = view("Group(subviews: content) { subviews in\n    Text(\"a\")\n}\n.onAppear {}")
        XCTAssertEqual(migrate(subviews).migration.findings, [])
        let sections = view("Group(sections: content) { sections in\n    Text(\"a\")\n}\n.task {}")
        XCTAssertEqual(migrate(sections).migration.findings, [])
    }

    func testEveryTaskFormIsALifecycleModifier() {
        for modifier in [".task {}", ".task(id: flag) {}", ".task(priority: .low) {}", ".task(id: flag, priority: .low) {}",
                         ".onDisappear {}", ".onAppear(perform: {})"] {
            let (_, migration) = migrate(view("Group {\n    Text(\"a\")\n}\n.padding()\n\(modifier)"))
            XCTAssertEqual(migration.findings.map(\.action), [.rewrite], modifier)
        }
    }

    func testSeveralMembersAreReportedWhateverTheStrategy() {
        let source = view("Group {\n    Text(\"a\")\n    if flag {\n        Text(\"b\")\n    }\n}\n.onAppear {}")
        for strategy in GroupStrategy.allCases {
            let (text, migration) = migrate(source, strategy: strategy)
            XCTAssertEqual(text, source)
            XCTAssertEqual(migration.findings.map(\.action), [.report])
            XCTAssertTrue(migration.findings.first?.reason?.contains("several views at once") ?? false)
        }
    }

    func testForEachMemberCountsAsSeveral() {
        let source = view("Group {\n    ForEach(0..<3) { index in\n        Text(\"\\(index)\")\n    }\n}\n.onAppear {}")
        XCTAssertEqual(migrate(source).migration.findings.map(\.action), [.report])
    }

    func testHoistStrategyReportsWhatItCannotHoist() {
        let source = view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.id(flag)\n.onAppear {}")
        let (text, migration) = migrate(source, strategy: .hoist)
        XCTAssertEqual(text, source)
        XCTAssertEqual(migration.findings.map(\.action), [.report])
        XCTAssertTrue(migration.findings.first?.reason?.contains(".id") ?? false)
    }

    func testMemberScopedModifiersForceDistribution() {
        for modifier in [".id(1)", ".transition(.opacity)", ".zIndex(1)", ".tag(1)", ".listRowSeparator(.hidden)",
                         ".matchedGeometryEffect(id: 1, in: namespace)"] {
            let source = view("Group {\n    Text(\"a\")\n}\n\(modifier)\n.onAppear {}")
            let (text, migration) = migrate(source)
            XCTAssertEqual(migration.findings.first?.message, "distribute the Group's modifiers onto its members", modifier)
            XCTAssertTrue(text.contains("        Text(\"a\")\n            \(modifier)\n            .onAppear {}"), text)
        }
    }

    func testGroupOutsideAViewBuilderIsReported() {
        let source = view("Text(\"a\")\n    .overlay(Group {\n        if flag {\n            Text(\"b\")\n        }\n    }.onAppear {})")
        let (text, migration) = migrate(source)
        XCTAssertEqual(text, source)
        XCTAssertTrue(migration.findings.first?.reason?.contains("view builder") ?? false)
    }

    func testUnknownContainerClosureIsNotTakenForABuilder() {
        let source = view("Card {\n    Group {\n        if flag {\n            Text(\"b\")\n        }\n    }\n    .onAppear {}\n}")
        XCTAssertEqual(migrate(source).migration.findings.map(\.action), [.report])
    }

    func testIfBranchOfBodyIsABuilder() {
        let source = view("if flag {\n    Group {\n        if flag {\n            Text(\"b\")\n        }\n    }\n    .onAppear {}\n}")
        let (text, _) = migrate(source)
        XCTAssertTrue(text.contains("        if flag {\n            if flag {\n                Text(\"b\")\n                    .onAppear {}\n            }\n        }"), text)
    }

    func testReturnInBodyIsDropped() {
        let source = view("return Group {\n    if flag {\n        Text(\"b\")\n    }\n}\n.onAppear {}")
        let (text, _) = migrate(source)
        XCTAssertTrue(text.contains("    var body: some View {\n        if flag {\n            Text(\"b\")\n                .onAppear {}\n        }\n    }"), text)
    }

    func testViewBuilderIsAddedAboveAttributesAndModifiers() {
        let source = """
            struct V: View {
                var flag = false
                var body: some View { content }

                /// The content.
                @MainActor private var content: some View {
                    Group {
                        if flag {
                            Text("a")
                        }
                    }
                    .onAppear {}
                }
            }

            """
        let (text, _) = migrate(source)
        XCTAssertTrue(text.contains("    /// The content.\n    @ViewBuilder\n    @MainActor private var content: some View {\n        if flag {"), text)
    }

    func testBranchBindingUsedByTheChainBlocksDistribution() {
        let ifLet = view("Group {\n    if let name {\n        Text(name)\n    }\n}\n.task {\n    name = \"a\"\n}")
        let (text, migration) = migrate(ifLet)
        XCTAssertEqual(text, ifLet)
        XCTAssertTrue(migration.findings.first?.reason?.contains("binds `name`") ?? false)
        let caseLet = view("Group {\n    switch phase {\n    case .failed(let message):\n        Text(message)\n    default:\n        EmptyView()\n    }\n}\n.onAppear {\n    print(message)\n}")
        XCTAssertEqual(migrate(caseLet).migration.findings.first?.action, .report)
        let memberOnly = view("Group {\n    if let name {\n        Text(name)\n    }\n}\n.task {\n    model.name = \"a\"\n}")
        XCTAssertEqual(migrate(memberOnly).migration.findings.first?.action, .rewrite, "`.name` after a dot is not the binding")
    }

    func testCommentAfterAMemberStaysOnItsLine() {
        let source = view("Group {\n    if flag {\n        Text(\"a\") // the title\n    }\n}\n.onAppear {}")
        let (text, _) = migrate(source)
        XCTAssertTrue(text.contains("            Text(\"a\") // the title\n                .onAppear {}\n"), text)
    }

    func testUnusualLayoutIsReported() {
        let source = view("Group { // wrapper\n    if flag {\n        Text(\"a\")\n    }\n}\n.onAppear {}")
        let (text, migration) = migrate(source)
        XCTAssertEqual(text, source)
        XCTAssertTrue(migration.findings.first?.reason?.contains("laid out") ?? false)
    }

    func testGroupWithoutLifecycleModifierOrWithoutMembers() {
        XCTAssertEqual(migrate(view("Group {\n    Text(\"a\")\n}\n.font(.title)")).migration.findings, [])
        let empty = migrate(view("Group {\n    EmptyView()\n}\n.onAppear {}", extra: ""))
        XCTAssertEqual(empty.migration.findings.first?.action, .rewrite, "EmptyView is a member, distributed onto")
        let nothing = migrate(view("Group {\n}\n.onAppear {}"))
        XCTAssertEqual(nothing.migration.findings.first?.action, .report)
    }

    func testNestedDistributionsSettleInOneOutput() {
        let source = view("""
            VStack {
                Group {
                    Group {
                        if flag {
                            Text("a")
                        }
                    }
                    .task {}
                }
                .onAppear {}
            }
            """)
        let (text, _) = migrate(source)
        XCTAssertEqual(text, view("""
            VStack {
                if flag {
                    Text("a")
                        .task {}
                        .onAppear {}
                }
            }
            """))
    }

    // MARK: Members

    private func members(_ content: String) -> GroupMembers {
        let tree = Parser.parse(source: "Group {\n\(content)\n}")
        let call = tree.statements.first!.item.as(FunctionCallExprSyntax.self)!
        return GroupMembers(content: GroupCall(call)!.content.statements)
    }

    func testMemberCounts() {
        func counts(_ content: String) -> [Int] {
            let found = members(content)
            return [found.minimum, found.maximum, found.views.count]
        }
        XCTAssertEqual(counts("Text(\"a\")"), [1, 1, 1])
        XCTAssertEqual(counts("Text(\"a\").padding()\nText(\"b\")"), [2, 2, 2])
        XCTAssertEqual(counts("if a { A() } else if b { B() } else { C() }"), [1, 1, 3])
        XCTAssertEqual(counts("if a { A() } else if b { B() }"), [0, 1, 2])
        XCTAssertEqual(counts("if a { A(); B() } else { C() }"), [1, 2, 3])
        XCTAssertEqual(counts("switch x {\ncase 1: A()\ndefault: B()\n}"), [1, 1, 2])
        XCTAssertEqual(counts("switch x {\ncase 1: A()\ndefault: EmptyView()\n}"), [0, 1, 2])
        XCTAssertEqual(counts("#if os(iOS)\nA()\n#else\nB()\n#endif"), [1, 1, 2])
        XCTAssertEqual(counts("#if os(iOS)\nA()\n#elseif os(macOS)\nB()\n#endif"), [0, 1, 2])
        XCTAssertEqual(counts("Group { if a { A() } else { B() } }.padding()"), [1, 1, 1])
        XCTAssertEqual(counts("Group { A(); B() }"), [2, 2, 1])
        XCTAssertEqual(counts("ForEach(items) { Text($0) }"), [0, 2, 1])
        XCTAssertEqual(members("let title = \"a\"\nText(title)").unsupported.count, 1)
    }

    // MARK: View builder context

    private func context(of marker: String, in source: String) -> ViewBuilderContext.Kind {
        let tree = Parser.parse(source: source)
        final class Finder: SyntaxVisitor {
            let marker: String
            var found: FunctionCallExprSyntax?
            init(_ marker: String) {
                self.marker = marker
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, node.calledName == marker { found = node }
                return .visitChildren
            }
        }
        let finder = Finder(marker)
        finder.walk(tree)
        return ViewBuilderContext(of: finder.found!).kind
    }

    private func isBuilder(_ kind: ViewBuilderContext.Kind) -> Bool {
        if case .builder = kind { return true }
        return false
    }

    func testBuilderContexts() {
        let builders = [
            "var body: some View { Marker() }",
            "@ViewBuilder var content: some View { Text(\"a\"); Marker() }",
            "@ViewBuilder func row() -> some View { Marker() }",
            "var body: some View { VStack { if a { Marker() } else { B() } } }",
            "var body: some View { List { switch a { case 1: Marker() default: B() } } }",
            "var body: some View { Form {\n#if os(iOS)\nMarker()\n#endif\n} }",
            "var body: some View { Text(\"a\").overlay(alignment: .top) { Marker() } }",
            "var body: some View { Text(\"a\").sheet(isPresented: $a) { Marker() } }",
            "var body: some View { Section { A() } header: { Marker() } }",
            "var body: some View { ForEach(items) { item in Marker() } }",
            "var body: some View { Button(action: save) { Marker() } }",
            "var body: some View { Button { save() } label: { Marker() } }",
            "var body: some View { NavigationLink { Marker() } label: { Text(\"a\") } }",
        ]
        for source in builders {
            XCTAssertTrue(isBuilder(context(of: "Marker", in: "struct V: View { \(source) }")), source)
        }
        let others = [
            "var body: some View { Text(\"a\").overlay(Marker()) }",
            "var body: some View { Text(\"a\").task { Marker() } }",
            "var body: some View { Button { Marker() } label: { Text(\"a\") } }",
            "var body: some View { Card { Marker() } }",
            "var content: some View { Text(\"a\"); Marker() }",
            "func make() -> AnyView { AnyView(Marker()) }",
            "var body: some View { let x = Marker(); x }",
        ]
        for source in others {
            guard case .other = context(of: "Marker", in: "struct V: View { \(source) }") else {
                XCTFail("taken for a builder: \(source)")
                continue
            }
        }
        guard case .needsAttribute = context(of: "Marker", in: "struct V: View { private var content: some View { Marker() } }") else {
            return XCTFail("a plain computed property needs @ViewBuilder")
        }
        guard case .needsAttribute = context(of: "Marker", in: "struct V: View { func row() -> some View { return Marker() } }") else {
            return XCTFail("a plain function needs @ViewBuilder")
        }
    }
}
