import Foundation
import SwiftUIMigrate
import XCTest

/// Cases of `appear-change-load` beyond its examples and fixtures, and its composition with
/// `onappear-task` through the engine with every default rule on.
final class AppearChangeLoadRuleTests: XCTestCase {
    private func run(
        _ source: String, configuration: Configuration = Configuration(), rules: [any Rule] = [AppearChangeLoadRule()],
        file: StaticString = #filePath, line: UInt = #line
    ) -> (text: String, findings: [Finding]) {
        let engine = MigrationEngine(configuration: configuration, rules: rules)
        let (text, migration) = engine.migrate(source: source)
        XCTAssertNil(migration.internalError, file: file, line: line)
        let again = engine.migrate(source: text)
        XCTAssertEqual(again.text, text, "idempotent", file: file, line: line)
        XCTAssertFalse(again.migration.findings.contains { $0.action == .rewrite }, "no rewrite on the output", file: file, line: line)
        return (text, migration.findings)
    }

    private func skipReason(
        _ source: String, configuration: Configuration = Configuration(), action: FindingAction = .skip,
        file: StaticString = #filePath, line: UInt = #line
    ) -> String? {
        let result = run(source, configuration: configuration, file: file, line: line)
        XCTAssertEqual(result.text, source, "a skip changes nothing", file: file, line: line)
        XCTAssertEqual(result.findings.map(\.action), [action], file: file, line: line)
        return result.findings.first?.reason
    }

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
                    .onAppear {
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
        let result = run(view(pair), rules: RuleRegistry.all)
        XCTAssertEqual(result.text, view(merged))
        XCTAssertEqual(result.findings.map(\.ruleID), ["appear-change-load"], "onappear-task leaves the pair's start alone")
        XCTAssertEqual(
            result.findings.first?.safety,
            .behaviorChange(
                "re-runs on each appearance and when chefID changes, as before; a run still in progress is now cancelled "
                    + "when chefID changes and when the view disappears"))
    }

    func testTheLabelSaysWhatOfTheOnChangeNowWaitsAndWhatIsNewlyCancelled() {
        // A `.task` start was cancelled on disappear already; the onChange's first statement ran during the change.
        let helper = "    @State private var isStale = false\n    func reload() async { profile = await RecipeStore.shared.profile(chefID) }\n"
        let links = """
                    .task {
                        isStale = true
                        await reload()
                    }
                    .onChange(of: chefID) { _, _ in
                        isStale = true
                        Task { await reload() }
                    }
            """
        let finding = run(view(links, extra: helper)).findings.first
        XCTAssertEqual(finding?.action, .rewrite)
        XCTAssertEqual(
            finding?.safety,
            .behaviorChange(
                "re-runs on each appearance and when chefID changes, as before; a run still in progress is now cancelled "
                    + "when chefID changes; the onChange's isStale = true now runs asynchronously, at the start of the task"))
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
        XCTAssertTrue(ByteSearch.containsAny(Array(view(pair).utf8), AppearChangeLoadRule().triggerWords))
    }

    func testRuleOrderDoesNotMatter() {
        let forward = run(view(pair), rules: RuleRegistry.all).text
        let reversed = run(view(pair), rules: RuleRegistry.all.reversed()).text
        XCTAssertEqual(forward, reversed)
        XCTAssertEqual(forward, view(merged))
    }

    func testOnChangeFirstPutsTheTaskInItsPlace() {
        let swapped = """
                    .onChange(of: chefID) { newID in
                        Task { profile = await RecipeStore.shared.profile(newID) }
                    }
                    .padding()
                    .onAppear {
                        Task { profile = await RecipeStore.shared.profile(chefID) }
                    }
            """
        let expected = """
                    .task(id: chefID) {
                        profile = await RecipeStore.shared.profile(chefID)
                    }
                    .padding()
            """
        XCTAssertEqual(run(view(swapped), rules: RuleRegistry.all).text, view(expected))
    }

    func testWithThePairRuleOffOnAppearTaskRewritesTheStart() {
        var configuration = Configuration()
        configuration.rules["appear-change-load"] = false
        let result = run(view(pair), configuration: configuration, rules: RuleRegistry.all)
        XCTAssertEqual(result.findings.map(\.ruleID), ["onappear-task"])
        XCTAssertTrue(result.text.contains(".task {"), result.text)
    }

    func testTaskStartPairsWithOnChangeTask() {
        let links = """
                    .task {
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
        XCTAssertEqual(run(view(links, extra: helper), rules: RuleRegistry.all).text, view(expected, extra: helper))
    }

    func testGroupHoistInAnEarlierPassClearsTheGroupBranchHazard() throws {
        let source = """
            struct HistoryView: View {
                @Binding var showMerges: Bool
                @State private var phase = 0
                @State private var tracks: [Track] = []

                var body: some View {
                    Group {
                        switch phase {
                        case 0: ProgressView()
                        default: Text("\\(tracks.count)")
                        }
                    }
                    .task {
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
        // Alone, the Group swaps its branches when reload() sets phase: the pair is kept as it is.
        let alone = run(source)
        XCTAssertEqual(alone.findings.map(\.reasonID), ["appear-change-load/work-removes-host"])
        XCTAssertTrue(alone.findings.first?.reason?.contains("a branch of the Group") ?? false, alone.findings.first?.reason ?? "")

        // With every default rule, group-lifecycle hoists the Group into a ZStack first; the
        // pair is then merged, and reported as rewritten.
        let all = run(source, rules: RuleRegistry.all)
        XCTAssertTrue(all.text.contains("ZStack {"), all.text)
        XCTAssertTrue(all.text.contains(".task(id: showMerges) {\n            await reload()\n        }\n    }"), all.text)
        XCTAssertFalse(all.text.contains("onChange"), all.text)
        let pairFinding = try XCTUnwrap(all.findings.first { $0.ruleID == "appear-change-load" })
        XCTAssertEqual(pairFinding.action, .rewrite)
        XCTAssertEqual(pairFinding.line, 13)
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
                        .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                        .onChange(of: chefID) \(action)
                """
            XCTAssertEqual(run(view(links)).findings.map(\.action), [.rewrite], action)
        }
        let perform = """
                    .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID, perform: { _ in Task { profile = await RecipeStore.shared.profile(chefID) } })
            """
        XCTAssertEqual(run(view(perform)).findings.map(\.action), [.rewrite])
        let initialFalse = """
                    .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID, initial: false) { Task { profile = await RecipeStore.shared.profile(chefID) } }
            """
        XCTAssertEqual(run(view(initialFalse)).findings.map(\.action), [.rewrite])
    }

    // MARK: - Skips and keeps

    func testSkipsWithReasons() {
        XCTAssertEqual(skipReason(view("""
                    .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID, initial: true) { Task { profile = await RecipeStore.shared.profile(chefID) } }
            """)), "onChange(of: chefID) already runs when the view appears (initial: true), so the start runs the work twice")
        let detached = run(view("""
                    .onAppear { Task.detached { _ = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) { Task.detached { _ = await RecipeStore.shared.profile(chefID) } }
            """))
        XCTAssertEqual(detached.findings.map(\.reasonID), ["appear-change-load/detached-task"], "nothing to do: a keep")
        XCTAssertEqual(detached.findings.map(\.action), [.keep])
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
        for (name, links) in notPairs {
            XCTAssertEqual(run(view(links)).findings, [], name)
        }
    }

    func testTheStartOfANonPairIsDecidedByOnAppearTaskInBothOrders() {
        for (name, links) in notPairs {
            for rules in [RuleRegistry.all, RuleRegistry.all.reversed()] {
                let (text, findings) = run(view(links), rules: rules)
                // The log stays in onAppear; the load, moved into .task, and the onChange's are then a pair.
                let expected = name == "an extra statement in the start" ? ["appear-change-load", "onappear-task"] : ["onappear-task"]
                XCTAssertEqual(findings.map(\.ruleID).sorted(), expected, name)
                if expected.count == 2 { XCTAssertTrue(text.contains("Analytics.log(\"chef\")\n        }\n        .task(id: chefID) {"), text) }
                let startLine = view(links).split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex { $0.contains(".onAppear") }.map { $0 + 1 }
                XCTAssertEqual(findings.first?.line, startLine, name)
            }
        }
    }

    func testShorthandNewValueCountsOnlyInTheOnChangeClosureItself() {
        let extra = "    func select(_ id: ChefID) { profile = ChefProfile(id: id, name: \"\") }\n"
        let direct = """
                    .onAppear { select(chefID) }
                    .onChange(of: chefID) { select($0) }
            """
        let kept = run(view(direct, extra: extra)).findings
        XCTAssertEqual(kept.map(\.action), [.keep])
        XCTAssertEqual(kept.first?.reason?.hasPrefix("the work never suspends"), true, kept.first?.reason ?? "")
        // `$0` of a nested closure is that closure's, not the new value: the works differ, so no pair.
        let nested = """
                    .onAppear { others.forEach { _ in select(chefID) } }
                    .onChange(of: chefID) { others.forEach { _ in select($0) } }
            """
        XCTAssertEqual(run(view(nested, extra: extra + "    let others: [ChefID]\n")).findings, [])
    }

    func testTwoValuesOfOneTypeKeyOnBoth() {
        let extra = "    @State private var page = 0\n    @State private var size: Int = 20\n"
        let links = """
                    .onAppear { Task { await reload() } }
                    .onChange(of: page) { Task { await reload() } }
                    .onChange(of: size) { Task { await reload() } }
            """
        let helper = extra + "    func reload() async { profile = await RecipeStore.shared.profile(chefID) }\n"
        let expected = """
                    .task(id: [page, size]) {
                        await reload()
                    }
            """
        XCTAssertEqual(run(view(links, extra: helper)).text, view(expected, extra: helper))

        let mixed = links.replacingOccurrences(of: "of: size", with: "of: chefID")
        XCTAssertEqual(
            skipReason(view(mixed, extra: helper)),
            "the rule cannot tell that the onChange values page, chefID have one type, which task(id: [page, chefID]) needs")
    }

    func testSynchronousWorkIsKeptUnlessOptedIn() {
        let extra = "    @State private var names: [String] = []\n    func refilter() { names = names.sorted() }\n"
        let links = """
                    .onAppear { refilter() }
                    .onChange(of: chefID) { _, _ in refilter() }
            """
        let kept = run(view(links, extra: extra))
        XCTAssertEqual(kept.text, view(links, extra: extra))
        XCTAssertEqual(kept.findings.map(\.action), [.keep])

        var configuration = Configuration()
        configuration.ruleOptions["appear-change-load"] = ["syncWork": "onChangeInitial"]
        let rewritten = run(view(links, extra: extra), configuration: configuration)
        XCTAssertEqual(rewritten.text, view("""
                    .onChange(of: chefID, initial: true) {
                        refilter()
                    }
            """, extra: extra))
        XCTAssertEqual(rewritten.findings.first?.safety, .behaviorChange("runs on the first appearance only, no longer on every re-appearance"))

        configuration.deploymentTarget = DeploymentFloor([.iOS: PlatformVersion(16)], source: ".swiftui-migrate.json")
        XCTAssertEqual(
            skipReason(view(links, extra: extra), configuration: configuration, action: .keep),
            "the deployment floor is iOS 16.0 (.swiftui-migrate.json), and onChange with zero or two parameters or initial: needs iOS 17.0")
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
                    .onAppear { width = measured }
                    .onChange(of: measured) { width = measured }
            """
        XCTAssertEqual(run(view(copies, extra: extra)).findings.map(\.action), [.keep])

        // `.task { @MainActor in … }` is a start; its body becomes the keyed task's.
        let helper = "    func reload() async { profile = await RecipeStore.shared.profile(chefID) }\n"
        let mainActor = """
                    .task { @MainActor in
                        await reload()
                    }
                    .onChange(of: chefID) { Task { await reload() } }
            """
        XCTAssertEqual(run(view(mainActor, extra: helper)).text, view("""
                    .task(id: chefID) {
                        await reload()
                    }
            """, extra: helper))
    }

    func testSynchronousWorkIsKeptWhateverTheModifier() throws {
        // `.task { recount() }` runs recount() at once, as onAppear would: task(id:) would only defer the onChange's run.
        let extra = "    @State private var title = \"\"\n    func retitle() { title = chefID.rawValue }\n"
        let links = """
                    .task {
                        retitle()
                    }
                    .onChange(of: chefID) { retitle() }
            """
        let finding = try XCTUnwrap(run(view(links, extra: extra)).findings.first)
        XCTAssertEqual(finding.action, .keep)
        XCTAssertTrue(finding.reason?.hasPrefix("the work never suspends") ?? false, finding.reason ?? "")

        // A Task that never awaits is synchronous work too, deferred to a later turn.
        let deferred = """
                    .onAppear { Task { retitle() } }
                    .onChange(of: chefID) { Task { retitle() } }
            """
        XCTAssertEqual(run(view(deferred, extra: extra)).findings.map(\.action), [.keep])

        // Shared synchronous work beside a load in the task is not the same work.
        let loadToo = """
                    .task {
                        retitle()
                        profile = await RecipeStore.shared.profile(chefID)
                    }
                    .onChange(of: chefID) { retitle() }
            """
        XCTAssertEqual(run(view(loadToo, extra: extra)).findings, [])
    }

    func testTheOptionIsOfferedOnlyWhereTheFloorAllowsIt() throws {
        let extra = "    @State private var names: [String] = []\n    func refilter() { names = names.sorted() }\n"
        let links = """
                    .onAppear { refilter() }
                    .onChange(of: chefID) { _, _ in refilter() }
            """
        var configuration = Configuration()
        configuration.deploymentTarget = DeploymentFloor([.iOS: PlatformVersion(16)], source: ".swiftui-migrate.json")
        let below = try XCTUnwrap(run(view(links, extra: extra), configuration: configuration).findings.first)
        XCTAssertEqual(below.action, .keep)
        XCTAssertEqual(below.reason, "the work never suspends, so task(id:) would only make it asynchronous and cancellable")
        configuration.deploymentTarget = DeploymentFloor([.iOS: PlatformVersion(17)], source: ".swiftui-migrate.json")
        let above = try XCTUnwrap(run(view(links, extra: extra), configuration: configuration).findings.first)
        XCTAssertTrue(above.reason?.contains(#"{"syncWork": "onChangeInitial"}"#) ?? false, above.reason ?? "")
    }

    func testASynchronousPairStartingANestedTaskIsASkipNamingIt() throws {
        let extra = "    @State private var isReady = false\n    func reload() async { profile = await RecipeStore.shared.profile(chefID) }\n"
        let links = """
                    .onAppear {
                        if isReady { Task { await reload() } }
                    }
                    .onChange(of: chefID) {
                        if isReady { Task { await reload() } }
                    }
            """
        for rules in [[AppearChangeLoadRule()], RuleRegistry.all, RuleRegistry.all.reversed()] as [[any Rule]] {
            let findings = run(view(links, extra: extra), rules: rules).findings
            XCTAssertEqual(findings.map(\.ruleID), ["appear-change-load"])
            let finding = try XCTUnwrap(findings.first)
            XCTAssertEqual(finding.action, .skip)
            XCTAssertTrue(finding.reason?.contains("starts the Task on line 10 inside an if") ?? false, finding.reason ?? "")
        }
    }

    func testFloorBelowTaskSkips() {
        var configuration = Configuration()
        configuration.deploymentTarget = DeploymentFloor([.iOS: PlatformVersion(14)], source: ".swiftui-migrate.json")
        XCTAssertEqual(
            skipReason(view(pair), configuration: configuration, action: .keep),
            "the deployment floor is iOS 14.0 (.swiftui-migrate.json), and task needs iOS 15.0")
    }

    func testUnrelatedOnChangeIsNoPair() {
        let links = """
                    .onAppear { Task { profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) { _, _ in Analytics.log("chef") }
            """
        XCTAssertEqual(run(view(links)).findings, [])
        // Wrappers such as Task.sleep and withAnimation are not shared work.
        let wrappers = """
                    .onAppear { Task { try? await Task.sleep(nanoseconds: 1); profile = await RecipeStore.shared.profile(chefID) } }
                    .onChange(of: chefID) { _, _ in Task { try? await Task.sleep(nanoseconds: 1); withAnimation { Analytics.log("chef") } } }
            """
        XCTAssertEqual(run(view(wrappers)).findings, [])
    }

    // MARK: - Fixtures: each case's decision and reason

    /// The decision each fixture case stands for (nil: no finding, the closures are no pair), and a
    /// phrase its reason must hold: the fixture harness checks only the text, so a negative case
    /// skipped for the wrong reason would pass there.
    private static let fixtureDecisions: [String: (FindingAction?, String)] = [
        "task-start-pair": (.rewrite, ""),
        "onappear-task-new-value": (.rewrite, ""),
        "onchange-first": (.rewrite, ""),
        "priority-kept": (.rewrite, ""),
        "comments-kept": (.rewrite, ""),
        "two-values-one-type": (.rewrite, ""),
        "perform-forms": (.rewrite, ""),
        "closing-line-chain": (.rewrite, ""),
        "crlf": (.rewrite, ""),
        "tabs-one-line": (.rewrite, ""),
        "sync-work-on-change-initial": (.rewrite, ""),
        "sync-work-kept": (.keep, "asynchronous and cancellable"),
        "sync-work-option-below-ios17": (.keep, "needs iOS 17.0"),
        "different-arguments": (nil, ""),
        "old-value-read": (nil, ""),
        "two-values-different-types": (.skip, "cannot tell that the onChange values"),
        "initial-true": (.skip, "(initial: true)"),
        "start-does-more": (nil, ""),
        "detached-task": (.keep, "Task.detached"),
        "floor-below-ios15": (.keep, "task needs iOS 15.0"),
        "hazard-sentinel": (.keep, "is a sentinel"),
        "hazard-self-cancelling-host": (.keep, "sets isLoadingPage before it awaits"),
        "hazard-hidden-in-flight-writer": (.skip, "!library.isRefreshing, a flag set where"),
        "hazard-no-owned-state": (.keep, "changes no state the view owns"),
        "pair-merged-flag-not-also-skipped": (.rewrite, ""),
        "sync-work-several-values-no-option-offered": (.keep, "asynchronous and cancellable"),
        "sync-work-several-values-option-set": (.keep, "several onChange run it"),
        "hazard-effect": (.keep, "library.sync(playlistID: playlistID) is made for its effect"),
        "hazard-lazy-row": (.keep, "a row of a ForEach in LazyVStack"),
    ]

    func testEachFixtureCaseIsDecidedForItsReason() throws {
        let cases = FixtureCase.discoverRepositoryFixtures().cases.filter { $0.ruleID == "appear-change-load" }
        XCTAssertEqual(Set(cases.map(\.name)), Set(Self.fixtureDecisions.keys), "every case has an expected decision")
        for fixture in cases {
            guard let (action, phrase) = Self.fixtureDecisions[fixture.name] else { continue }
            var configuration = Configuration()
            if let url = fixture.configuration { configuration = try Configuration.load(path: url.path) }
            let source = try String(contentsOf: fixture.before, encoding: .utf8)
            let findings = MigrationEngine(configuration: configuration, rules: [AppearChangeLoadRule()])
                .migrate(source: source).migration.findings
            XCTAssertEqual(findings.map(\.action), action.map { [$0] } ?? [], fixture.name)
            if !phrase.isEmpty {
                XCTAssertTrue(findings.first?.reason?.contains(phrase) ?? false, "\(fixture.name): \(findings.first?.reason ?? "no reason")")
            }
        }
    }
}
