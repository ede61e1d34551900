import SwiftUIMigrate
import XCTest

/// Cases of `onappear-task` beyond its examples and fixtures.
final class OnAppearTaskRuleTests: XCTestCase {
    private let rule = [OnAppearTaskRule()]
    private let cancelled = SafetyLabel.behaviorChange("the work is now cancelled when the view disappears")

    func testLabelsWithAndWithoutIdentity() {
        let keyed = """
            struct BrewView: View {
                let brewID: String
                @State private var brew: Brew?
                var body: some View {
                    Text("").1️⃣onAppear { Task { brew = try? await BrewStore.shared.fetch(brewID) } }
                }
            }
            """
        assertDecisions(keyed, rules: rule, [
            DecisionSpec("1️⃣", "onappear-task/move-into-task-id", action: .rewrite, safety: .behaviorChange(
                "the work is now cancelled when the view disappears and runs again when brewID changes")),
        ])
        let plain = keyed.replacingOccurrences(of: "fetch(brewID)", with: "fetch(\"house\")")
        let (text, _) = assertDecisions(plain, rules: rule, [
            DecisionSpec("1️⃣", "onappear-task/move-into-task", action: .rewrite, safety: cancelled),
        ])
        XCTAssertTrue(text.contains(".task {\n"))
    }

    func testIdentityWatchedByASiblingOnChangeIsNotTheKey() {
        let source = """
            struct BrewView: View {
                let brewID: String
                @State private var brew: Brew?
                var body: some View {
                    Text("")
                        .1️⃣onAppear { Task { brew = try? await BrewStore.shared.fetch(brewID) } }
                        .onChange(of: brewID) { _ in Task { brew = try? await BrewStore.shared.fetch(brewID) } }
                }
            }
            """
        // With appear-change-load on, this pair is that rule's (it becomes one .task(id: brewID)),
        // and onappear-task leaves it alone; with it off, onappear-task must not key on brewID.
        assertNoDecisions(source, rules: rule)
        var configuration = Configuration()
        configuration.rules["appear-change-load"] = false
        let (text, _) = assertDecisions(source, rules: rule, configuration: configuration, [
            DecisionSpec("1️⃣", "onappear-task/move-into-task", safety: cancelled),
        ])
        XCTAssertTrue(text.contains(".task {"))
    }

    func testOutsideAViewStructSkipsForNoVisibleOwnedState() {
        let source = """
            func makeRow(model: RecipeFeedModel) -> some View {
                Text("Row")
                    .1️⃣onAppear {
                        Task { await model.loadMore() }
                    }
            }

            """
        assertDecisions(source, rules: rule, [DecisionSpec("1️⃣", "onappear-task/outside-view", action: .skip)],
                        after: MarkedSource(source).text)
    }

    /// Asserts the one decision at the onAppear (marked 1️⃣) of `source`: `onappear-task/<id>`, a skip or a keep that
    /// leaves the text as it is.
    private func assertLeaves(
        _ source: String, _ id: String, action: FindingAction? = nil, facts: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        assertOneDecision(source, rules: rule, "onappear-task/" + id, action: action, facts: facts, unchanged: true, file: file, line: line)
    }

    /// Asserts the one decision at the onAppear (marked 1️⃣) of `source` is a rewrite, `id` (`move-into-task` unless said).
    private func assertRewrites(
        _ source: String, _ id: String = "move-into-task", safety: SafetyLabel? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertOneDecision(source, rules: rule, "onappear-task/" + id, action: .rewrite, safety: safety, file: file, line: line)
    }

    func testAdviceToLeaveTheCodeIsAKeep() {
        let keeps = [
            (feedView(host: "if !isLoadingMore { ProgressView()@ }"), "work-removes-host"),
            (feedView(host: "Color.clear.frame(height: 1)@"), "sentinel-host"),
            (feedView(host: "Text(\"\")", work: "await loadMore()").replacingOccurrences(of: "Task {", with: "Task.detached {"), "detached-task"),
            // Work that changes no state the view owns, or awaits a call made for its effect, must finish (issue 43).
            (feedView(host: "Text(\"\")", work: "await shared.refresh()"), "awaited-operation"),
        ]
        for (source, id) in keeps {
            assertLeaves(source, id, action: .keep)
        }
        // A check a person must make stays a skip.
        assertLeaves(feedView(host: "Menu(\"More\") { Text(\"\")@ }"), "menu-content", action: .skip)
    }

    /// A feed view whose `host` carries `.onAppear { Task { work } }` at `@` (at its end when it has none), its
    /// name marked 1️⃣.
    private func feedView(host: String, work: String = "await loadMore()", members: String = "") -> String {
        let modifier = ".1️⃣onAppear { Task { \(work) } }"
        let hosted = host.contains("@") ? host.replacingOccurrences(of: "@", with: modifier) : host + modifier
        return """
        struct FeedView: View {
            @State private var items: [Int] = []
            @State private var isLoadingMore = false
            @State private var hasMore = true
            @StateObject private var model = RecipeFeedModel()
            @ObservedObject var shared: RecipeFeedModel
            @EnvironmentObject var catalog: RecipeCatalog
            @Binding var selection: Int
            var body: some View {
                List {
                    \(hosted)
                }
            }
            func loadMore() async {
                isLoadingMore = true
                items += await RecipeStore.shared.recipes(page: 1).map { _ in 1 }
                isLoadingMore = false
            }
            func nextIfMore() async { if hasMore { await loadMore() } }
            \(members)
        }
        """
    }

    func testMenuContentIsAHazardButTheViewCarryingTheMenuIsNot() {
        // The words name the menu (Finding has no typed field for it).
        assertLeaves(feedView(host: "Text(\"row\").contextMenu { Text(\"Details\")@ }", work: "await model.refresh()"),
                     "menu-content", facts: ["contextMenu"])
        assertLeaves(feedView(host: "Menu(\"More\") { Text(\"Details\")@ }", work: "await model.refresh()"), "menu-content", facts: ["Menu"])
        assertRewrites(feedView(host: "Text(\"row\").contextMenu { Text(\"Details\") }@", work: "await model.refresh()"))
    }

    func testAHostChosenByAnObjectTheWorkCallsIsCheckedThroughTheObjectsMethod() {
        // The file declares the method: it decides.
        let model = """
            final class PhaseModel: ObservableObject {
                @Published var phase = 0
                func start() async { phase = 1; _ = await RecipeStore.shared.recipes(page: 1) }
                func show() async { _ = await RecipeStore.shared.recipes(page: 1); phase = 1 }
            }
            """
        func view(_ work: String) -> String {
            """
            struct PhaseView: View {
                @StateObject private var model = PhaseModel()
                @State private var items: [Int] = []
                var body: some View {
                    switch model.phase {
                    case 0: ProgressView().1️⃣onAppear { Task { \(work) } }
                    default: Text("Done")
                    }
                }
            }
            \(model)

            """
        }
        // The words name the condition's property and the call (Finding has no typed fields for them).
        assertLeaves(view("await model.start()"), "object-method-removes-host", facts: ["model.phase", "model.start()"])
        assertRewrites(view("await model.show()"))  // phase is set only after the await: the host stays while it runs
        // Declared in another file: nobody can tell, and the reason says what to check.
        assertLeaves(view("await model.refresh()"), "object-method-unseen", facts: ["model.refresh()", "model.phase"])
    }

    func testAnAwaitedCallMadeForItsEffectIsKept() {
        // A dropped result, on something the view does not own: a closure handed in, a shared instance.
        for (work, call) in [("await export?(); items = []", "export?()"),
                             ("_ = try? await RecipeStore.shared.recipe(id: UUID()); items = []", "RecipeStore.shared.recipe(id: UUID())"),
                             ("await shared.refresh()", "shared.refresh()"), ("await catalog.refreshAll()", "catalog.refreshAll()")] {
            assertLeaves(feedView(host: "Text(\"Saving\")", work: work, members: "let export: (() async -> Void)?"),
                         "awaited-operation", action: .keep, facts: [call])
        }
        // A kept result before it does not make the work a load, nor does a write the view owns after it.
        let payment = "let kept = await RecipeStore.shared.recipes(page: 0); _ = await catalog.post(kept); selection = 1"
        assertLeaves(feedView(host: "Text(\"Paying\")", work: payment), "awaited-operation")
        // A task group only groups its children's awaits, each judged on its own: here loads the view keeps.
        let grouped = "await withTaskGroup(of: Void.self) { group in group.addTask { items = await RecipeStore.shared.recipes(page: 0).map { _ in 1 } } }"
        assertRewrites(feedView(host: "Text(\"Feed\")", work: grouped))

        // Controls: a delay, a call on the view's own model, and a load that keeps what it awaits.
        assertRewrites(feedView(host: "Text(\"Hint\")", work: "try? await Task.sleep(nanoseconds: 1); items = [1]"))
        assertRewrites(feedView(host: "Text(\"Feed\")", work: "await model.refresh(); items = []"))
        assertRewrites(feedView(host: "Text(\"Feed\")", work: "items = await RecipeStore.shared.recipes(page: 1).map { _ in 1 }"))
    }

    func testAMainActorTaskOutsideAViewStructNamesTheActor() {
        // A protocol extension's body: nothing says its members run on the main actor.
        let source = """
            protocol TabContent: View {}
            extension TabContent {
                var body: some View {
                    Text("Tab").1️⃣onAppear { Task { @MainActor in start() } }
                }
                func start() {}
            }

            """
        assertLeaves(source, "main-actor-outside-view", action: .skip)
    }

    func testSelfCancellingHostSkipsAndNamesTheProperty() {
        // The words name the host's condition and the property the work sets (Finding has no typed fields for them).
        assertLeaves(feedView(host: "if hasMore && !isLoadingMore { ProgressView()@ }"), "work-removes-host",
                     facts: ["hasMore && !isLoadingMore", "isLoadingMore"])

        // Through a second function, and in a switch over the property.
        let nested = feedView(
            host: "switch isLoadingMore {\ncase false: ProgressView()@\ndefault: Text(\"\")\n}",
            work: "await next()", members: "func next() async { await loadMore() }")
        assertLeaves(nested, "work-removes-host", facts: ["isLoadingMore"])

        // `if let` shorthand reads the property it unwraps.
        let unwrapped = feedView(host: "if let first = items.first { Text(\"\\(first)\")@ }", work: "items = []; await loadMore()")
        assertLeaves(unwrapped, "work-removes-host", facts: ["items"])

        // Written only after the await: the host stays until the work is done.
        let control = feedView(host: "if items.isEmpty { ProgressView()@ }", work: "items = await RecipeStore.shared.recipes(page: 0).map { _ in 1 }")
        assertRewrites(control, safety: cancelled)
        // In a followed function too: `await loadMore()` suspends where loadMore does, before it sets items.
        assertRewrites(feedView(host: "if items.isEmpty { ProgressView()@ }"))
    }

    func testSetupBeforeTheTaskStaysInOnAppearUnlessTheWorkReadsIt() {
        func source(_ work: String) -> String {
            feedView(host: "Text(\"\")", work: "await loadMore()").replacingOccurrences(
                of: "onAppear { Task { await loadMore() } }", with: "onAppear {\n\(work)\n}")
        }
        let split = assertDecisions(
            source("selection = 0\nTask { items = await RecipeStore.shared.recipes(page: 1).map { _ in 1 } }"), rules: rule, [
                DecisionSpec("1️⃣", "onappear-task/setup-stays-in-onappear", safety: cancelled),
            ])
        XCTAssertTrue(split.text.contains("selection = 0\n}.task {\n") && !split.text.contains("Task {"), split.text)

        // Read before the first await (directly, or in a function the work calls), or a local it uses: they move together.
        for work in [
            "selection = 0\nTask { items = await RecipeStore.shared.recipes(page: selection).map { _ in 1 } }",
            "hasMore = true\nTask { await nextIfMore() }",
            "let page = 2\nTask { items = []; items = await RecipeStore.shared.recipes(page: page).map { _ in 1 } }",
        ] {
            let together = assertDecisions(source(work), rules: rule, [
                DecisionSpec("1️⃣", "onappear-task/setup-moves-with-task", safety: .behaviorChange(
                    "the work is now cancelled when the view disappears; the statements before the Task now run when the task starts")),
            ])
            XCTAssertFalse(together.text.contains(".onAppear"), together.text)
        }
        // Read only after the await: the statement has run by then either way.
        assertRewrites(
            source("selection = 0\nTask { items = await RecipeStore.shared.recipes(page: 1).map { _ in 1 }; items.append(selection) }"),
            "setup-stays-in-onappear")
    }

    func testWritesOnTheMainActorOrInACatchComeAfterTheAwait() {
        let host = "if !isLoadingMore && items.isEmpty { ProgressView()@ }"
        // `await MainActor.run { … }` suspends before its closure runs; a catch runs instead of the rest of its do.
        let afterFetch = """
            do {
                let page = try await BrewStore.shared.fetchAll()
                await MainActor.run { items = page.map { _ in 1 }; isLoadingMore = true }
            } catch {
                await MainActor.run { isLoadingMore = true }
            }
            """
        assertRewrites(feedView(host: host, work: afterFetch))
        let plainCatch = afterFetch.replacingOccurrences(of: "await MainActor.run { isLoadingMore = true }", with: "isLoadingMore = true")
        assertRewrites(feedView(host: host, work: plainCatch))

        // Set before an await on the same path: still the host's own removal.
        let before = "do { isLoadingMore = true; _ = try await BrewStore.shared.fetchAll() } catch { isLoadingMore = false }"
        assertLeaves(feedView(host: host, work: before), "work-removes-host")
        let inCatch = "do { _ = try await BrewStore.shared.fetchAll() } catch { isLoadingMore = true; await model.refresh() }"
        assertLeaves(feedView(host: host, work: inCatch), "work-removes-host")
        let afterHop = "await MainActor.run { isLoadingMore = true }; _ = try? await BrewStore.shared.fetchAll()"
        assertLeaves(feedView(host: host, work: afterHop), "work-removes-host")
    }

    func testAHostInAnElseShowsWhileTheEarlierConditionsDoNotHold() {
        let chain = "if items.isEmpty { Text(\"none\") } else if hasMore { ProgressView()@ } else { Text(\"end\") }"
        assertRewrites(feedView(host: chain))  // loadMore sets neither items nor hasMore before it awaits
        let final = feedView(host: "if hasMore { Text(\"more\") } else { ProgressView()@ }", work: "hasMore = true; await loadMore()")
        // The words name the condition whose else shows the host (Finding has no typed field for it).
        assertLeaves(final, "work-removes-host", facts: ["if hasMore", "hasMore"])
        // The else of an in-flight check shows while the flag is clear.
        let loading = feedView(host: "if model.isLoadingMore { Text(\"…\") } else { ProgressView()@ }", work: "await shared.loadMore()")
        assertLeaves(loading, "hidden-in-flight-flag")
    }

    func testAStandardLibraryCallOnTheConditionsPropertyIsNoObjectMethod() {
        // `items.map` reads items; it is no method of an object the file does not declare.
        let host = "if items.isEmpty { ProgressView()@ }"
        let work = "let doubled = items.map { $0 * 2 }; items = doubled + (await RecipeStore.shared.recipes(page: 1)).map { _ in 1 }"
        assertRewrites(feedView(host: host, work: work))
        let unknown = "items.reload(); items = (await RecipeStore.shared.recipes(page: 1)).map { _ in 1 }"
        assertLeaves(feedView(host: host, work: unknown, members: ""), "object-method-unseen")
    }

    func testBelowTheFloorOfTaskNoReasonAdvisesMovingIntoTask() {
        let nested = """
            struct BrewView: View {
                @State private var brews: [Brew] = []
                @State private var ready = false
                var body: some View {
                    Text("").1️⃣onAppear { if ready { Task { brews = (try? await BrewStore.shared.fetchAll()) ?? [] } } }
                }
            }
            """
        assertDecisions(nested, rules: rule, configuration: .withDeploymentTarget([.iOS: PlatformVersion(14)]), [
            DecisionSpec("1️⃣", "onappear-task/below-floor", action: .keep),
        ])
        assertLeaves(nested, "nested-task")
    }

    /// A module of `files` (path → text) read the way a run reads a project's other files.
    private func module(_ files: [String: String]) -> ModuleIndex {
        ModuleIndex(files: { Array(files.keys) }) { files[$0].map { Array($0.utf8) } }
    }

    func testTheAppsOwnBackPortOfTaskIsNeitherMovedIntoTaskNorAdvisedAgainst() {
        let backport = """
            extension View {
                func whileShown(_ work: @escaping @Sendable () async -> Void) -> some View {
                    self.1️⃣onAppear { Task { await work() } }
                }
            }
            struct LoadWhileShown: ViewModifier {
                let work: @Sendable () async -> Void
                func body(content: Content) -> some View { content.2️⃣onAppear { Task { await work() } } }
            }
            """
        // The onAppear inside the back-port is the task its callers use: a keep, in either form.
        assertDecisions(backport, rules: rule, [
            DecisionSpec("1️⃣", "onappear-task/task-backport", action: .keep),
            DecisionSpec("2️⃣", "onappear-task/task-backport", action: .keep),
        ])
        // A helper taking no async work is no back-port: its onAppear is decided as any other.
        let helper = "extension View {\n    func pinged() -> some View { self.1️⃣onAppear { Task { await Ping.send() } } }\n}\n"
        assertDecisions(helper, rules: rule, [DecisionSpec("1️⃣", "onappear-task/outside-view")])

        // Below the floor of task, a view of the module is told about the back-port, in this file or another.
        let view = """
            struct BrewView: View {
                @State private var brews: [Brew] = []
                var body: some View {
                    Text("").1️⃣onAppear { Task { brews = (try? await BrewStore.shared.fetchAll()) ?? [] } }
                }
            }
            """
        let floor = Configuration.withDeploymentTarget([.iOS: PlatformVersion(14)])
        let unmarked = MarkedSource(view).text
        func assertDecided(_ id: String, module: ModuleIndex?, action: FindingAction? = nil, facts: [String] = [], line: UInt = #line) {
            assertDecisions(view, rules: rule, configuration: floor, module: module, path: "BrewView.swift", [
                DecisionSpec("1️⃣", id, action: action, facts: facts),
            ], line: line)
        }
        assertDecided("onappear-task/below-floor", module: nil)
        // The words name the file declaring the back-port (Finding has no typed field for it).
        assertDecided("onappear-task/below-floor-backport", module: module(["Shelf/WhileShown.swift": MarkedSource(backport).text, "BrewView.swift": unmarked]),
                      action: .skip, facts: ["WhileShown.swift"])
        // A back-port private to its file cannot be used here.
        let hidden = MarkedSource(backport).text.replacingOccurrences(of: "extension View", with: "private extension View")
            .replacingOccurrences(of: "struct LoadWhileShown", with: "private struct LoadWhileShown")
        assertDecided("onappear-task/below-floor", module: module(["WhileShown.swift": hidden]))
    }

    func testACallOnASharedInstanceIsJudgedByItsUseNotByItsBody() {
        // The object is the type's shared instance: `show` loads the events the view shows, `send` uploads.
        // Both drop their result on an object the view does not own, so both are effects, whether or not
        // the module that declares them is read.
        let agenda = """
            final class Agenda: ObservableObject {
                static let shared = Agenda()
                @Published var day = Date()
                @Published var events: [String] = []
                func show(_ date: Date) async {
                    day = date
                    await reload()
                }
                func send(_ date: Date) async {
                    day = date
                    await upload()
                }
                private func reload() async { events = await AgendaService.events(on: day) }
                private func upload() async { await AgendaService.upload(day) }
            }
            """
        for call in ["show", "send"] {
            let view = """
                struct AgendaView: View {
                    @ObservedObject private var agenda = Agenda.shared
                    var body: some View {
                        Text("\\(agenda.events.count)").1️⃣onAppear { Task { await agenda.\(call)(Date()) } }
                    }
                }
                """
            for files in [["Agenda.swift": agenda], [:]] {
                assertDecisions(view, rules: rule, module: module(files), path: "AgendaView.swift", [
                    DecisionSpec("1️⃣", "onappear-task/awaited-operation"),
                ])
            }
        }
    }

    func testBranchesOfAGroupAreHostsOfTheirOwn() {
        // The Group applies the modifier to each branch: the load that sets isLoadingMore swaps the branch and
        // would cancel itself. The words name the property and the Group (Finding has no typed fields for them).
        let group = "Group {\nif isLoadingMore { ProgressView() } else { Text(\"\") }\n}"
        assertLeaves(feedView(host: group), "work-removes-host", facts: ["isLoadingMore", "Group"])
        // A Group whose branches read nothing the work writes before awaiting.
        let control = "Group {\nif hasMore { ProgressView() } else { Text(\"\") }\n}"
        assertRewrites(feedView(host: control))
    }

    func testHiddenInFlightWriterSkips() {
        // The words name the in-flight flag (Finding has no typed field for it).
        assertLeaves(feedView(host: "if !model.isLoading { ProgressView()@ }", work: "await model.loadMore()"),
                     "hidden-in-flight-flag", facts: ["!model.isLoading"])
        assertLeaves(feedView(host: "if shared.isBusy == false { ProgressView()@ }", work: "await model.loadMore()"),
                     "hidden-in-flight-flag", facts: ["!shared.isBusy"])
        // A negated property that is not an in-flight flag.
        assertRewrites(feedView(host: "if !hasMore { ProgressView()@ }", work: "await model.loadMore()"))
    }

    func testSentinelHostsSkip() {
        for host in ["Color.clear", "EmptyView()", "Spacer()", "Text(\"\").frame(width: 0)", "Text(\"\").frame(height: 1)",
                     "Text(\"\").hidden()", "Text(\"\").opacity(0)"] {
            assertLeaves(feedView(host: host, work: "await model.loadMore()"), "sentinel-host")
        }
        for host in ["Text(\"\").frame(height: 2)", "Text(\"\").opacity(0.5)", "Color.blue"] {
            assertRewrites(feedView(host: host, work: "await model.loadMore()"))
        }
    }

    func testWorkThatChangesNoOwnedStateSkips() {
        for work in ["catalog.recipes = await RecipeStore.shared.recipes(page: 0)", "shared.recipes = await RecipeStore.shared.recipes(page: 0)"] {
            assertLeaves(feedView(host: "Text(\"\")", work: work), "no-owned-state")
        }
        let owned = [
            "await model.refresh()", "items = await RecipeStore.shared.recipes(page: 0).map { _ in 1 }",
            "selection = await RecipeStore.shared.recipes(page: 0).count", "$selection.wrappedValue = await RecipeStore.shared.recipes(page: 0).count",
            "self.items.append(await RecipeStore.shared.recipes(page: 0).count)", "await loadMore()",
        ]
        for work in owned {
            assertRewrites(feedView(host: "Text(\"\")", work: work))
        }
    }

    func testWorkWithoutSuspensionIsPreservingAndNotAHazard() {
        // A sentinel host, no owned state: nothing awaits, so nothing can be cancelled.
        assertRewrites(feedView(host: "Color.clear", work: "Analytics.log(\"end\")"), safety: .preserving)
        let keyed = """
            struct BrewView: View {
                let brewID: String
                @State private var title = ""
                var body: some View {
                    Text(title).1️⃣onAppear { Task { title = brewID } }
                }
            }
            """
        assertRewrites(keyed, "move-into-task-id", safety: .behaviorChange("the work now runs again when brewID changes"))
    }

    func testTaskThatOnlyDefersAfterOtherStatementsSkips() {
        assertLeaves(feedView(host: "Text(\"\")", work: "items.append(1)").replacingOccurrences(
            of: "onAppear { Task", with: "onAppear { items.removeAll(); Task"), "deferral-only", action: .keep)
    }

    func testEveryNestedTaskStartIsReported() {
        let forms = [
            ("if isLast { Task { await model.loadMore() } }", "if"),
            ("switch selection { case 0: Task { await model.loadMore() }\n default: break }", "switch"),
            ("for _ in 0..<2 { Task { await model.loadMore() } }", "for loop"),
            ("withAnimation { Task { await model.loadMore() } }", "withAnimation"),
            ("Analytics.log(\"a\"); if isLast { Task.detached { await model.loadMore() } }", "if"),
        ]
        for (action, construct) in forms {
            let source = """
                struct FeedView: View {
                    let isLast: Bool
                    @Binding var selection: Int
                    @StateObject private var model = RecipeFeedModel()
                    var body: some View {
                        Text("").1️⃣onAppear {
                            \(action)
                        }
                    }
                }
                """
            // The words name the Task's line and what it starts in (Finding has no typed fields for them).
            assertLeaves(source, "nested-task", action: .skip, facts: ["7", construct])
        }
        // A run-once flag wrapping the Task is guard-flag-load's.
        let flagged = """
            struct FeedView: View {
                @State private var didAppear = false
                @StateObject private var model = RecipeFeedModel()
                var body: some View {
                    Text("").onAppear {
                        if !didAppear {
                            didAppear = true
                            Task { await model.loadMore() }
                        }
                    }
                }
            }
            """
        assertNoDecisions(flagged, rules: rule)
    }

    func testATaskGivenAFunctionIsListedToo() {
        // `Task(operation: action)` has no closure to unwrap; it is still a Task the onAppear starts.
        let source = """
            struct CancellableLoad: View {
                @State private var task: Task<Void, Never>?

                var body: some View {
                    Text("").1️⃣onAppear {
                        task = Task(priority: .userInitiated, operation: refresh)
                    }
                }

                func refresh() async {}
            }
            """
        // The words name the Task's line and that it starts in an assignment (Finding has no typed fields for them).
        assertLeaves(source, "nested-task", action: .skip, facts: ["6", "assignment"])
    }

    func testSeveralTasksSkip() {
        let source = """
            struct FeedView: View {
                @StateObject private var model = RecipeFeedModel()
                var body: some View {
                    Text("").1️⃣onAppear {
                        Task { await model.refresh() }
                        Task { await model.loadMore() }
                    }
                }
            }
            """
        assertLeaves(source, "task-not-last", action: .skip)
    }

    func testReturningTaskAndDiscardedTask() {
        let returning = """
            struct FeedView: View {
                var body: some View {
                    Text("").1️⃣onAppear { Task { return 1 } }
                }
            }
            """
        assertLeaves(returning, "task-returns-value")

        let discarded = """
            struct FeedView: View {
                @StateObject private var model = RecipeFeedModel()
                var body: some View {
                    Text("").1️⃣onAppear {
                        _ = Task {
                            do {
                                try await Task.sleep(nanoseconds: 1)
                            } catch {
                                return
                            }
                            await model.refresh()
                        }
                    }
                }
            }

            """
        let expected = """
            struct FeedView: View {
                @StateObject private var model = RecipeFeedModel()
                var body: some View {
                    Text("").task {
                        do {
                            try await Task.sleep(nanoseconds: 1)
                        } catch {
                            return
                        }
                        await model.refresh()
                    }
                }
            }

            """
        assertDecisions(discarded, rules: rule, [DecisionSpec("1️⃣", "onappear-task/move-into-task", action: .rewrite)], after: expected)
    }

    func testGuardInHelperIsLeftToGuardFlagLoad() {
        let source = """
            struct BrewView: View {
                let brewID: String
                @State private var brew: Brew?
                @State private var hasLoaded = false
                var body: some View {
                    Text("").onAppear { Task { await loadIfNeeded() } }
                }
                func loadIfNeeded() async {
                    guard !hasLoaded else { return }
                    hasLoaded = true
                    brew = try? await BrewStore.shared.fetch(brewID)
                }
            }
            """
        assertNoDecisions(source, rules: rule)
    }
}
