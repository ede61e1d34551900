import Foundation
import SwiftUIMigrate
import XCTest

/// Cases of `appear-change-load` beyond its examples and fixtures, and its composition with
/// `onappear-task` through the engine with every default rule on.
final class AppearChangeLoadRuleTests: XCTestCase {
    private let rule = [AppearChangeLoadRule()]

    /// Asserts the one decision of `rules` (this rule unless given) at the start (marked 1️⃣) of `source`:
    /// `appear-change-load/<id>`, a keep or a skip that leaves the text as it is.
    private func assertLeaves(
        _ source: String, rules: [any Rule]? = nil, configuration: Configuration = Configuration(), _ id: String,
        action: FindingAction? = nil, facts: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) {
        assertOneDecision(source, rules: rules ?? rule, configuration: configuration, "appear-change-load/" + id,
                          action: action, facts: facts, unchanged: true, file: file, line: line)
    }

    private let merge = DecisionSpec("1️⃣", "appear-change-load/merge-into-task-id", action: .rewrite)

    /// A view whose `start` and `change` links stand on one chain, with `extra` members.
    private func view(_ links: String, extra: String = "") -> String {
        """
        struct ChefView: View {
            @Binding var chefID: ChefID
            @State private var profile: ChefProfile?
        \(extra)
            var body: some View {
                Text(profile?.name ?? "")
        \(links)
            }
        }

        """
    }

    // MARK: - Composition with onappear-task

    private let pair = """
                    .1️⃣onAppear {
                        Task { profile = await RecipeStore.shared.profile(chefID) }
                    }
                    .onChange(of: chefID) { _, _ in
                        Task { profile = await RecipeStore.shared.profile(chefID) }
                    }
        """
    private let merged = """
                    .task(id: chefID) {
                        profile = await RecipeStore.shared.profile(chefID)
                    }
        """

    func testEveryDefaultRuleOnEndsWithOneKeyedTask() {
        // onappear-task leaves the pair's start alone.
        assertDecisions(view(pair), rules: RuleRegistry.all, [
            DecisionSpec("1️⃣", "appear-change-load/merge-into-task-id", action: .rewrite, safety: .behaviorChange(
                "re-runs on each appearance and when chefID changes, as before; a run still in progress is now cancelled "
                    + "when chefID changes and when the view disappears")),
        ], after: view(merged))
    }

    func testTheLabelSaysWhatOfTheOnChangeNowWaitsAndWhatIsNewlyCancelled() {
        // A `.task` start was cancelled on disappear already; the onChange's first statement ran during the change.
        let helper = "    @State private var isStale = false\n    func reload() async { profile = await RecipeStore.shared.profile(chefID) }\n"
        let links = """
                    .1️⃣task {
                        isStale = true
                        await reload()
                    }
                    .onChange(of: chefID) { _, _ in
                        isStale = true
                        Task { await reload() }
                    }
            """
        assertDecisions(view(links, extra: helper), rules: rule, [
            DecisionSpec("1️⃣", "appear-change-load/merge-into-task-id", action: .rewrite, safety: .behaviorChange(
                "re-runs on each appearance and when chefID changes, as before; a run still in progress is now cancelled "
                    + "when chefID changes; the onChange's isStale = true now runs asynchronously, at the start of the task")),
        ])
    }

    func testAFileWithOnChangeButNoStartIsNotParsed() {
        // The pair needs a start, so `onChange` alone must not pass the engine's prefilter:
        // real apps have many such files, and parsing them doubled scan time on one of them.
        let onChangeOnly = Array("""
            struct SearchField: View {
                @State private var query = ""
                var body: some View {
                    TextField("Search", text: $query)
                        .onChange(of: query) { filter(query) }
                }
            }
            """.utf8)
        let engine = MigrationEngine(configuration: Configuration())
        XCTAssertFalse(ByteSearch.containsAny(onChangeOnly, engine.triggerWords), "\(engine.triggerWords)")
        XCTAssertTrue(ByteSearch.containsAny(Array(MarkedSource(view(pair)).text.utf8), AppearChangeLoadRule().triggerWords))
    }

    func testRuleOrderDoesNotMatter() {
        assertDecisions(view(pair), rules: RuleRegistry.all, [merge], after: view(merged))
        assertDecisions(view(pair), rules: RuleRegistry.all.reversed(), [merge], after: view(merged))
    }

    func testOnChangeFirstPutsTheTaskInItsPlace() {
        let swapped = """
                    .onChange(of: chefID) { newID in
                        Task { profile = await RecipeStore.shared.profile(newID) }
                    }
                    .padding()
                    .1️⃣onAppear {
                        Task { profile = await RecipeStore.shared.profile(chefID) }
                    }
            """
        let expected = """
                    .task(id: chefID) {
                        profile = await RecipeStore.shared.profile(chefID)
                    }
                    .padding()
            """
        assertDecisions(view(swapped), rules: RuleRegistry.all, [merge], after: view(expected))
    }

    func testWithThePairRuleOffOnAppearTaskRewritesTheStart() {
        var configuration = Configuration()
        configuration.rules["appear-change-load"] = false
        let (text, _) = assertDecisions(view(pair), rules: RuleRegistry.all, configuration: configuration, [
            DecisionSpec("1️⃣", "onappear-task/move-into-task", action: .rewrite),
        ])
        XCTAssertTrue(text.contains(".task {"), text)
    }

    func testTaskStartPairsWithOnChangeTask() {
        let links = """
                    .1️⃣task {
                        await reload()
                    }
                    .onChange(of: chefID) { _, _ in
                        Task {
                            await reload()
                        }
                    }
            """
        let expected = """
                    .task(id: chefID) {
                        await reload()
                    }
            """
        let helper = "    func reload() async { profile = await RecipeStore.shared.profile(chefID) }\n"
        assertDecisions(view(links, extra: helper), rules: RuleRegistry.all, [merge], after: view(expected, extra: helper))
    }

    func testGroupHoistInAnEarlierPassClearsTheGroupBranchHazard() {
        let source = """
            struct HistoryView: View {
                @Binding var showMerges: Bool
                @State private var phase = 0
                @State private var tracks: [Track] = []

                var body: some View {
                    2️⃣Group {
                        switch phase {
                        case 0: ProgressView()
                        default: Text("\\(tracks.count)")
                        }
                    }
                    .1️⃣task {
                        await reload()
                    }
                    .onChange(of: showMerges) { _, _ in
                        Task { await reload() }
                    }
                }

                func reload() async {
                    phase = 0
                    tracks = await PlaylistStore.shared.tracks(in: "history")
                    phase = 1
                }
            }

            """
        // Alone, the Group swaps its branches when reload() sets phase: the pair is kept as it is. The words name
        // the Group's branch (Finding has no typed field for it).
        assertLeaves(source, "work-removes-host", facts: ["Group"])

        // With every default rule, group-lifecycle hoists the Group into a ZStack first; the
        // pair is then merged, and reported as rewritten.
        let (text, _) = assertDecisions(source, rules: RuleRegistry.all, [
            DecisionSpec("2️⃣", "group-lifecycle/hoist-no-runtime-change", action: .rewrite),
            DecisionSpec("1️⃣", "appear-change-load/merge-into-task-id", action: .rewrite),
        ], mergesFixes: true)
        XCTAssertTrue(text.contains("ZStack {"), text)
        XCTAssertTrue(text.contains(".task(id: showMerges) {\n            await reload()\n        }\n    }"), text)
        XCTAssertFalse(text.contains("onChange"), text)
    }

    // MARK: - Forms of onChange

    func testEveryOnChangeSignatureCounts() {
        let actions = [
            "{ Task { profile = await RecipeStore.shared.profile(chefID) } }",
            "{ new in Task { profile = await RecipeStore.shared.profile(new) } }",
            "{ _, new in Task { profile = await RecipeStore.shared.profile(new) } }",
            "{ _, _ in Task { profile = await RecipeStore.shared.profile(self.chefID) } }",
        ]
        for action in actions {
            let links = """
                        .1️⃣onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                        .onChange(of: chefID) \(action)
                """
            assertDecisions(view(links), rules: rule, [merge])
        }
        let perform = """
                    .1️⃣onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID, perform: { _ in Task { profile = await RecipeStore.shared.profile(chefID) } })
            """
        assertDecisions(view(perform), rules: rule, [merge])
        let initialFalse = """
                    .1️⃣onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID, initial: false) { Task { profile = await RecipeStore.shared.profile(chefID) } }
            """
        assertDecisions(view(initialFalse), rules: rule, [merge])
    }

    // MARK: - Skips and keeps

    func testSkipsWithReasons() {
        // The words name the onChange's value (Finding has no typed field for it).
        assertLeaves(view("""
                    .1️⃣onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID, initial: true) { Task { profile = await RecipeStore.shared.profile(chefID) } }
            """), "onchange-runs-initially", action: .skip, facts: ["chefID"])
        // Nothing to do: a keep.
        assertLeaves(view("""
                    .1️⃣onAppear { Task.detached { _ = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) { Task.detached { _ = await RecipeStore.shared.profile(chefID) } }
            """), "detached-task", action: .keep)
    }

    /// Closures that share a callee, a statement or a branch but do not run the same work.
    private let notPairs: [(name: String, links: String)] = [
        ("other arguments", """
                    .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) { Task { profile = await RecipeStore.shared.profile(ChefID(rawValue: "house")) } }
            """),
        ("an extra statement in the start", """
                    .onAppear {
                        Analytics.log("chef")
                        Task { profile = await RecipeStore.shared.profile(chefID) }
                    }
                    .onChange(of: chefID) { Task { profile = await RecipeStore.shared.profile(chefID) } }
            """),
        ("an extra statement in the onChange", """
                    .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) {
                        profile = nil
                        Task { profile = await RecipeStore.shared.profile(chefID) }
                    }
            """),
        ("shared work only in a branch", """
                    .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) { old, new in
                        if old != new { Task { profile = await RecipeStore.shared.profile(new) } }
                    }
            """),
        ("shared work only in a catch", """
                    .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) {
                        Task {
                            do { try await RecipeStore.shared.refresh(chefID) } catch { profile = await RecipeStore.shared.profile(chefID) }
                        }
                    }
            """),
        ("the start registers the work for later", """
                    .onAppear {
                        NotificationCenter.default.addObserver(forName: .chefsChanged, object: nil, queue: .main) { _ in
                            Task { profile = await RecipeStore.shared.profile(chefID) }
                        }
                    }
                    .onChange(of: chefID) { Task { profile = await RecipeStore.shared.profile(chefID) } }
            """),
        ("the same statements in another order", """
                    .onAppear {
                        Analytics.log("chef")
                        Task { profile = await RecipeStore.shared.profile(chefID) }
                    }
                    .onChange(of: chefID) {
                        Task { profile = await RecipeStore.shared.profile(chefID) }
                        Analytics.log("chef")
                    }
            """),
    ]

    func testWorksThatDifferAreNoPair() {
        for (_, links) in notPairs {
            assertNoDecisions(view(links), rules: rule)
        }
    }

    func testTheStartOfANonPairIsDecidedByOnAppearTaskInBothOrders() {
        // What onappear-task decides at each start: its Task is last and alone, or inside a closure, or after a statement.
        let decisions = ["the start registers the work for later": "nested-task", "the same statements in another order": "setup-stays-in-onappear"]
        for (name, links) in notPairs {
            let marked = view(links).replacingOccurrences(of: "        .onAppear", with: "2️⃣        .1️⃣onAppear")
            for rules in [RuleRegistry.all, RuleRegistry.all.reversed()] {
                if name == "an extra statement in the start" {
                    // The log stays in onAppear; the load, moved into .task, and the onChange's are then a pair, found
                    // in the next pass and placed at the start of the line its task now stands on.
                    let (text, _) = assertDecisions(marked, rules: rules, [
                        DecisionSpec("2️⃣", "appear-change-load/merge-into-task-id"),
                        DecisionSpec("1️⃣", "onappear-task/setup-stays-in-onappear"),
                    ], mergesFixes: true)
                    XCTAssertTrue(text.contains("Analytics.log(\"chef\")\n        }\n        .task(id: chefID) {"), text)
                } else {
                    assertDecisions(marked, rules: rules, [DecisionSpec("1️⃣", "onappear-task/" + (decisions[name] ?? "move-into-task"))])
                }
            }
        }
    }

    func testShorthandNewValueCountsOnlyInTheOnChangeClosureItself() {
        let extra = "    func select(_ id: ChefID) { profile = ChefProfile(id: id, name: \"\") }\n"
        let direct = """
                    .1️⃣onAppear { select(chefID) }
                    .onChange(of: chefID) { select($0) }
            """
        assertLeaves(view(direct, extra: extra), "synchronous-work", action: .keep)
        // `$0` of a nested closure is that closure's, not the new value: the works differ, so no pair.
        let nested = """
                    .onAppear { others.forEach { _ in select(chefID) } }
                    .onChange(of: chefID) { others.forEach { _ in select($0) } }
            """
        assertNoDecisions(view(nested, extra: extra + "    let others: [ChefID]\n"), rules: rule)
    }

    func testTwoValuesOfOneTypeKeyOnBoth() {
        let extra = "    @State private var page = 0\n    @State private var size: Int = 20\n"
        let links = """
                    .1️⃣onAppear { Task { await reload() } }
                    .onChange(of: page) { Task { await reload() } }
                    .onChange(of: size) { Task { await reload() } }
            """
        let helper = extra + "    func reload() async { profile = await RecipeStore.shared.profile(chefID) }\n"
        let expected = """
                    .task(id: [page, size]) {
                        await reload()
                    }
            """
        assertDecisions(view(links, extra: helper), rules: rule, [merge], after: view(expected, extra: helper))

        // The words name the values (Finding has no typed field for them).
        let mixed = links.replacingOccurrences(of: "of: size", with: "of: chefID")
        assertLeaves(view(mixed, extra: helper), "values-of-unknown-types", action: .skip, facts: ["page, chefID"])
    }

    func testSynchronousWorkIsKeptUnlessOptedIn() {
        let extra = "    @State private var names: [String] = []\n    func refilter() { names = names.sorted() }\n"
        let links = """
                    .1️⃣onAppear { refilter() }
                    .onChange(of: chefID) { _, _ in refilter() }
            """
        assertLeaves(view(links, extra: extra), "synchronous-work", action: .keep)

        var configuration = Configuration()
        configuration.ruleOptions["appear-change-load"] = ["syncWork": "onChangeInitial"]
        assertDecisions(view(links, extra: extra), rules: rule, configuration: configuration, [
            DecisionSpec("1️⃣", "appear-change-load/merge-into-onchange-initial", action: .rewrite,
                         safety: .behaviorChange("runs on the first appearance only, no longer on every re-appearance")),
        ], after: view("""
                    .onChange(of: chefID, initial: true) {
                        refilter()
                    }
            """, extra: extra))

        // The words name the floor, where it was set, and what the API needs (Finding has no typed fields for them).
        configuration.deploymentTarget = DeploymentFloor([.iOS: PlatformVersion(16)], source: ".swiftui-migrate.json")
        assertLeaves(view(links, extra: extra), configuration: configuration, "below-floor", action: .keep,
                     facts: ["iOS 16.0", ".swiftui-migrate.json", "iOS 17.0"])
    }

    func testSyncWorkOptionIsDeclaredAndChecked() throws {
        let chosen = try Configuration(
            json: Data(#"{"ruleOptions": {"appear-change-load": {"syncWork": "onChangeInitial"}}}"#.utf8), source: "test.json")
        XCTAssertEqual(chosen.value(of: AppearChangeLoadRule.syncWork, for: AppearChangeLoadRule.id), AppearChangeLoadRule.SyncWork.onChangeInitial)
        XCTAssertEqual(Configuration().value(of: AppearChangeLoadRule.syncWork, for: AppearChangeLoadRule.id), AppearChangeLoadRule.SyncWork.keep)
        XCTAssertThrowsError(try Configuration(
            json: Data(#"{"ruleOptions": {"appear-change-load": {"syncWork": "sometimes"}}}"#.utf8), source: "test.json")
        ) { error in
            XCTAssertTrue("\(error)".contains("keep, onChangeInitial"), "\(error)")
        }
    }

    func testPairsWithoutACallAndMainActorStarts() {
        // No function call, the same statements: a synchronous pair, kept.
        let extra = "    @State private var width: Double = 0\n    let measured: Double\n"
        let copies = """
                    .1️⃣onAppear { width = measured }
                    .onChange(of: measured) { width = measured }
            """
        assertLeaves(view(copies, extra: extra), "synchronous-work", action: .keep)

        // `.task { @MainActor in … }` is a start; its body becomes the keyed task's.
        let helper = "    func reload() async { profile = await RecipeStore.shared.profile(chefID) }\n"
        let mainActor = """
                    .1️⃣task { @MainActor in
                        await reload()
                    }
                    .onChange(of: chefID) { Task { await reload() } }
            """
        assertDecisions(view(mainActor, extra: helper), rules: rule, [merge], after: view("""
                    .task(id: chefID) {
                        await reload()
                    }
            """, extra: helper))
    }

    func testSynchronousWorkIsKeptWhateverTheModifier() {
        // `.task { recount() }` runs recount() at once, as onAppear would: task(id:) would only defer the onChange's run.
        let extra = "    @State private var title = \"\"\n    func retitle() { title = chefID.rawValue }\n"
        let links = """
                    .1️⃣task {
                        retitle()
                    }
                    .onChange(of: chefID) { retitle() }
            """
        assertLeaves(view(links, extra: extra), "synchronous-work", action: .keep)

        // A Task that never awaits is synchronous work too, deferred to a later turn.
        let deferred = """
                    .1️⃣onAppear { Task { retitle() } }
                    .onChange(of: chefID) { Task { retitle() } }
            """
        assertLeaves(view(deferred, extra: extra), "synchronous-work", action: .keep)

        // Shared synchronous work beside a load in the task is not the same work.
        let loadToo = """
                    .task {
                        retitle()
                        profile = await RecipeStore.shared.profile(chefID)
                    }
                    .onChange(of: chefID) { retitle() }
            """
        assertNoDecisions(view(loadToo, extra: extra), rules: rule)
    }

    func testTheOptionIsOfferedOnlyWhereTheFloorAllowsIt() {
        let extra = "    @State private var names: [String] = []\n    func refilter() { names = names.sorted() }\n"
        let links = """
                    .1️⃣onAppear { refilter() }
                    .onChange(of: chefID) { _, _ in refilter() }
            """
        var configuration = Configuration()
        configuration.deploymentTarget = DeploymentFloor([.iOS: PlatformVersion(16)], source: ".swiftui-migrate.json")
        let below = assertDecisions(view(links, extra: extra), rules: rule, configuration: configuration, [
            DecisionSpec("1️⃣", "appear-change-load/synchronous-work", action: .keep),
        ])
        configuration.deploymentTarget = DeploymentFloor([.iOS: PlatformVersion(17)], source: ".swiftui-migrate.json")
        let above = assertDecisions(view(links, extra: extra), rules: rule, configuration: configuration, [
            DecisionSpec("1️⃣", "appear-change-load/synchronous-work", action: .keep),
        ])
        // The same decision; only where the floor allows the option do its words offer it (a fact of the floor,
        // which Finding has no typed field for).
        let option = #"{"syncWork": "onChangeInitial"}"#
        XCTAssertFalse(below.findings.first?.reason?.contains(option) ?? true, below.findings.first?.reason ?? "")
        XCTAssertTrue(above.findings.first?.reason?.contains(option) ?? false, above.findings.first?.reason ?? "")
    }

    func testASynchronousPairStartingANestedTaskIsASkipNamingIt() {
        let extra = "    @State private var isReady = false\n    func reload() async { profile = await RecipeStore.shared.profile(chefID) }\n"
        let links = """
                    .1️⃣onAppear {
                        if isReady { Task { await reload() } }
                    }
                    .onChange(of: chefID) {
                        if isReady { Task { await reload() } }
                    }
            """
        for rules in [[AppearChangeLoadRule()], RuleRegistry.all, RuleRegistry.all.reversed()] as [[any Rule]] {
            // The words name the Task's line and what it starts in (Finding has no typed fields for them).
            assertLeaves(view(links, extra: extra), rules: rules, "nested-task", action: .skip, facts: ["10", "if"])
        }
    }

    func testFloorBelowTaskSkips() {
        var configuration = Configuration()
        configuration.deploymentTarget = DeploymentFloor([.iOS: PlatformVersion(14)], source: ".swiftui-migrate.json")
        // The words name the floor, where it was set, and what task needs (Finding has no typed fields for them).
        assertLeaves(view(pair), configuration: configuration, "below-floor", action: .keep,
                     facts: ["iOS 14.0", ".swiftui-migrate.json", "iOS 15.0"])
    }

    func testUnrelatedOnChangeIsNoPair() {
        let links = """
                    .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) { _, _ in Analytics.log("chef") }
            """
        assertNoDecisions(view(links), rules: rule)
        // Wrappers such as Task.sleep and withAnimation are not shared work.
        let wrappers = """
                    .onAppear { Task { try? await Task.sleep(nanoseconds: 1); profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) { _, _ in Task { try? await Task.sleep(nanoseconds: 1); withAnimation { Analytics.log("chef") } } }
            """
        assertNoDecisions(view(wrappers), rules: rule)
    }

    // MARK: - Fixtures: each case's decision and the facts its words name

    /// The decision each fixture case stands for (nil: no finding, the closures are no pair), and the facts its
    /// words must name (Finding has no typed fields for them). The `.findings` snapshots hold the same decisions
    /// with their places; this table says what each case stands for, so a snapshot rewritten to another
    /// decision fails here too.
    private static let fixtureDecisions: [String: (String?, [String])] = [
        "task-start-pair": ("merge-into-task-id", []),
        "onappear-task-new-value": ("merge-into-task-id", []),
        "onchange-first": ("merge-into-task-id", []),
        "priority-kept": ("merge-into-task-id", []),
        "comments-kept": ("merge-into-task-id", []),
        "two-values-one-type": ("merge-into-task-id", []),
        "perform-forms": ("merge-into-task-id", []),
        "closing-line-chain": ("merge-into-task-id", []),
        "crlf": ("merge-into-task-id", []),
        "tabs-one-line": ("merge-into-task-id", []),
        "sync-work-on-change-initial": ("merge-into-onchange-initial", []),
        "sync-work-kept": ("synchronous-work", []),
        "sync-work-option-below-ios17": ("below-floor", ["iOS 17.0"]),
        "different-arguments": (nil, []),
        "old-value-read": (nil, []),
        "two-values-different-types": ("values-of-unknown-types", []),
        "initial-true": ("onchange-runs-initially", []),
        "start-does-more": (nil, []),
        "detached-task": ("detached-task", []),
        "floor-below-ios15": ("below-floor", ["iOS 15.0"]),
        "hazard-sentinel": ("sentinel-host", []),
        "hazard-self-cancelling-host": ("work-removes-host", ["isLoadingPage"]),
        "hazard-hidden-in-flight-writer": ("hidden-in-flight-flag", ["!library.isRefreshing"]),
        "hazard-no-owned-state": ("no-owned-state", []),
        "pair-merged-flag-not-also-skipped": ("merge-into-task-id", []),
        "sync-work-several-values-no-option-offered": ("synchronous-work", []),
        "sync-work-several-values-option-set": ("synchronous-several-values", []),
        "hazard-effect": ("awaited-operation", ["library.sync(playlistID: playlistID)"]),
        "hazard-lazy-row": ("lazy-row", ["LazyVStack"]),
        "main-actor-pair-in-free-function": ("main-actor-outside-view", []),
        "model-method-clears-host": ("object-method-removes-host", ["syncer.sync()", "syncer.isIdle"]),
        "model-method-out-of-sight": ("object-method-unseen", ["library.sync()", "library.lastSync"]),
        "old-value-shadows-property": ("onchange-reads-old-value", ["previousID"]),
        "pair-in-context-menu": ("menu-content", ["contextMenu"]),
        "pair-in-free-function": ("outside-view", []),
        "stored-task": ("stored-task", []),
        "task-capture-list": ("task-signature", ["[playlistID] in"]),
        "task-inside-if": ("nested-task", ["if"]),
        "task-not-last": ("task-not-last", []),
        "task-returns-value": ("task-returns-value", []),
        "task-start-defers-only": ("deferral-only", []),
        "task-throws": ("task-throws", []),
        "two-priorities": ("priority-twice", []),
    ]

    func testEachFixtureCaseIsDecidedForItsReason() throws {
        let cases = FixtureCase.discoverRepositoryFixtures().cases.filter { $0.ruleID == "appear-change-load" }
        XCTAssertEqual(Set(cases.map(\.name)), Set(Self.fixtureDecisions.keys), "every case has an expected decision")
        for fixture in cases {
            guard let (decision, facts) = Self.fixtureDecisions[fixture.name] else { continue }
            var configuration = Configuration()
            if let url = fixture.configuration { configuration = try Configuration.load(path: url.path) }
            let source = try String(contentsOf: fixture.before, encoding: .utf8)
            let findings = MigrationEngine(configuration: configuration, rules: [AppearChangeLoadRule()])
                .migrate(source: source).migration.findings
            XCTAssertEqual(findings.map(\.reasonID), decision.map { ["appear-change-load/" + $0] } ?? [], fixture.name)
            assertWords(of: findings.first, name: facts, fixture.name)
        }
    }
}
