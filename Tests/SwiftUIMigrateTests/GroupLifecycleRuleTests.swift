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
        XCTAssertEqual(finding?.reasonID, "group-lifecycle/hoist-no-runtime-change")
    }

    /// An action that opens with a check stopping it while the value choosing the member is at its initial
    /// value only ever ran again on the member a new value brought in: the hoist keys a task on the value,
    /// or reports; an action that proceeds at first (a loader) is hoisted as before.
    func testAnActionWaitingForTheMemberChoiceIsKeyedOnIt() {
        let group = "Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n"
        func decided(_ chain: String) -> (String?, String) {
            let (text, migration) = migrate(view(group + chain, extra: "    func load() async {}\n"))
            return (migration.findings.first?.reasonID, text)
        }
        let keyed = [
            (".task {\n    guard flag else { return }\n    await load()\n}", ".task(id: flag) {"),
            (".task(priority: .low) {\n    if !flag { return }\n    await load()\n}", ".task(id: flag, priority: .low) {"),
            (".task {\n    if flag == true {\n        await load()\n    }\n}", ".task(id: flag) {"),
        ]
        for (chain, header) in keyed {
            let (reason, text) = decided(chain)
            XCTAssertEqual(reason, "group-lifecycle/hoist-task-id", chain)
            XCTAssertTrue(text.contains(header) && text.contains("ZStack {"), text)
        }
        XCTAssertEqual(decided(".onAppear {\n    guard flag else { return }\n    Task { await load() }\n}").0,
                       "group-lifecycle/reads-member-choice")
        XCTAssertEqual(decided(".task(id: 1) {\n    guard flag else { return }\n    await load()\n}").0,
                       "group-lifecycle/reads-member-choice")
        // Goes on at first (flag starts false): the action does not wait for the other member.
        XCTAssertEqual(decided(".task {\n    guard !flag else { return }\n    await load()\n}").0,
                       "group-lifecycle/hoist-no-runtime-change")
        XCTAssertEqual(decided(".task {\n    await load()\n    guard flag else { return }\n}").0,
                       "group-lifecycle/hoist-no-runtime-change")
    }

    func testAHoistSaysWhetherItChangesWhatTheAppDoesOnItsFloor() {
        let group = "Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.onAppear {}"
        func hoist(_ source: String, floor: [Platform: PlatformVersion]?) -> Finding? {
            var configuration = floor.map(Configuration.withDeploymentTarget) ?? Configuration()
            configuration.rules = ["group-lifecycle": true]
            let finding = MigrationEngine(configuration: configuration).migrate(source: source).migration.findings.first
            XCTAssertEqual(finding?.action, .rewrite, source)
            return finding
        }
        // Outside a row builder, on an iOS 15+ floor (or none known), iOS 15+ SDK builds already merge the action.
        XCTAssertEqual(hoist(view(group), floor: [.iOS: PlatformVersion(16)])?.reasonID, "group-lifecycle/hoist-no-runtime-change")
        XCTAssertEqual(hoist(view(group), floor: nil)?.reasonID, "group-lifecycle/hoist-no-runtime-change")
        // Below iOS 15 the action ran once per member there: the hoist changes it.
        XCTAssertEqual(hoist(view(group), floor: [.iOS: PlatformVersion(14)])?.reasonID, "group-lifecycle/hoist-below-merging-floor")
        // In a List each member is a row of its own, whose action the hoist makes one.
        let row = view("List {\n" + group + "\n}")
        XCTAssertEqual(hoist(row, floor: [.iOS: PlatformVersion(16)])?.reasonID, "group-lifecycle/hoist-in-row")
        XCTAssertEqual(hoist(row, floor: [.iOS: PlatformVersion(16)])?.safety?.name, "behavior-change", "the label is kept")

        // The label stays strict; the printed line and the runtimeChange field sort them.
        let same = hoist(view(group), floor: [.iOS: PlatformVersion(16)])
        XCTAssertEqual(same?.safety?.changesRuntime, false)
        XCTAssertEqual(same?.safety?.name, "behavior-change")
        XCTAssertTrue(XcodeFormat.line(for: same!).contains("(behavior-change, no runtime change on this floor)"))
        XCTAssertEqual(hoist(row, floor: [.iOS: PlatformVersion(16)])?.safety?.changesRuntime, true)
        XCTAssertEqual(hoist(view(group), floor: [.iOS: PlatformVersion(14)])?.safety?.changesRuntime, true)
    }

    func testAHoistWithAnEmptyPathSaysTheContainerNowTakesAPlace() {
        let onlyIf = "Group {\n    if flag {\n        Text(\"a\")\n    }\n}\n.onAppear {}"
        func hoist(_ body: String) -> Finding? {
            migrate(view(body)).migration.findings.first
        }
        let alone = hoist(onlyIf)
        XCTAssertEqual(alone?.reasonID, "group-lifecycle/hoist-empty-path")
        XCTAssertEqual(alone?.safety?.changesRuntime, true)
        XCTAssertFalse(alone?.safety?.explanation?.contains("takes a place") ?? true)
        let spaced = hoist("VStack(spacing: 8) {\n" + onlyIf + "\n    Text(\"b\")\n}")
        XCTAssertEqual(spaced?.reasonID, "group-lifecycle/hoist-empty-path")
        XCTAssertTrue(spaced?.safety?.explanation?.hasSuffix("the empty ZStack then still takes a place in the VStack, with its spacing") ?? false,
                      spaced?.safety?.explanation ?? "")
        let unspaced = hoist("HStack(spacing: 0) {\n" + onlyIf + "\n    Text(\"b\")\n}")
        XCTAssertFalse(unspaced?.safety?.explanation?.contains("takes a place") ?? true)
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
            XCTAssertEqual(migration.findings.first?.reasonID, "group-lifecycle/several-members")
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
        XCTAssertEqual(migration.findings.first?.reasonID, "group-lifecycle/hoist-blocked-member-scoped")
        XCTAssertTrue(migration.findings.first?.reason?.contains(".id") ?? false, "the reason names the modifier")
    }

    func testMemberScopedModifiersForceDistribution() {
        for modifier in [".id(1)", ".transition(.opacity)", ".zIndex(1)", ".tag(1)",
                         ".matchedGeometryEffect(id: 1, in: namespace)"] {
            let source = view("Group {\n    Text(\"a\")\n}\n\(modifier)\n.onAppear {}")
            let (text, migration) = migrate(source)
            XCTAssertEqual(migration.findings.first?.message, "distribute the Group's modifiers onto its members", modifier)
            XCTAssertTrue(text.contains("        Text(\"a\")\n            \(modifier)\n            .onAppear {}"), text)
        }
    }

    func testListRowModifiersBlockAHoistOnlyInARow() throws {
        for modifier in [".listRowSeparator(.hidden)", ".listRowInsets(EdgeInsets())", ".swipeActions { Text(\"x\") }"] {
            // A screen (the body), one view on every path: the one view is configured the same on a container.
            let screen = view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n\(modifier)\n.onAppear {}")
            let hoisted = migrate(screen)
            XCTAssertEqual(hoisted.migration.findings.first?.message, "replace the Group with a ZStack so the lifecycle action belongs to one view", modifier)
            // A row of a List builder: each member is a row of its own, so the modifier acts on each.
            let row = view("List {\n    Group {\n        if flag {\n            Text(\"a\")\n        } else {\n            Text(\"b\")\n        }\n    }\n    \(modifier)\n    .onAppear {}\n}")
            XCTAssertEqual(migrate(row).migration.findings.first?.message, "distribute the Group's modifiers onto its members", modifier)
        }
        // A screen that shows nothing on some path, with a list-row modifier: likely a row where it is used,
        // where a container would add an empty row.
        let mayBeEmpty = view("Group {\n    if flag {\n        Text(\"a\")\n    }\n}\n.listRowSeparator(.hidden)\n.onAppear {}")
        let finding = try XCTUnwrap(migrate(mayBeEmpty, strategy: .hoist).migration.findings.first)
        XCTAssertEqual(finding.action, .report)
        XCTAssertTrue(finding.reason?.hasPrefix("the chain has .listRowSeparator, so the Group is likely a list row") ?? false, finding.reason ?? "")
    }

    func testAListRowModifierOnAScreensContentDoesNotMakeItARow() {
        let group = "Group {\n    if flag {\n        Text(\"a\")\n    }\n}\n.listRowSeparator(.hidden)\n.onAppear {}"
        XCTAssertEqual(migrate(view(group)).migration.findings.map(\.reasonID), ["group-lifecycle/distribute"])
        let screen = group + "\n.navigationTitle(\"Shelf\")"
        XCTAssertEqual(migrate(view(screen)).migration.findings.map(\.reasonID), ["group-lifecycle/hoist-empty-path"])
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
        func decided(_ chain: String, strategy: GroupStrategy = .auto) -> [String] {
            var configuration = Configuration()
            configuration.strategy = strategy
            let engine = MigrationEngine(configuration: configuration, rules: [GroupLifecycleRule()])
            let source = view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n" + chain)
            return engine.migrate(bytes: Array(source.utf8), file: "V.swift", module: index).findings.map(\.reasonID)
        }
        // A modifier that applies onAppear is the Group's lifecycle modifier; one that only styles is not.
        XCTAssertEqual(decided(".refreshOnAppear { await Feed.refresh() }"), ["group-lifecycle/hoist-no-runtime-change"])
        XCTAssertEqual(decided(".styled()"), [])
        // One whose onAppear is its own (it takes no action from the caller) is not the Group's lifecycle modifier.
        XCTAssertEqual(decided(".glowing()"), [])
        // One that applies .id blocks the hoist as .id does, then the chain is copied onto each member.
        XCTAssertEqual(decided(".pinned(1)\n.onAppear { }"), ["group-lifecycle/distribute"])
        XCTAssertEqual(decided(".id(1)\n.onAppear { }"), ["group-lifecycle/distribute"])
        XCTAssertEqual(decided(".pinned(1)\n.onAppear { }", strategy: .hoist), ["group-lifecycle/hoist-blocked-member-scoped"])
        // One that presents is a presentation, as .sheet is.
        XCTAssertEqual(decided(".pinned(1)\n.jarSheet($flag)\n.onAppear { }"), ["group-lifecycle/presents-or-navigates"])
        XCTAssertEqual(decided(".id(1)\n.sheet(isPresented: $flag) { Text(\"Jar\") }\n.onAppear { }"), ["group-lifecycle/presents-or-navigates"])
    }

    func testABodyGroupIsDecidedWhereItsViewIsUsedAndTheFindingNamesThatPlace() throws {
        let badge = """
            struct OfferBadge: View {
                let offer: String?
                var body: some View {
                    Group {
                        if let offer { Text(offer) }
                    }
                    .onAppear { }
                }
            }

            """
        func decided(usedBy user: String?) throws -> Finding {
            let files = ["App/OfferBadge.swift": badge] .merging(user.map { ["App/Store.swift": $0] } ?? [:]) { first, _ in first }
            let index = ModuleIndex(files: { Array(files.keys) }) { files[$0].map { Array($0.utf8) } }
            let engine = MigrationEngine(configuration: Configuration(), rules: [GroupLifecycleRule()])
            return try XCTUnwrap(engine.migrate(bytes: Array(badge.utf8), file: "App/OfferBadge.swift", module: index).findings.first)
        }
        let padded = try decided(usedBy: "struct Store: View {\n    var body: some View {\n        OfferBadge(offer: nil).padding()\n    }\n}\n")
        XCTAssertEqual(padded.reasonID, "group-lifecycle/hoist-empty-path")
        XCTAssertEqual(padded.safety?.explanation?.hasSuffix("; the empty ZStack then still takes the padding it is given where the view is used (in Store.swift:3)"), true)
        let row = try decided(usedBy: "struct Store: View {\n    var body: some View {\n        List {\n            OfferBadge(offer: nil)\n        }\n    }\n}\n")
        XCTAssertEqual(row.reasonID, "group-lifecycle/distribute", "an empty row where the view is a List's row")
        let always = badge.replacingOccurrences(of: "if let offer { Text(offer) }", with: "if let offer { Text(offer) } else { Text(\"None\") }")
        let index = ModuleIndex(files: { ["App/OfferBadge.swift"] }) { _ in Array(always.utf8) }
        let unseen = try XCTUnwrap(MigrationEngine(configuration: Configuration(), rules: [GroupLifecycleRule()])
            .migrate(bytes: Array(always.utf8), file: "App/OfferBadge.swift", module: index).findings.first)
        XCTAssertEqual(unseen.reasonID, "group-lifecycle/hoist-no-runtime-change", "no place seen: decided as it stands")
        XCTAssertEqual(unseen.safety?.explanation?.hasSuffix("(outside a row: where the view is used was not seen)"), true)
        let previewOnly = try decided(usedBy: "#Preview {\n    OfferBadge(offer: \"10%\").padding()\n}\n")
        XCTAssertEqual(previewOnly.reasonID, "group-lifecycle/hoist-empty-path")
        XCTAssertEqual(previewOnly.safety?.explanation?.contains("padding"), false, "a preview is no place the view is used")
    }

    func testEnvironmentModifiersAreCopiedOntoEachMember() {
        for modifier in [".environment(\\.locale, locale)", ".environmentObject(model)"] {
            let source = memberScoped(modifier)
            let (text, migration) = migrate(source)
            XCTAssertEqual(migration.findings.first?.message, "distribute the Group's modifiers onto its members", modifier)
            XCTAssertTrue(text.contains("Text(\"a\")\n                .id(flag)\n                \(modifier)"), text)
        }
    }

    func testGroupOutsideAViewBuilderIsReported() {
        let source = view("Text(\"a\")\n    .overlay(Group {\n        if flag {\n            Text(\"b\")\n        }\n    }.id(flag).onAppear {})")
        let (text, migration) = migrate(source)
        XCTAssertEqual(text, source)
        XCTAssertEqual(migration.findings.first?.reasonID, "group-lifecycle/not-in-builder")
    }

    func testUnknownContainerClosureIsNotTakenForABuilder() {
        let source = view("Card {\n    Group {\n        if flag {\n            Text(\"b\")\n        }\n    }\n    .onAppear {}\n}")
        XCTAssertEqual(migrate(source, strategy: .distribute).migration.findings.map(\.action), [.report])
    }

    func testIfBranchOfBodyIsABuilder() {
        let source = view("if flag {\n    Group {\n        if flag {\n            Text(\"b\")\n        }\n    }\n    .onAppear {}\n}")
        let (text, _) = migrate(source, strategy: .distribute)
        XCTAssertTrue(text.contains("        if flag {\n            if flag {\n                Text(\"b\")\n                    .onAppear {}\n            }\n        }"), text)
    }

    func testReturnInBodyIsDropped() {
        let source = view("return Group {\n    if flag {\n        Text(\"b\")\n    }\n}\n.onAppear {}")
        let (text, _) = migrate(source, strategy: .distribute)
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
        let (text, _) = migrate(source, strategy: .distribute)
        XCTAssertTrue(text.contains("    /// The content.\n    @ViewBuilder\n    @MainActor private var content: some View {\n        if flag {"), text)
    }

    func testBranchBindingUsedByTheChainBlocksDistribution() {
        let ifLet = view("Group {\n    if let name {\n        Text(name)\n    }\n}\n.task {\n    print(name)\n}")
        let (text, migration) = migrate(ifLet, strategy: .distribute)
        XCTAssertEqual(text, ifLet)
        XCTAssertEqual(migration.findings.first?.reasonID, "group-lifecycle/shadowed-name")
        XCTAssertTrue(migration.findings.first?.reason?.contains("`name`") ?? false, "the reason names the binding")
        let caseLet = view("Group {\n    switch phase {\n    case .failed(let message):\n        Text(message)\n    default:\n        Text(\"a\")\n    }\n}\n.onAppear {\n    print(message)\n}")
        XCTAssertTrue(migrate(caseLet, strategy: .distribute).migration.findings.first?.reason?.contains("binds `message`") ?? false)
        let memberOnly = view("Group {\n    if let name {\n        Text(name)\n    }\n}\n.task {\n    model.name = \"a\"\n}")
        XCTAssertEqual(migrate(memberOnly, strategy: .distribute).migration.findings.first?.message,
                       "distribute the Group's modifiers onto its members", "`.name` after a dot is not the binding")
        let branchLet = view("Group {\n    if flag {\n        let name = \"a\"\n        Text(name)\n    }\n}\n.task {\n    print(name)\n}")
        XCTAssertTrue(migrate(branchLet, strategy: .distribute).migration.findings.first?.reason?.contains("binds `name`") ?? false,
                      "a declaration inside a branch binds its name there")
    }

    func testAnActionThatChangesWhichMemberShowsIsNotDistributed() {
        // Copied into the branches, an action that switches the members starts again on every
        // member it brings in: `.id` blocks the hoist, so each of these is reported.
        func reason(_ body: String, extra: String = "") -> String? {
            let source = view(body, extra: extra)
            let (text, migration) = migrate(source)
            XCTAssertEqual(text, source, body)
            XCTAssertEqual(migration.findings.map(\.action), [.report], body)
            return migration.findings.first?.reason
        }
        let assigned = reason("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.id(1)\n.task {\n    flag = true\n    await work()\n}")
        XCTAssertEqual(assigned, "the chain has .id, which acts on each member, so the Group cannot become a container; and "
            + "the chain's .task sets flag, and flag chooses the member that shows: copied onto each member, it would start "
            + "again on every member it brings in, and the copy on the member that goes away is cancelled; move .task to "
            + "the one member, or the enclosing view, that owns the work, and keep the rest of the chain on the Group")
        let called = reason("Group {\n    switch model.phase {\n    case .idle:\n        Text(\"a\")\n    default:\n        Text(\"b\")\n    }\n}\n.id(1)\n.onAppear {\n    model.start()\n}")
        XCTAssertTrue(called?.contains("the chain's .onAppear calls model.start(), which may change model.phase, and model.phase chooses the member") ?? false, called ?? "")
        let helper = reason(
            "Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        if ready {\n            Text(\"b\")\n        }\n    }\n}\n.id(1)\n.onDisappear(perform: reset)",
            extra: "    @State private var ready = false\n    func reset() { ready = false }\n")
        XCTAssertTrue(helper?.contains("the chain's .onDisappear sets ready, and ready chooses the member") ?? false, helper ?? "")

        // Control: an action that writes other state is still distributed.
        let other = view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.id(1)\n.onAppear {\n    count += 1\n}", extra: "    @State private var count = 0\n")
        let (text, migration) = migrate(other)
        XCTAssertEqual(migration.findings.map(\.message), ["distribute the Group's modifiers onto its members"])
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
            let source = view(body)
            let (text, migration) = migrate(source)
            XCTAssertEqual(text, source, name)
            XCTAssertEqual(migration.findings.map(\.action), [.report], name)
            XCTAssertEqual(migration.findings.first?.reason, "the Group stands in the content of \(name), where SwiftUI makes each "
                + "view an item: a menu item, an option, a tab, a toolbar item or an action; a container there would be one "
                + "item that may not show as its members did, and whether a lifecycle action runs on an item is not "
                + "documented; move .onAppear to the view that holds the \(name)", name)
        }
        // Several members in a menu: still item content, never "move the modifier to a container".
        let several = view("Menu(\"More\") {\n    Group {\n        Button(\"A\") {}\n        Button(\"B\") {}\n    }\n    .onAppear {}\n}")
        XCTAssertEqual(migrate(several).migration.findings.map(\.reasonID), ["group-lifecycle/item-content"])
        // Controls: a stack's content, a List's Section and a sheet's content lay views out, so the hoist stays.
        for body in ["VStack {\n\(indented(group, by: 1))\n}", "List {\n    Section {\n\(indented(group, by: 2))\n    }\n}",
                     "Text(\"x\")\n    .sheet(isPresented: $shown) {\n\(indented(group, by: 2))\n    }"] {
            let (text, migration) = migrate(view(body))
            XCTAssertEqual(migration.findings.map(\.action), [.rewrite], body)
            XCTAssertTrue(text.contains("ZStack {"), text)
        }
    }

    func testAMemberNamingAHelperThatShowsSeveralViewsIsReported() {
        let group = "Group {\n    if flag {\n        Text(\"empty\")\n    } else {\n        MEMBER\n    }\n}\n.onAppear {}"
        func decide(_ member: String, _ helper: String) -> (FindingAction?, String?) {
            let finding = migrate(view(group.replacingOccurrences(of: "MEMBER", with: member), extra: helper)).migration.findings.first
            return (finding?.action, finding?.reason)
        }
        let property = "    @ViewBuilder private var rows: some View {\n        Text(\"a\")\n        Text(\"b\")\n    }\n"
        for member in ["rows", "self.rows", "rows.padding()"] {
            let (action, reason) = decide(member, property)
            XCTAssertEqual(action, .report, member)
            XCTAssertEqual(reason, "the member rows is a @ViewBuilder helper that shows several views at once, which the Group "
                + "flattens into its parent: Apple documents the action once for each, SDK builds since 2021 merge the calls, "
                + "and a container would stack them; move the modifier "
                + "to a container or to the one view that owns the work", member)
        }
        let function = "    @ViewBuilder private func rows() -> some View {\n        Text(\"a\")\n        Text(\"b\")\n    }\n"
        XCTAssertEqual(decide("rows()", function).1?.hasPrefix("the member rows() is a @ViewBuilder helper"), true)

        // Controls: one view on every path of the helper, or a helper that is not a builder, still hoist.
        let oneEach = "    @ViewBuilder private var rows: some View {\n        if flag {\n            Text(\"a\")\n        } else {\n            Text(\"b\")\n        }\n    }\n"
        XCTAssertEqual(decide("rows", oneEach).0, .rewrite)
        let plain = "    private var rows: some View {\n        VStack {\n            Text(\"a\")\n            Text(\"b\")\n        }\n    }\n"
        XCTAssertEqual(decide("rows", plain).0, .rewrite)
    }

    func testCommentAfterAMemberStaysOnItsLine() {
        let source = view("Group {\n    if flag {\n        Text(\"a\") // the title\n    }\n}\n.onAppear {}")
        let (text, _) = migrate(source, strategy: .distribute)
        XCTAssertTrue(text.contains("            Text(\"a\") // the title\n                .onAppear {}\n"), text)
    }

    func testUnusualLayoutIsReported() {
        let source = view("Group { // wrapper\n    if flag {\n        Text(\"a\")\n    }\n}\n.onAppear {}")
        let (text, migration) = migrate(source, strategy: .distribute)
        XCTAssertEqual(text, source)
        XCTAssertEqual(migration.findings.first?.reasonID, "group-lifecycle/layout")
    }

    func testGroupWithoutLifecycleModifierOrWithoutMembers() {
        XCTAssertEqual(migrate(view("Group {\n    Text(\"a\")\n}\n.font(.title)")).migration.findings, [])
        let empty = migrate(view("Group {\n    EmptyView()\n}\n.onAppear {}", extra: ""))
        XCTAssertEqual(empty.migration.findings.first?.action, .report, "only EmptyView: the action never runs")
        XCTAssertEqual(empty.migration.findings.first?.reasonID, "group-lifecycle/shows-no-view")
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
        let (text, _) = migrate(source, strategy: .distribute)
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

    // MARK: Policy

    private let emptyPathSentence = "and now also when no member shows (the Group ran nothing then)"

    func testEmptyPathsAreHoistedWithTheExtendedLabel() {
        let sources = [
            "Group {\n    if flag {\n        Text(\"a\")\n    }\n}\n.onAppear {}",
            "Group {\n    switch flag {\n    case true:\n        Text(\"a\")\n    default:\n        EmptyView()\n    }\n}\n.task {}",
            "Group {\n    if flag {\n        Text(\"a\")\n    } else if !flag {\n        Text(\"b\")\n    }\n}\n.onDisappear {}",
        ]
        for body in sources {
            let (text, migration) = migrate(view(body))
            XCTAssertTrue(text.contains("        ZStack {\n"), text)
            let label = migration.findings.first?.safety?.explanation ?? ""
            XCTAssertTrue(label.hasPrefix("runs once per appearance of the container"), label)
            XCTAssertTrue(label.hasSuffix(emptyPathSentence), label)
        }
        let always = migrate(view("Group {\n    if flag {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n.onAppear {}"))
        XCTAssertFalse(always.migration.findings.first?.safety?.explanation?.contains(emptyPathSentence) ?? true)
    }

    func testEmptyRowsOfListFormSectionAndForEachAreDistributed() {
        let group = "Group {\n        if flag {\n            Text(\"a\")\n        }\n    }\n    .onAppear {}"
        let distributed = "    if flag {\n            Text(\"a\")\n                .onAppear {}\n        }"
        for container in ["List {", "Form {", "Section {", "VStack {\n    ForEach(0..<2, id: \\.self) { index in", "List {\n    Group {"] {
            let closing = String(repeating: "\n}", count: container.components(separatedBy: "{").count - 1)
            let source = view("\(container)\n    \(group)\(closing)")
            let (text, migration) = migrate(source)
            XCTAssertEqual(migration.findings.first?.message, "distribute the Group's modifiers onto its members", container)
            XCTAssertFalse(text.contains("ZStack"), text)
            XCTAssertTrue(text.contains(distributed) || text.contains(distributed.replacingOccurrences(of: "\n        ", with: "\n            ")), text)
        }
        // In a stack an empty ZStack is no row; and a row that always shows one view stays one row.
        XCTAssertTrue(migrate(view("VStack {\n    \(group)\n}")).text.contains("ZStack {"))
        let oneRow = "List {\n    Group {\n        if flag {\n            Text(\"a\")\n        } else {\n            Text(\"b\")\n        }\n    }\n    .onAppear {}\n}"
        XCTAssertTrue(migrate(view(oneRow)).text.contains("List {\n            ZStack {"))
    }

    func testHoistStrategyNamesTheEmptyRow() {
        let source = view("List {\n    Group {\n        if flag {\n            Text(\"a\")\n        }\n    }\n    .task {}\n}")
        let (text, migration) = migrate(source, strategy: .hoist)
        XCTAssertEqual(text, source)
        XCTAssertEqual(migration.findings.first?.reason,
                       "the Group is a row of a List and shows no view on some path, where a container would add an "
                        + "empty row, so it cannot become a container; move .task to the one member, or the enclosing "
                        + "view, that owns the work, and keep the rest of the chain on the Group, or use the distribute strategy")
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
            let source = memberScoped(modifier)
            let (text, migration) = migrate(source)
            XCTAssertEqual(text, source, modifier)
            let name = String(modifier.dropFirst().prefix { $0.isLetter })
            XCTAssertEqual(migration.findings.first?.reason,
                           "the chain has .id, which acts on each member, so the Group cannot become a container; and "
                            + "the chain has .\(name), which presents or navigates from the view it is on; copied onto "
                            + "each member it would be installed once per member; move .onAppear to the one member, or "
                            + "the enclosing view, that owns the work, and keep the rest of the chain on the Group", modifier)
        }
    }

    func testUnknownModifiersBlockDistribution() {
        for modifier in [".injectTabDestinations()", ".onFirstAppear {}", ".toast(isPresented: $show)"] {
            let source = memberScoped(modifier)
            let (text, migration) = migrate(source)
            XCTAssertEqual(text, source, modifier)
            let name = String(modifier.dropFirst().prefix { $0.isLetter })
            XCTAssertTrue(migration.findings.first?.reason?.contains(
                ".\(name) is not a SwiftUI modifier the tool knows (it may present, navigate or run work)") ?? false,
                migration.findings.first?.reason ?? "")
        }
        for known in [".padding()", ".font(.title)", ".accessibilityLabel(\"a\")", ".onChange(of: flag) { _ in }",
                      ".listRowSeparator(.hidden)", ".frame(width: 10)"] {
            XCTAssertEqual(migrate(memberScoped(known)).migration.findings.first?.action, .rewrite, known)
        }
    }

    func testEmptyViewMembersBlockDistribution() {
        let source = memberScoped("", members: "if flag {\n    Text(\"a\")\n} else {\n    EmptyView()\n}")
        let (text, migration) = migrate(source)
        XCTAssertEqual(text, source)
        XCTAssertEqual(migration.findings.first?.reasonID, "group-lifecycle/empty-view-member")
    }

    func testDistributionLineBudget() {
        // Three members: two more copies. `.id(flag)` + 18 lines of `.padding()` + `.onAppear {}` = 20 lines → 40: allowed.
        let three = "if flag {\n    Text(\"a\")\n} else if show {\n    Text(\"b\")\n} else {\n    Text(\"c\")\n}"
        let atLimit = memberScoped(Array(repeating: ".padding()", count: 18).joined(separator: "\n"), members: three)
        XCTAssertEqual(migrate(atLimit).migration.findings.first?.action, .rewrite)
        let overLimit = memberScoped(Array(repeating: ".padding()", count: 19).joined(separator: "\n"), members: three)
        let (text, migration) = migrate(overLimit)
        XCTAssertEqual(text, overLimit)
        XCTAssertTrue(migration.findings.first?.reason?.contains(
            "copying the 21-line chain onto 2 more members would add 42 lines, over the limit of 40") ?? false,
            migration.findings.first?.reason ?? "")
    }

    func testEveryBlockerIsNamed() {
        let source = memberScoped(".sheet(isPresented: $show) { Text(\"s\") }\n.injectTabDestinations()",
                                  members: "if flag {\n    Text(\"a\")\n} else {\n    EmptyView()\n}")
        let reason = migrate(source).migration.findings.first?.reason ?? ""
        for part in [".sheet, which presents", ".injectTabDestinations is not", "EmptyView()"] {
            XCTAssertTrue(reason.contains(part), reason)
        }
    }

    func testClosureParametersAndLocalsOfTheChainAreNotConflicts() {
        func action(_ chain: String) -> FindingAction? {
            let source = view("Group {\n    if let error {\n        Text(error)\n    }\n}\n\(chain)")
            return migrate(source, strategy: .distribute).migration.findings.first?.action
        }
        XCTAssertEqual(action(".onChange(of: flag) { error in\n    print(error)\n}\n.onAppear {}"), .rewrite)
        XCTAssertEqual(action(".onChange(of: flag) { (error: Bool) in\n    print(error)\n}\n.onAppear {}"), .rewrite)
        XCTAssertEqual(action(".task {\n    do {\n        try await load()\n    } catch {\n        print(error)\n    }\n}"), .rewrite)
        XCTAssertEqual(action(".task {\n    let error = await load()\n    print(error)\n}"), .rewrite)
        XCTAssertEqual(action(".task {\n    if let error = await load() {\n        print(error)\n    }\n}"), .rewrite)
        // The outer `error` itself, or captured by name, is a conflict.
        XCTAssertEqual(action(".task {\n    print(error)\n}"), .report)
        XCTAssertEqual(action(".task { [error] in\n    print(error)\n}"), .report)
        XCTAssertEqual(action(".task { [copy = error] in\n    print(copy)\n}"), .report)
        XCTAssertEqual(action(".task {\n    do {\n        print(error)\n    }\n}"), .report)
        // A closure in the branch's condition binds nothing for the branch.
        let conditionClosure = view("Group {\n    if items.contains(where: { item in item.isEmpty }) {\n        Text(\"a\")\n    }\n}\n.task {\n    print(item)\n}")
        XCTAssertEqual(migrate(conditionClosure, strategy: .distribute).migration.findings.first?.action, .rewrite)
    }

    func testOnlyTheGroupsOwnStatementsAreChecked() {
        let nested = view("Group {\n    if flag {\n        Group {\n            let title = \"a\"\n            Text(title)\n        }\n    }\n}\n.onAppear {}")
        let (text, migration) = migrate(nested, strategy: .distribute)
        // The outer Group distributes; the inner one, now carrying `.onAppear`, has its own `let` and is reported.
        XCTAssertEqual(Set(migration.findings.map(\.action)), [.rewrite, .report])
        XCTAssertTrue(text.contains("            Group {\n                let title = \"a\"\n                Text(title)\n            }\n            .onAppear {}"), text)
        let topLevel = view("Group {\n    let title = \"a\"\n    Text(title)\n}\n.id(flag)\n.onAppear {}")
        XCTAssertEqual(migrate(topLevel).migration.findings.first?.reasonID, "group-lifecycle/other-statements")
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
