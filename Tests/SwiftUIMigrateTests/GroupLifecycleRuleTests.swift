import SwiftParser
import SwiftSyntax
@testable import SwiftUIMigrate
import XCTest

/// `group-lifecycle`'s decisions, and the syntax helpers it rests on, beyond
/// what its examples and fixtures show.
final class GroupLifecycleRuleTests: XCTestCase {
    private let rule = [GroupLifecycleRule()]

    /// A configuration with group-lifecycle's `strategy` and `host` container.
    private func settings(_ strategy: GroupStrategy = .auto, host: String = "ZStack") -> Configuration {
        var configuration = Configuration()
        configuration.strategy = strategy
        configuration.hostContainer = host
        return configuration
    }

    /// `source` with its first Group marked 1️⃣: where a finding on that Group stands.
    private func marked(_ source: String) -> String {
        guard let range = source.range(of: "Group") else { return source }
        return source.replacingCharacters(in: range, with: "1️⃣Group")
    }

    /// Asserts group-lifecycle's one decision on the first Group of `source`, `group-lifecycle/<id>`, with the action,
    /// safety label and facts given; `unchanged`: the text stays as it is.
    @discardableResult
    private func assertDecision(
        _ source: String, _ id: String, strategy: GroupStrategy = .auto, host: String = "ZStack",
        action: FindingAction? = nil, safety: SafetyLabel? = nil, facts: [String] = [], unchanged: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) -> (text: String, findings: [Finding]) {
        assertOneDecision(marked(source), rules: rule, configuration: settings(strategy, host: host), "group-lifecycle/" + id,
                          action: action, safety: safety, facts: facts, unchanged: unchanged, file: file, line: line)
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
        let (text, findings) = assertDecision(source, "hoist-no-runtime-change", action: .rewrite)
        XCTAssertTrue(text.contains("        ZStack {\n"))
        XCTAssertEqual(findings.first.map { [$0.line, $0.column] }, [5, 9])
        XCTAssertEqual(findings.first?.safety?.name, "behavior-change")
    }

    /// An action that opens with a check stopping it while the value choosing the member is at its initial
    /// value only ever ran again on the member a new value brought in: the hoist keys a task on the value,
    /// or reports; an action that proceeds at first (a loader) is hoisted as before.
    func testAnActionWaitingForTheMemberChoiceIsKeyedOnIt() {
        let group = "Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n"
        func source(_ chain: String) -> String { view(group + chain, extra: "    func load() async {}\n") }
        let keyed = [
            (".task {\n    guard flag else { return }\n    await load()\n}", ".task(id: flag) {"),
            (".task(priority: .low) {\n    if !flag { return }\n    await load()\n}", ".task(id: flag, priority: .low) {"),
            (".task {\n    if flag == true {\n        await load()\n    }\n}", ".task(id: flag) {"),
        ]
        for (chain, header) in keyed {
            let (text, _) = assertDecision(source(chain), "hoist-task-id")
            XCTAssertTrue(text.contains(header) && text.contains("ZStack {"), text)
        }
        assertDecision(source(".onAppear {\n    guard flag else { return }\n    Task { await load() }\n}"), "reads-member-choice")
        assertDecision(source(".task(id: 1) {\n    guard flag else { return }\n    await load()\n}"), "reads-member-choice")
        // Goes on at first (flag starts false): the action does not wait for the other member.
        assertDecision(source(".task {\n    guard !flag else { return }\n    await load()\n}"), "hoist-no-runtime-change")
        assertDecision(source(".task {\n    await load()\n    guard flag else { return }\n}"), "hoist-no-runtime-change")
    }

    func testAHoistSaysWhetherItChangesWhatTheAppDoesOnItsFloor() {
        let group = "Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.onAppear {}"
        func hoist(_ source: String, floor: [Platform: PlatformVersion]?, _ id: String, line: UInt = #line) -> Finding? {
            let configuration = floor.map(Configuration.withDeploymentTarget) ?? Configuration()
            return assertDecisions(marked(source), rules: RuleRegistry.all, configuration: configuration, [
                DecisionSpec("1️⃣", "group-lifecycle/" + id, action: .rewrite),
            ], line: line).findings.first
        }
        // Outside a row builder, on an iOS 15+ floor (or none known), iOS 15+ SDK builds already merge the action.
        let same = hoist(view(group), floor: [.iOS: PlatformVersion(16)], "hoist-no-runtime-change")
        hoist(view(group), floor: nil, "hoist-no-runtime-change")
        // Below iOS 15 the action ran once per member there: the hoist changes it.
        let below = hoist(view(group), floor: [.iOS: PlatformVersion(14)], "hoist-below-merging-floor")
        // In a List each member is a row of its own, whose action the hoist makes one.
        let row = view("List {\n" + group + "\n}")
        let inRow = hoist(row, floor: [.iOS: PlatformVersion(16)], "hoist-in-row")
        XCTAssertEqual(inRow?.safety?.name, "behavior-change", "the label is kept")

        // The label stays strict; the printed line and the runtimeChange field sort them.
        XCTAssertEqual(same?.safety?.changesRuntime, false)
        XCTAssertEqual(same?.safety?.name, "behavior-change")
        XCTAssertTrue(XcodeFormat.line(for: same!).contains("(behavior-change, no runtime change on this floor)"))
        XCTAssertEqual(inRow?.safety?.changesRuntime, true)
        XCTAssertEqual(below?.safety?.changesRuntime, true)
    }

    func testAHoistWithAnEmptyPathSaysTheContainerNowTakesAPlace() {
        let onlyIf = "Group {\n    if flag {\n        Text(\"a\")\n    }\n}\n.onAppear {}"
        let alone = assertDecision(view(onlyIf), "hoist-empty-path").findings.first
        XCTAssertEqual(alone?.safety?.changesRuntime, true)
        XCTAssertFalse(alone?.safety?.explanation?.contains("takes a place") ?? true)
        let spaced = assertDecision(view("VStack(spacing: 8) {\n" + onlyIf + "\n    Text(\"b\")\n}"), "hoist-empty-path").findings.first
        XCTAssertTrue(spaced?.safety?.explanation?.hasSuffix("the empty ZStack then still takes a place in the VStack, with its spacing") ?? false,
                      spaced?.safety?.explanation ?? "")
        let unspaced = assertDecision(view("HStack(spacing: 0) {\n" + onlyIf + "\n    Text(\"b\")\n}"), "hoist-empty-path").findings.first
        XCTAssertFalse(unspaced?.safety?.explanation?.contains("takes a place") ?? true)
    }

    func testGroupAsHostContainerIsReportedNotLooped() {
        assertDecision(view("Group {\n    Text(\"a\")\n}\n.onAppear {}"), "host-is-group", host: "SwiftUI.Group", action: .report, unchanged: true)
    }

    func testModuleQualifiedGroupIsHoisted() {
        let (text, _) = assertDecision(view("SwiftUI.Group {\n    Text(\"a\")\n}\n.task {}"), "hoist-no-runtime-change")
        XCTAssertTrue(text.contains("SwiftUI.ZStack {"), text)
    }

    func testContentLabelledClosureIsAGroupButSubviewsIsNot() {
        let (text, _) = assertDecision(view("Group(content: {\n    Text(\"a\")\n})\n.onAppear {}"), "hoist-no-runtime-change")
        XCTAssertTrue(text.contains("ZStack(content: {"), text)
        assertNoDecisions(view("Group(subviews: content) { subviews in\n    Text(\"a\")\n}\n.onAppear {}"), rules: rule)
        assertNoDecisions(view("Group(sections: content) { sections in\n    Text(\"a\")\n}\n.task {}"), rules: rule)
    }

    func testEveryTaskFormIsALifecycleModifier() {
        for modifier in [".task {}", ".task(id: flag) {}", ".task(priority: .low) {}", ".task(id: flag, priority: .low) {}",
                         ".onDisappear {}", ".onAppear(perform: {})"] {
            assertDecision(view("Group {\n    Text(\"a\")\n}\n.padding()\n\(modifier)"), "hoist-no-runtime-change", action: .rewrite)
        }
    }

    func testSeveralMembersAreReportedWhateverTheStrategy() {
        let source = view("Group {\n    Text(\"a\")\n    if flag {\n        Text(\"b\")\n    }\n}\n.onAppear {}")
        for strategy in GroupStrategy.allCases {
            assertDecision(source, "several-members", strategy: strategy, action: .report, unchanged: true)
        }
    }

    func testForEachMemberCountsAsSeveral() {
        let source = view("Group {\n    ForEach(0..<3) { index in\n        Text(\"\\(index)\")\n    }\n}\n.onAppear {}")
        assertDecision(source, "several-members", action: .report)
    }

    func testHoistStrategyReportsWhatItCannotHoist() {
        let source = view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.id(flag)\n.onAppear {}")
        // The words name the modifier (Finding has no typed field for it).
        assertDecision(source, "hoist-blocked-member-scoped", strategy: .hoist, action: .report, facts: [".id"], unchanged: true)
    }

    func testMemberScopedModifiersForceDistribution() {
        for modifier in [".id(1)", ".transition(.opacity)", ".zIndex(1)", ".tag(1)",
                         ".matchedGeometryEffect(id: 1, in: namespace)"] {
            let (text, _) = assertDecision(view("Group {\n    Text(\"a\")\n}\n\(modifier)\n.onAppear {}"), "distribute")
            XCTAssertTrue(text.contains("        Text(\"a\")\n            \(modifier)\n            .onAppear {}"), text)
        }
    }

    func testListRowModifiersBlockAHoistOnlyInARow() {
        for modifier in [".listRowSeparator(.hidden)", ".listRowInsets(EdgeInsets())", ".swipeActions { Text(\"x\") }"] {
            // A screen (the body), one view on every path: the one view is configured the same on a container.
            let screen = view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n\(modifier)\n.onAppear {}")
            assertDecision(screen, "hoist-no-runtime-change")
            // A row of a List builder: each member is a row of its own, so the modifier acts on each.
            let row = view("List {\n    Group {\n        if flag {\n            Text(\"a\")\n        } else {\n            Text(\"b\")\n        }\n    }\n    \(modifier)\n    .onAppear {}\n}")
            assertDecision(row, "distribute")
        }
        // A screen that shows nothing on some path, with a list-row modifier: likely a row where it is used,
        // where a container would add an empty row. The words name the modifier (Finding has no typed field for it).
        let mayBeEmpty = view("Group {\n    if flag {\n        Text(\"a\")\n    }\n}\n.listRowSeparator(.hidden)\n.onAppear {}")
        assertDecision(mayBeEmpty, "hoist-blocked-list-row", strategy: .hoist, action: .report, facts: [".listRowSeparator"])
    }

    func testAListRowModifierOnAScreensContentDoesNotMakeItARow() {
        let group = "Group {\n    if flag {\n        Text(\"a\")\n    }\n}\n.listRowSeparator(.hidden)\n.onAppear {}"
        assertDecision(view(group), "distribute")
        assertDecision(view(group + "\n.navigationTitle(\"Shelf\")"), "hoist-empty-path")
    }

    func testAnAppsOwnModifierIsDecidedByWhatItApplies() {
        let modifiers = """
            extension View {
                func refreshOnAppear(_ work: @escaping @Sendable () async -> Void) -> some View { onAppear { Task { await work() } } }
                func pinned(_ shelf: Int) -> some View { id(shelf) }
                func jarSheet(_ shown: Binding<Bool>) -> some View { sheet(isPresented: shown) { Text("Jar") } }
                func styled() -> some View { padding() }
                func glowing() -> some View { onAppear { } }
            }
            """
        let index = ModuleIndex(files: { ["Modifiers.swift"] }) { $0 == "Modifiers.swift" ? Array(modifiers.utf8) : nil }
        func source(_ chain: String) -> String {
            view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n" + chain)
        }
        func assertDecided(_ chain: String, _ id: String?, strategy: GroupStrategy = .auto, line: UInt = #line) {
            assertDecisions(marked(source(chain)), rules: rule, configuration: settings(strategy), module: index, path: "V.swift",
                            id.map { [DecisionSpec("1️⃣", "group-lifecycle/" + $0)] } ?? [], line: line)
        }
        // A modifier that applies onAppear is the Group's lifecycle modifier; one that only styles is not.
        assertDecided(".refreshOnAppear { await Feed.refresh() }", "hoist-no-runtime-change")
        assertDecided(".styled()", nil)
        // One whose onAppear is its own (it takes no action from the caller) is not the Group's lifecycle modifier.
        assertDecided(".glowing()", nil)
        // One that applies .id blocks the hoist as .id does, then the chain is copied onto each member.
        assertDecided(".pinned(1)\n.onAppear { }", "distribute")
        assertDecided(".id(1)\n.onAppear { }", "distribute")
        assertDecided(".pinned(1)\n.onAppear { }", "hoist-blocked-member-scoped", strategy: .hoist)
        // One that presents is a presentation, as .sheet is.
        assertDecided(".pinned(1)\n.jarSheet($flag)\n.onAppear { }", "presents-or-navigates")
        assertDecided(".id(1)\n.sheet(isPresented: $flag) { Text(\"Jar\") }\n.onAppear { }", "presents-or-navigates")
    }

    func testABodyGroupIsDecidedWhereItsViewIsUsedAndTheFindingNamesThatPlace() {
        let badge = """
            struct OfferBadge: View {
                let offer: String?
                var body: some View {
                    1️⃣Group {
                        if let offer { Text(offer) }
                    }
                    .onAppear { }
                }
            }

            """
        func decided(_ marked: String, usedBy user: String?, _ id: String, line: UInt = #line) -> Finding? {
            let files = ["App/OfferBadge.swift": MarkedSource(marked).text].merging(user.map { ["App/Store.swift": $0] } ?? [:]) { first, _ in first }
            let index = ModuleIndex(files: { Array(files.keys) }) { files[$0].map { Array($0.utf8) } }
            return assertDecisions(marked, rules: rule, module: index, path: "App/OfferBadge.swift", [
                DecisionSpec("1️⃣", "group-lifecycle/" + id),
            ], line: line).findings.first
        }
        let padded = decided(badge, usedBy: "struct Store: View {\n    var body: some View {\n        OfferBadge(offer: nil).padding()\n    }\n}\n", "hoist-empty-path")
        XCTAssertEqual(padded?.safety?.explanation?.hasSuffix("; the empty ZStack then still takes the padding it is given where the view is used (in Store.swift:3)"), true)
        // An empty row where the view is a List's row.
        decided(badge, usedBy: "struct Store: View {\n    var body: some View {\n        List {\n            OfferBadge(offer: nil)\n        }\n    }\n}\n", "distribute")
        // No place seen: decided as it stands.
        let always = badge.replacingOccurrences(of: "if let offer { Text(offer) }", with: "if let offer { Text(offer) } else { Text(\"None\") }")
        let unseen = decided(always, usedBy: nil, "hoist-no-runtime-change")
        XCTAssertEqual(unseen?.safety?.explanation?.hasSuffix("(outside a row: where the view is used was not seen)"), true)
        let previewOnly = decided(badge, usedBy: "#Preview {\n    OfferBadge(offer: \"10%\").padding()\n}\n", "hoist-empty-path")
        XCTAssertEqual(previewOnly?.safety?.explanation?.contains("padding"), false, "a preview is no place the view is used")
    }

    func testEnvironmentModifiersAreCopiedOntoEachMember() {
        for modifier in [".environment(\\.locale, locale)", ".environmentObject(model)"] {
            let (text, _) = assertDecision(memberScoped(modifier), "distribute")
            XCTAssertTrue(text.contains("Text(\"a\")\n                .id(flag)\n                \(modifier)"), text)
        }
    }

    func testGroupOutsideAViewBuilderIsReported() {
        let source = view("Text(\"a\")\n    .overlay(Group {\n        if flag {\n            Text(\"b\")\n        }\n    }.id(flag).onAppear {})")
        assertDecision(source, "not-in-builder", unchanged: true)
    }

    func testUnknownContainerClosureIsNotTakenForABuilder() {
        let source = view("Card {\n    Group {\n        if flag {\n            Text(\"b\")\n        }\n    }\n    .onAppear {}\n}")
        assertDecision(source, "not-in-builder", strategy: .distribute, action: .report)
    }

    func testIfBranchOfBodyIsABuilder() {
        let source = view("if flag {\n    Group {\n        if flag {\n            Text(\"b\")\n        }\n    }\n    .onAppear {}\n}")
        let (text, _) = assertDecision(source, "distribute", strategy: .distribute)
        XCTAssertTrue(text.contains("        if flag {\n            if flag {\n                Text(\"b\")\n                    .onAppear {}\n            }\n        }"), text)
    }

    func testReturnInBodyIsDropped() {
        let source = view("return Group {\n    if flag {\n        Text(\"b\")\n    }\n}\n.onAppear {}")
        let (text, _) = assertDecision(source, "distribute", strategy: .distribute)
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
        let (text, _) = assertDecision(source, "distribute", strategy: .distribute)
        XCTAssertTrue(text.contains("    /// The content.\n    @ViewBuilder\n    @MainActor private var content: some View {\n        if flag {"), text)
    }

    func testBranchBindingUsedByTheChainBlocksDistribution() {
        // The words name the binding (Finding has no typed field for it).
        let ifLet = view("Group {\n    if let name {\n        Text(name)\n    }\n}\n.task {\n    print(name)\n}")
        assertDecision(ifLet, "shadowed-name", strategy: .distribute, facts: ["name"], unchanged: true)
        let caseLet = view("Group {\n    switch phase {\n    case .failed(let message):\n        Text(message)\n    default:\n        Text(\"a\")\n    }\n}\n.onAppear {\n    print(message)\n}")
        assertDecision(caseLet, "shadowed-name", strategy: .distribute, facts: ["message"])
        // `.name` after a dot is not the binding.
        let memberOnly = view("Group {\n    if let name {\n        Text(name)\n    }\n}\n.task {\n    model.name = \"a\"\n}")
        assertDecision(memberOnly, "distribute", strategy: .distribute)
        // A declaration inside a branch binds its name there.
        let branchLet = view("Group {\n    if flag {\n        let name = \"a\"\n        Text(name)\n    }\n}\n.task {\n    print(name)\n}")
        assertDecision(branchLet, "shadowed-name", strategy: .distribute, facts: ["name"])
    }

    func testAnActionThatChangesWhichMemberShowsIsNotDistributed() {
        // Copied into the branches, an action that switches the members starts again on every
        // member it brings in: `.id` blocks the hoist, so each of these is reported. The words name the blocking
        // modifier, the action, and what it changes (Finding has no typed fields for them).
        let assigned = "Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.id(1)\n.task {\n    flag = true\n    await work()\n}"
        assertDecision(view(assigned), "chooses-member", action: .report, facts: [".id", ".task", "flag"], unchanged: true)
        let called = "Group {\n    switch model.phase {\n    case .idle:\n        Text(\"a\")\n    default:\n        Text(\"b\")\n    }\n}\n.id(1)\n.onAppear {\n    model.start()\n}"
        assertDecision(view(called), "chooses-member", action: .report, facts: [".onAppear", "model.start()", "model.phase"], unchanged: true)
        let helper = view(
            "Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        if ready {\n            Text(\"b\")\n        }\n    }\n}\n.id(1)\n.onDisappear(perform: reset)",
            extra: "    @State private var ready = false\n    func reset() { ready = false }\n")
        assertDecision(helper, "chooses-member", action: .report, facts: [".onDisappear", "ready"], unchanged: true)

        // Control: an action that writes other state is still distributed.
        let other = view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.id(1)\n.onAppear {\n    count += 1\n}", extra: "    @State private var count = 0\n")
        let (text, _) = assertDecision(other, "distribute")
        XCTAssertTrue(text.contains("            Text(\"a\")\n                .id(1)\n                .onAppear {\n                    count += 1\n"), text)
    }

    func testAGroupInTheContentOfAnItemContainerIsReported() {
        // There each view is an item (a menu item, an option, a tab): a container would be one item.
        let group = "Group {\n    if flag {\n        Button(\"A\") {}\n    } else {\n        Button(\"B\") {}\n    }\n}\n.onAppear {}"
        func indented(_ text: String, by levels: Int) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : String(repeating: "    ", count: levels) + $0 }.joined(separator: "\n")
        }
        let holders: [(String, String)] = [
            ("Menu", "Menu(\"More\") {\n\(indented(group, by: 1))\n}"),
            ("Picker", "Picker(\"Pick\", selection: $choice) {\n\(indented(group, by: 1))\n}"),
            ("TabView", "TabView {\n\(indented(group, by: 1))\n}"),
            (".contextMenu", "Text(\"x\")\n    .contextMenu {\n\(indented(group, by: 2))\n    }"),
            (".toolbar", "Text(\"x\")\n    .toolbar {\n\(indented(group, by: 2))\n    }"),
            ("Menu", "Menu(\"More\") {\n    Section {\n\(indented(group, by: 2))\n    }\n}"),
        ]
        for (name, body) in holders {
            // The words name the item container and the action to move (Finding has no typed fields for them).
            assertDecision(view(body), "item-content", action: .report, facts: [name, ".onAppear"], unchanged: true)
        }
        // Several members in a menu: still item content, never "move the modifier to a container".
        assertDecision(view("Menu(\"More\") {\n    Group {\n        Button(\"A\") {}\n        Button(\"B\") {}\n    }\n    .onAppear {}\n}"), "item-content")
        // Controls: a stack's content, a List's Section and a sheet's content lay views out, so the hoist stays.
        for (body, id) in [("VStack {\n\(indented(group, by: 1))\n}", "hoist-no-runtime-change"),
                           ("List {\n    Section {\n\(indented(group, by: 2))\n    }\n}", "hoist-in-row"),
                           ("Text(\"x\")\n    .sheet(isPresented: $shown) {\n\(indented(group, by: 2))\n    }", "hoist-no-runtime-change")] {
            let (text, _) = assertDecision(view(body), id, action: .rewrite)
            XCTAssertTrue(text.contains("ZStack {"), text)
        }
    }

    func testAMemberNamingAHelperThatShowsSeveralViewsIsReported() {
        let group = "Group {\n    if flag {\n        Text(\"empty\")\n    } else {\n        MEMBER\n    }\n}\n.onAppear {}"
        func source(_ member: String, _ helper: String) -> String {
            view(group.replacingOccurrences(of: "MEMBER", with: member), extra: helper)
        }
        // The words name the helper (Finding has no typed field for it).
        let property = "    @ViewBuilder private var rows: some View {\n        Text(\"a\")\n        Text(\"b\")\n    }\n"
        for member in ["rows", "self.rows", "rows.padding()"] {
            assertDecision(source(member, property), "helper-shows-several", action: .report, facts: ["rows"])
        }
        let function = "    @ViewBuilder private func rows() -> some View {\n        Text(\"a\")\n        Text(\"b\")\n    }\n"
        assertDecision(source("rows()", function), "helper-shows-several", facts: ["rows()"])

        // Controls: one view on every path of the helper, or a helper that is not a builder, still hoist.
        let oneEach = "    @ViewBuilder private var rows: some View {\n        if flag {\n            Text(\"a\")\n        } else {\n            Text(\"b\")\n        }\n    }\n"
        assertDecision(source("rows", oneEach), "hoist-no-runtime-change", action: .rewrite)
        let plain = "    private var rows: some View {\n        VStack {\n            Text(\"a\")\n            Text(\"b\")\n        }\n    }\n"
        assertDecision(source("rows", plain), "hoist-no-runtime-change", action: .rewrite)
    }

    func testCommentAfterAMemberStaysOnItsLine() {
        let source = view("Group {\n    if flag {\n        Text(\"a\") // the title\n    }\n}\n.onAppear {}")
        let (text, _) = assertDecision(source, "distribute", strategy: .distribute)
        XCTAssertTrue(text.contains("            Text(\"a\") // the title\n                .onAppear {}\n"), text)
    }

    func testUnusualLayoutIsReported() {
        let source = view("Group { // wrapper\n    if flag {\n        Text(\"a\")\n    }\n}\n.onAppear {}")
        assertDecision(source, "layout", strategy: .distribute, unchanged: true)
    }

    func testGroupWithoutLifecycleModifierOrWithoutMembers() {
        assertNoDecisions(view("Group {\n    Text(\"a\")\n}\n.font(.title)"), rules: rule)
        // Only EmptyView, or nothing: the action never runs.
        assertDecision(view("Group {\n    EmptyView()\n}\n.onAppear {}"), "shows-no-view", action: .report)
        assertDecision(view("Group {\n}\n.onAppear {}"), "shows-no-view", action: .report)
    }

    func testNestedDistributionsSettleInOneOutput() {
        let source = view("""
            VStack {
                1️⃣Group {
                    2️⃣Group {
                        if flag {
                            Text("a")
                        }
                    }
                    .task {}
                }
                .onAppear {}
            }
            """)
        assertDecisions(source, rules: rule, configuration: settings(.distribute), [
            DecisionSpec("1️⃣", "group-lifecycle/distribute"),
            DecisionSpec("2️⃣", "group-lifecycle/distribute"),
        ], after: view("""
            VStack {
                if flag {
                    Text("a")
                        .task {}
                        .onAppear {}
                }
            }
            """), mergesFixes: true)
    }

    // MARK: Policy

    private let emptyPathSentence = "and now also when no member shows (the Group ran nothing then)"

    func testEmptyPathsAreHoistedWithTheExtendedLabel() {
        let sources = [
            "Group {\n    if flag {\n        Text(\"a\")\n    }\n}\n.onAppear {}",
            "Group {\n    switch flag {\n    case true:\n        Text(\"a\")\n    default:\n        EmptyView()\n    }\n}\n.task {}",
            "Group {\n    if flag {\n        Text(\"a\")\n    } else if !flag {\n        Text(\"b\")\n    }\n}\n.onDisappear {}",
        ]
        for body in sources {
            let (text, findings) = assertDecision(view(body), "hoist-empty-path")
            XCTAssertTrue(text.contains("        ZStack {\n"), text)
            let label = findings.first?.safety?.explanation ?? ""
            XCTAssertTrue(label.hasPrefix("runs once per appearance of the container"), label)
            XCTAssertTrue(label.hasSuffix(emptyPathSentence), label)
        }
        let always = assertDecision(view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.onAppear {}"),
                                    "hoist-no-runtime-change")
        XCTAssertFalse(always.findings.first?.safety?.explanation?.contains(emptyPathSentence) ?? true)
    }

    func testEmptyRowsOfListFormSectionAndForEachAreDistributed() {
        let group = "Group {\n        if flag {\n            Text(\"a\")\n        }\n    }\n    .onAppear {}"
        let distributed = "    if flag {\n            Text(\"a\")\n                .onAppear {}\n        }"
        for container in ["List {", "Form {", "Section {", "VStack {\n    ForEach(0..<2, id: \\.self) { index in", "List {\n    Group {"] {
            let closing = String(repeating: "\n}", count: container.components(separatedBy: "{").count - 1)
            // The Group under test is the last one: the outer Group of the last container is plain.
            let source = view("\(container)\n    1️⃣\(group)\(closing)")
            let (text, _) = assertDecisions(source, rules: rule, [DecisionSpec("1️⃣", "group-lifecycle/distribute")])
            XCTAssertFalse(text.contains("ZStack"), text)
            XCTAssertTrue(text.contains(distributed) || text.contains(distributed.replacingOccurrences(of: "\n        ", with: "\n            ")), text)
        }
        // In a stack an empty ZStack is no row; and a row that always shows one view stays one row.
        XCTAssertTrue(assertDecision(view("VStack {\n    \(group)\n}"), "hoist-empty-path").text.contains("ZStack {"))
        let oneRow = "List {\n    Group {\n        if flag {\n            Text(\"a\")\n        } else {\n            Text(\"b\")\n        }\n    }\n    .onAppear {}\n}"
        XCTAssertTrue(assertDecision(view(oneRow), "hoist-in-row").text.contains("List {\n            ZStack {"))
    }

    func testHoistStrategyNamesTheEmptyRow() {
        let source = view("List {\n    Group {\n        if flag {\n            Text(\"a\")\n        }\n    }\n    .task {}\n}")
        // The words name the row's container and the action to move (Finding has no typed fields for them).
        assertDecision(source, "hoist-blocked-empty-row", strategy: .hoist, facts: ["List", ".task"], unchanged: true)
    }

    /// `body` as a Group of `flag ? A : B` carrying `.id(flag)` (which keeps it from becoming a container) and `chain`.
    private func memberScoped(_ chain: String, members: String = "if flag {\n    Text(\"a\")\n} else {\n    Text(\"b\")\n}") -> String {
        let content = members.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        return view("Group {\n\(content)\n}\n.id(flag)\n\(chain)\n.onAppear {}", extra: "    @State private var show = false\n")
    }

    func testPresentationAndNavigationModifiersBlockDistribution() {
        for modifier in [".sheet(isPresented: $show) { Text(\"s\") }", ".alert(\"a\", isPresented: $show) {}",
                         ".fullScreenCover(isPresented: $show) { Text(\"s\") }", ".popover(isPresented: $show) { Text(\"s\") }",
                         ".confirmationDialog(\"c\", isPresented: $show) {}", ".navigationDestination(for: Int.self) { Text(\"\\($0)\") }",
                         ".navigationTitle(\"t\")", ".toolbar { Text(\"t\") }", ".searchable(text: $query)",
                         ".refreshable {}"] {
            let name = String(modifier.dropFirst().prefix { $0.isLetter })
            // The words name the modifier blocking the hoist, the presenting one and the action to move (Finding has
            // no typed fields for them).
            assertDecision(memberScoped(modifier), "presents-or-navigates", facts: [".id", ".\(name)", ".onAppear"], unchanged: true)
        }
    }

    func testUnknownModifiersBlockDistribution() {
        for modifier in [".injectTabDestinations()", ".onFirstAppear {}", ".toast(isPresented: $show)"] {
            let name = String(modifier.dropFirst().prefix { $0.isLetter })
            // The words name the unknown modifier (Finding has no typed field for it).
            assertDecision(memberScoped(modifier), "unknown-modifier", facts: [".\(name)"], unchanged: true)
        }
        for known in [".padding()", ".font(.title)", ".accessibilityLabel(\"a\")", ".onChange(of: flag) { _ in }",
                      ".listRowSeparator(.hidden)", ".frame(width: 10)"] {
            assertDecision(memberScoped(known), "distribute", action: .rewrite)
        }
    }

    func testEmptyViewMembersBlockDistribution() {
        let source = memberScoped("", members: "if flag {\n    Text(\"a\")\n} else {\n    EmptyView()\n}")
        assertDecision(source, "empty-view-member", unchanged: true)
    }

    func testDistributionLineBudget() {
        // Three members: two more copies. `.id(flag)` + 18 lines of `.padding()` + `.onAppear {}` = 20 lines → 40: allowed.
        let three = "if flag {\n    Text(\"a\")\n} else if show {\n    Text(\"b\")\n} else {\n    Text(\"c\")\n}"
        let atLimit = memberScoped(Array(repeating: ".padding()", count: 18).joined(separator: "\n"), members: three)
        assertDecision(atLimit, "distribute", action: .rewrite)
        // The words name the chain's lines, the copies, the lines added and the limit (Finding has no typed fields for them).
        let overLimit = memberScoped(Array(repeating: ".padding()", count: 19).joined(separator: "\n"), members: three)
        assertDecision(overLimit, "over-budget", facts: ["21", "2", "42", "40"], unchanged: true)
    }

    func testEveryBlockerIsNamed() {
        let source = memberScoped(".sheet(isPresented: $show) { Text(\"s\") }\n.injectTabDestinations()",
                                  members: "if flag {\n    Text(\"a\")\n} else {\n    EmptyView()\n}")
        // The first blocker decides; the words name every one (Finding has no typed fields for them).
        assertDecision(source, "presents-or-navigates", facts: [".sheet", ".injectTabDestinations", "EmptyView()"])
    }

    func testClosureParametersAndLocalsOfTheChainAreNotConflicts() {
        func source(_ chain: String) -> String { view("Group {\n    if let error {\n        Text(error)\n    }\n}\n\(chain)") }
        for chain in [".onChange(of: flag) { error in\n    print(error)\n}\n.onAppear {}",
                      ".onChange(of: flag) { (error: Bool) in\n    print(error)\n}\n.onAppear {}",
                      ".task {\n    do {\n        try await load()\n    } catch {\n        print(error)\n    }\n}",
                      ".task {\n    let error = await load()\n    print(error)\n}",
                      ".task {\n    if let error = await load() {\n        print(error)\n    }\n}"] {
            assertDecision(source(chain), "distribute", strategy: .distribute, action: .rewrite)
        }
        // The outer `error` itself, or captured by name, is a conflict.
        for chain in [".task {\n    print(error)\n}", ".task { [error] in\n    print(error)\n}", ".task { [copy = error] in\n    print(copy)\n}",
                      ".task {\n    do {\n        print(error)\n    }\n}"] {
            assertDecision(source(chain), "shadowed-name", strategy: .distribute, action: .report)
        }
        // A closure in the branch's condition binds nothing for the branch.
        let conditionClosure = view("Group {\n    if items.contains(where: { item in item.isEmpty }) {\n        Text(\"a\")\n    }\n}\n.task {\n    print(item)\n}")
        assertDecision(conditionClosure, "distribute", strategy: .distribute, action: .rewrite)
    }

    func testOnlyTheGroupsOwnStatementsAreChecked() {
        let nested = view("1️⃣Group {\n    if flag {\n        Group {\n            let title = \"a\"\n            Text(title)\n        }\n    }\n}\n.onAppear {}")
            .replacingOccurrences(of: "        1️⃣Group", with: "2️⃣        1️⃣Group")
        // The outer Group distributes; the inner one, now carrying `.onAppear`, has its own `let` and is reported: found in
        // the next pass, inside the outer Group's edit, it is placed where that edit starts (the outer Group's line).
        let (text, _) = assertDecisions(nested, rules: rule, configuration: settings(.distribute), [
            DecisionSpec("1️⃣", "group-lifecycle/distribute", action: .rewrite),
            DecisionSpec("2️⃣", "group-lifecycle/other-statements", action: .report),
        ])
        XCTAssertTrue(text.contains("            Group {\n                let title = \"a\"\n                Text(title)\n            }\n            .onAppear {}"), text)
        let topLevel = view("Group {\n    let title = \"a\"\n    Text(title)\n}\n.id(flag)\n.onAppear {}")
        assertDecision(topLevel, "other-statements")
        XCTAssertEqual(members("if a {\n    let title = \"a\"\n    Text(title)\n}").unsupported.count, 0)
        XCTAssertEqual(members("if a {\n    let title = \"a\"\n    Text(title)\n}").boundNames, ["title"])
        XCTAssertEqual(members("Group {\n    let title = \"a\"\n    Text(title)\n}").unsupported.count, 0)
        XCTAssertEqual(members("#if DEBUG\nlet title = \"a\"\nText(title)\n#endif").unsupported.count, 1)
    }

    // MARK: Group site

    private func site(_ source: String) -> (GroupSite, RuleContext) {
        let tree = Parser.parse(source: source)
        let context = RuleContext(tree: tree, bytes: Array(source.utf8), file: "", configuration: Configuration())
        return (Array(GroupSite.all(in: context)).first!, context)
    }

    func testUnwrapObstaclesComeFromOneEnum() {
        func obstacle(_ body: String) -> GroupSite.Obstacle? {
            let (site, context) = site(view(body))
            do {
                _ = try site.unwrapEdits(in: context)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(obstacle("Group {\n}\n.padding()"), .noMembers)
        XCTAssertEqual(obstacle("Group {\n    let a = 1\n    Text(\"\\(a)\")\n}\n.padding()"), .otherStatements)
        XCTAssertEqual(obstacle("Group {\n    if let name {\n        Text(name)\n    }\n}\n.id(name)"), .shadowed("name"))
        XCTAssertEqual(obstacle("Text(\"a\").overlay(Group {\n    Text(\"b\")\n}.padding())"), .notInBuilder)
        XCTAssertEqual(obstacle("Group { // note\n    Text(\"a\")\n}\n.padding()"), .layout)
        XCTAssertNil(obstacle("Group {\n    Text(\"a\")\n}\n.padding()"))
    }

    func testChainLineCountAndRowContainer() {
        func lines(_ body: String) -> Int {
            let (site, context) = site(view(body))
            return site.chainLineCount(in: context)
        }
        XCTAssertEqual(lines("Group {\n    Text(\"a\")\n}"), 0)
        XCTAssertEqual(lines("Group {\n    Text(\"a\")\n}\n.padding()"), 1)
        XCTAssertEqual(lines("Group {\n    Text(\"a\")\n}.task {\n    print(1)\n}"), 3)
        XCTAssertEqual(lines("Group {\n    Text(\"a\")\n}\n.padding()\n\n// note\n.onAppear {\n}"), 5)
        XCTAssertEqual(site(view("List {\n    if flag {\n        Group {\n            Text(\"a\")\n        }\n    }\n}")).0.rowContainer, "List")
        XCTAssertEqual(site(view("Form {\n    Group {\n        Group {\n            Text(\"a\")\n        }\n    }\n}")).0.rowContainer, "Form")
        XCTAssertNil(site(view("VStack {\n    Group {\n        Text(\"a\")\n    }\n}")).0.rowContainer)
        XCTAssertNil(site(view("Group {\n    Text(\"a\")\n}")).0.rowContainer)
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
        XCTAssertEqual(counts("Group { EmptyView() }"), [0, 0, 1])
        XCTAssertEqual(members("if a { A() } else { EmptyView() }").emptyViews.count, 1)
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
