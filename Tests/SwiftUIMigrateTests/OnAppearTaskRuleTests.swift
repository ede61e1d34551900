import SwiftUIMigrate
import XCTest

/// Cases of `onappear-task` beyond its examples and fixtures.
final class OnAppearTaskRuleTests: XCTestCase {
    private func run(_ source: String, configuration: Configuration = Configuration()) -> (text: String, findings: [Finding]) {
        let engine = MigrationEngine(configuration: configuration, rules: [OnAppearTaskRule()])
        let (text, migration) = engine.migrate(source: source)
        XCTAssertNil(migration.internalError)
        XCTAssertFalse(migration.findings.contains { $0.action == .rewrite && $0.edits.isEmpty }, "a rewrite without edits")
        let again = engine.migrate(source: text)
        XCTAssertEqual(again.text, text, "idempotent")
        XCTAssertFalse(again.migration.findings.contains { $0.action == .rewrite }, "no rewrite on the output")
        return (text, migration.findings)
    }

    func testLabelsWithAndWithoutIdentity() throws {
        let keyed = """
            struct BrewView: View {
                let brewID: String
                @State private var brew: Brew?
                var body: some View {
                    Text("").onAppear { Task { brew = try? await BrewStore.shared.fetch(brewID) } }
                }
            }
            """
        let finding = try XCTUnwrap(run(keyed).findings.first)
        XCTAssertEqual(finding.safety, .behaviorChange("the work is now cancelled when the view disappears and runs again when brewID changes"))
        XCTAssertEqual(finding.message, "use task instead of starting a Task in onAppear")

        let plain = keyed.replacingOccurrences(of: "fetch(brewID)", with: "fetch(\"house\")")
        let plainFinding = try XCTUnwrap(run(plain).findings.first)
        XCTAssertEqual(plainFinding.safety, .behaviorChange("the work is now cancelled when the view disappears"))
        XCTAssertTrue(run(plain).text.contains(".task {\n"))
    }

    func testIdentityWatchedByASiblingOnChangeIsNotTheKey() {
        let source = """
            struct BrewView: View {
                let brewID: String
                @State private var brew: Brew?
                var body: some View {
                    Text("")
                        .onAppear { Task { brew = try? await BrewStore.shared.fetch(brewID) } }
                        .onChange(of: brewID) { _ in Task { brew = try? await BrewStore.shared.fetch(brewID) } }
                }
            }
            """
        // With appear-change-load on, this pair is that rule's (it becomes one .task(id: brewID)),
        // and onappear-task leaves it alone; with it off, onappear-task must not key on brewID.
        XCTAssertEqual(run(source).findings, [])
        var configuration = Configuration()
        configuration.rules["appear-change-load"] = false
        let result = run(source, configuration: configuration)
        XCTAssertEqual(result.findings.first?.safety, .behaviorChange("the work is now cancelled when the view disappears"))
        XCTAssertTrue(result.text.contains(".task {"))
    }

    func testOutsideAViewStructSkipsForNoVisibleOwnedState() throws {
        let source = """
            func makeRow(model: RecipeFeedModel) -> some View {
                Text("Row")
                    .onAppear {
                        Task { await model.loadMore() }
                    }
            }

            """
        let result = run(source)
        XCTAssertEqual(result.text, source)
        let finding = try XCTUnwrap(result.findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertTrue(finding.reason?.hasPrefix("the modifier stands outside a view struct") ?? false, finding.reason ?? "")
    }

    /// The skip reason for `source`, asserting the source is left alone.
    private func skipReason(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        skipFinding(source, file: file, line: line)?.reason ?? ""
    }

    /// The one finding for `source`, asserting it leaves the text as it is: a skip, or a keep
    /// where the advice is to leave the code as it is (the callers assert which reason).
    private func skipFinding(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Finding? {
        let result = run(source)
        XCTAssertEqual(result.text, source, "no edit", file: file, line: line)
        XCTAssertEqual(result.findings.count, 1, file: file, line: line)
        XCTAssertTrue(result.findings.allSatisfy { $0.action == .skip || $0.action == .keep }, file: file, line: line)
        return result.findings.first
    }

    func testAdviceToLeaveTheCodeIsAKeep() {
        let keeps = [
            feedView(host: "if !isLoadingMore { ProgressView()@ }"),
            feedView(host: "Color.clear.frame(height: 1)@"),
            feedView(host: "Text(\"\")", work: "await loadMore()").replacingOccurrences(of: "Task {", with: "Task.detached {"),
            // Work that changes no state the view owns, or awaits a call made for its effect, must finish (issue 43).
            feedView(host: "Text(\"\")", work: "await shared.refresh()"),
        ]
        for source in keeps {
            XCTAssertEqual(run(source).findings.map(\.action), [.keep], source)
        }
        // A check a person must make stays a skip.
        XCTAssertEqual(run(feedView(host: "Menu(\"More\") { Text(\"\")@ }")).findings.map(\.action), [.skip])
    }

    /// The one finding's label for `source`, asserting it is a rewrite.
    private func rewriteSafety(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> SafetyLabel? {
        let result = run(source)
        XCTAssertEqual(result.findings.map(\.action), [.rewrite], file: file, line: line)
        XCTAssertNotEqual(result.text, source, file: file, line: line)
        return result.findings.first?.safety
    }

    /// A feed view whose `host` carries `.onAppear { Task { work } }` at `@` (at its end when it has none).
    private func feedView(host: String, work: String = "await loadMore()", members: String = "") -> String {
        let modifier = ".onAppear { Task { \(work) } }"
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
        let inContextMenu = skipReason(feedView(host: "Text(\"row\").contextMenu { Text(\"Details\")@ }", work: "await model.refresh()"))
        XCTAssertTrue(inContextMenu.hasPrefix("the host is contextMenu content"), inContextMenu)
        let inMenu = skipReason(feedView(host: "Menu(\"More\") { Text(\"Details\")@ }", work: "await model.refresh()"))
        XCTAssertTrue(inMenu.hasPrefix("the host is Menu content"), inMenu)
        XCTAssertNotNil(rewriteSafety(feedView(host: "Text(\"row\").contextMenu { Text(\"Details\") }@", work: "await model.refresh()")))
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
                    case 0: ProgressView().onAppear { Task { \(work) } }
                    default: Text("Done")
                    }
                }
            }
            \(model)

            """
        }
        let sets = skipReason(view("await model.start()"))
        XCTAssertEqual(sets, "the host shows only in a case of switch model.phase, and the work calls model.start(), which sets "
            + "phase before it awaits: as task, starting the work would remove the host and cancel the work")
        XCTAssertNotNil(rewriteSafety(view("await model.show()")), "phase is set only after the await: the host stays while it runs")
        // Declared in another file: nobody can tell, and the reason says what to check.
        let unseen = skipReason(view("await model.refresh()"))
        XCTAssertEqual(unseen, "the work calls model.refresh(), which this file does not declare; the host shows only in a case of "
            + "switch model.phase: if it changes model.phase before it awaits, starting the work removes the host and task "
            + "cancels it")
    }

    func testAnAwaitedCallMadeForItsEffectIsKept() {
        // A dropped result, on something the view does not own: a closure handed in, a shared instance.
        for (work, call) in [("await export?(); items = []", "export?()"),
                             ("_ = try? await RecipeStore.shared.recipe(id: UUID()); items = []", "RecipeStore.shared.recipe(id: UUID())"),
                             ("await shared.refresh()", "shared.refresh()"), ("await catalog.refreshAll()", "catalog.refreshAll()")] {
            let finding = skipFinding(feedView(host: "Text(\"Saving\")", work: work, members: "let export: (() async -> Void)?"))
            XCTAssertEqual(finding?.reasonID, "onappear-task/awaited-operation", work)
            XCTAssertEqual(finding?.action, .keep, work)
            XCTAssertTrue(finding?.reason?.hasPrefix(call + " ") ?? false, "\(work): \(finding?.reason ?? "no reason")")
        }
        // A kept result before it does not make the work a load, nor does a write the view owns after it.
        let payment = "let kept = await RecipeStore.shared.recipes(page: 0); _ = await catalog.post(kept); selection = 1"
        XCTAssertEqual(skipFinding(feedView(host: "Text(\"Paying\")", work: payment))?.reasonID, "onappear-task/awaited-operation")
        // A task group only groups its children's awaits, each judged on its own: here loads the view keeps.
        let grouped = "await withTaskGroup(of: Void.self) { group in group.addTask { items = await RecipeStore.shared.recipes(page: 0).map { _ in 1 } } }"
        XCTAssertNotNil(rewriteSafety(feedView(host: "Text(\"Feed\")", work: grouped)))

        // Controls: a delay, a call on the view's own model, and a load that keeps what it awaits.
        XCTAssertNotNil(rewriteSafety(feedView(host: "Text(\"Hint\")", work: "try? await Task.sleep(nanoseconds: 1); items = [1]")))
        XCTAssertNotNil(rewriteSafety(feedView(host: "Text(\"Feed\")", work: "await model.refresh(); items = []")))
        XCTAssertNotNil(rewriteSafety(feedView(host: "Text(\"Feed\")", work: "items = await RecipeStore.shared.recipes(page: 1).map { _ in 1 }")))
    }

    func testAMainActorTaskOutsideAViewStructNamesTheActor() throws {
        // A protocol extension's body: nothing says its members run on the main actor.
        let source = """
            protocol TabContent: View {}
            extension TabContent {
                var body: some View {
                    Text("Tab").onAppear { Task { @MainActor in start() } }
                }
                func start() {}
            }

            """
        let finding = try XCTUnwrap(run(source).findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertEqual(finding.reason, "the Task is @MainActor, and outside a view struct the tool cannot tell that task's "
            + "action is too; it stays as it is")
    }

    func testSelfCancellingHostSkipsAndNamesTheProperty() {
        let reason = skipReason(feedView(host: "if hasMore && !isLoadingMore { ProgressView()@ }"))
        XCTAssertTrue(reason.contains("hasMore && !isLoadingMore") && reason.contains("sets isLoadingMore before it awaits"), reason)

        // Through a second function, and in a switch over the property.
        let nested = feedView(
            host: "switch isLoadingMore {\ncase false: ProgressView()@\ndefault: Text(\"\")\n}",
            work: "await next()", members: "func next() async { await loadMore() }")
        XCTAssertTrue(skipReason(nested).contains("sets isLoadingMore"))

        // `if let` shorthand reads the property it unwraps.
        let unwrapped = feedView(host: "if let first = items.first { Text(\"\\(first)\")@ }", work: "items = []; await loadMore()")
        XCTAssertTrue(skipReason(unwrapped).contains("sets items before it awaits"))

        // Written only after the await: the host stays until the work is done.
        let control = feedView(host: "if items.isEmpty { ProgressView()@ }", work: "items = await RecipeStore.shared.recipes(page: 0).map { _ in 1 }")
        XCTAssertEqual(rewriteSafety(control), .behaviorChange("the work is now cancelled when the view disappears"))
        // In a followed function too: `await loadMore()` suspends where loadMore does, before it sets items.
        XCTAssertNotNil(rewriteSafety(feedView(host: "if items.isEmpty { ProgressView()@ }")))
    }

    func testSetupBeforeTheTaskStaysInOnAppearUnlessTheWorkReadsIt() throws {
        func decided(_ work: String) -> (text: String, finding: Finding?) {
            let result = run(feedView(host: "Text(\"\")", work: "await loadMore()").replacingOccurrences(
                of: ".onAppear { Task { await loadMore() } }", with: ".onAppear {\n\(work)\n}"))
            return (result.text, result.findings.first)
        }
        let split = decided("selection = 0\nTask { items = await RecipeStore.shared.recipes(page: 1).map { _ in 1 } }")
        XCTAssertEqual(split.finding?.reasonID, "onappear-task/setup-stays-in-onappear")
        XCTAssertEqual(split.finding?.safety, .behaviorChange("the work is now cancelled when the view disappears"))
        XCTAssertTrue(split.text.contains("selection = 0\n}.task {\n") && !split.text.contains("Task {"), split.text)

        // Read before the first await (directly, or in a function the work calls), or a local it uses: they move together.
        for work in [
            "selection = 0\nTask { items = await RecipeStore.shared.recipes(page: selection).map { _ in 1 } }",
            "hasMore = true\nTask { await nextIfMore() }",
            "let page = 2\nTask { items = []; items = await RecipeStore.shared.recipes(page: page).map { _ in 1 } }",
        ] {
            let together = decided(work)
            XCTAssertEqual(together.finding?.reasonID, "onappear-task/setup-moves-with-task", work)
            XCTAssertFalse(together.text.contains(".onAppear"), together.text)
            XCTAssertEqual(together.finding?.safety, .behaviorChange(
                "the work is now cancelled when the view disappears; the statements before the Task now run when the task starts"))
        }
        // Read only after the await: the statement has run by then either way.
        let after = decided("selection = 0\nTask { items = await RecipeStore.shared.recipes(page: 1).map { _ in 1 }; items.append(selection) }")
        XCTAssertEqual(after.finding?.reasonID, "onappear-task/setup-stays-in-onappear")
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
        XCTAssertNotNil(rewriteSafety(feedView(host: host, work: afterFetch)))
        let plainCatch = afterFetch.replacingOccurrences(of: "await MainActor.run { isLoadingMore = true }", with: "isLoadingMore = true")
        XCTAssertNotNil(rewriteSafety(feedView(host: host, work: plainCatch)))

        // Set before an await on the same path: still the host's own removal.
        let before = "do { isLoadingMore = true; _ = try await BrewStore.shared.fetchAll() } catch { isLoadingMore = false }"
        XCTAssertEqual(skipFinding(feedView(host: host, work: before))?.reasonID, "onappear-task/work-removes-host")
        let inCatch = "do { _ = try await BrewStore.shared.fetchAll() } catch { isLoadingMore = true; await model.refresh() }"
        XCTAssertEqual(skipFinding(feedView(host: host, work: inCatch))?.reasonID, "onappear-task/work-removes-host")
        let afterHop = "await MainActor.run { isLoadingMore = true }; _ = try? await BrewStore.shared.fetchAll()"
        XCTAssertEqual(skipFinding(feedView(host: host, work: afterHop))?.reasonID, "onappear-task/work-removes-host")
    }

    func testAHostInAnElseShowsWhileTheEarlierConditionsDoNotHold() {
        let chain = "if items.isEmpty { Text(\"none\") } else if hasMore { ProgressView()@ } else { Text(\"end\") }"
        XCTAssertNotNil(rewriteSafety(feedView(host: chain)), "loadMore sets neither items nor hasMore before it awaits")
        let final = feedView(host: "if hasMore { Text(\"more\") } else { ProgressView()@ }", work: "hasMore = true; await loadMore()")
        let reason = skipReason(final)
        XCTAssertTrue(reason.contains("the host shows only in the else of if hasMore, and the work sets hasMore"), reason)
        // The else of an in-flight check shows while the flag is clear.
        let loading = feedView(host: "if model.isLoadingMore { Text(\"…\") } else { ProgressView()@ }", work: "await shared.loadMore()")
        XCTAssertEqual(skipFinding(loading)?.reasonID, "onappear-task/hidden-in-flight-flag")
    }

    func testAStandardLibraryCallOnTheConditionsPropertyIsNoObjectMethod() {
        // `items.map` reads items; it is no method of an object the file does not declare.
        let host = "if items.isEmpty { ProgressView()@ }"
        let work = "let doubled = items.map { $0 * 2 }; items = doubled + (await RecipeStore.shared.recipes(page: 1)).map { _ in 1 }"
        XCTAssertNotNil(rewriteSafety(feedView(host: host, work: work)))
        let unknown = "items.reload(); items = (await RecipeStore.shared.recipes(page: 1)).map { _ in 1 }"
        XCTAssertEqual(skipFinding(feedView(host: host, work: unknown, members: "")).map(\.reasonID), "onappear-task/object-method-unseen")
    }

    func testBelowTheFloorOfTaskNoReasonAdvisesMovingIntoTask() throws {
        let nested = """
            struct BrewView: View {
                @State private var brews: [Brew] = []
                @State private var ready = false
                var body: some View {
                    Text("").onAppear { if ready { Task { brews = (try? await BrewStore.shared.fetchAll()) ?? [] } } }
                }
            }
            """
        let engine = MigrationEngine(configuration: .withDeploymentTarget([.iOS: PlatformVersion(14)]), rules: [OnAppearTaskRule()])
        let finding = try XCTUnwrap(engine.migrate(source: nested).migration.findings.first)
        XCTAssertEqual(finding.reasonID, "onappear-task/below-floor")
        XCTAssertFalse(finding.message.contains("into task"), finding.message)
        XCTAssertEqual(try XCTUnwrap(run(nested).findings.first).reasonID, "onappear-task/nested-task")
    }

    /// A module of `files` (path → text) read the way a run reads a project's other files.
    private func module(_ files: [String: String]) -> ModuleIndex {
        ModuleIndex(files: { Array(files.keys) }) { files[$0].map { Array($0.utf8) } }
    }

    func testTheAppsOwnBackPortOfTaskIsNeitherMovedIntoTaskNorAdvisedAgainst() throws {
        let backport = """
            extension View {
                func whileShown(_ work: @escaping @Sendable () async -> Void) -> some View {
                    self.onAppear { Task { await work() } }
                }
            }
            struct LoadWhileShown: ViewModifier {
                let work: @Sendable () async -> Void
                func body(content: Content) -> some View { content.onAppear { Task { await work() } } }
            }
            """
        // The onAppear inside the back-port is the task its callers use: a keep, in either form.
        let inside = run(backport).findings
        XCTAssertEqual(inside.map(\.reasonID), ["onappear-task/task-backport", "onappear-task/task-backport"])
        XCTAssertEqual(inside.map(\.action), [.keep, .keep])
        // A helper taking no async work is no back-port: its onAppear is decided as any other.
        let helper = "extension View {\n    func pinged() -> some View { self.onAppear { Task { await Ping.send() } } }\n}\n"
        XCTAssertEqual(run(helper).findings.map(\.reasonID), ["onappear-task/outside-view"])

        // Below the floor of task, a view of the module is told about the back-port, in this file or another.
        let view = """
            struct BrewView: View {
                @State private var brews: [Brew] = []
                var body: some View {
                    Text("").onAppear { Task { brews = (try? await BrewStore.shared.fetchAll()) ?? [] } }
                }
            }
            """
        let engine = MigrationEngine(configuration: .withDeploymentTarget([.iOS: PlatformVersion(14)]), rules: [OnAppearTaskRule()])
        func decided(_ source: String, module: ModuleIndex?) throws -> Finding {
            try XCTUnwrap(engine.migrate(bytes: Array(source.utf8), file: "BrewView.swift", module: module).findings.first)
        }
        XCTAssertEqual(try decided(view, module: nil).reasonID, "onappear-task/below-floor")
        let elsewhere = try decided(view, module: module(["Shelf/WhileShown.swift": backport, "BrewView.swift": view]))
        XCTAssertEqual(elsewhere.reasonID, "onappear-task/below-floor-backport")
        XCTAssertEqual(elsewhere.action, .skip)
        XCTAssertTrue(elsewhere.reason?.contains("WhileShown.swift") ?? false, elsewhere.reason ?? "")
        // A back-port private to its file cannot be used here.
        let hidden = backport.replacingOccurrences(of: "extension View", with: "private extension View")
            .replacingOccurrences(of: "struct LoadWhileShown", with: "private struct LoadWhileShown")
        XCTAssertEqual(try decided(view, module: module(["WhileShown.swift": hidden])).reasonID, "onappear-task/below-floor")
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
        func decided(_ call: String, readable: Bool) -> [String] {
            let view = """
                struct AgendaView: View {
                    @ObservedObject private var agenda = Agenda.shared
                    var body: some View {
                        Text("\\(agenda.events.count)").onAppear { Task { await agenda.\(call)(Date()) } }
                    }
                }
                """
            let engine = MigrationEngine(configuration: Configuration(), rules: [OnAppearTaskRule()])
            return engine.migrate(bytes: Array(view.utf8), file: "AgendaView.swift", module: module(readable ? ["Agenda.swift": agenda] : [:]))
                .findings.map(\.reasonID)
        }
        for call in ["show", "send"] {
            XCTAssertEqual(decided(call, readable: true), ["onappear-task/awaited-operation"], call)
            XCTAssertEqual(decided(call, readable: false), decided(call, readable: true), call)
        }
    }

    func testBranchesOfAGroupAreHostsOfTheirOwn() {
        // The Group applies the modifier to each branch: the load that sets isLoadingMore swaps the branch and
        // would cancel itself.
        let group = "Group {\nif isLoadingMore { ProgressView() } else { Text(\"\") }\n}"
        let reason = skipReason(feedView(host: group))
        XCTAssertTrue(reason.contains("while isLoadingMore (a branch of the Group it modifies)"), reason)
        // A Group whose branches read nothing the work writes before awaiting.
        let control = "Group {\nif hasMore { ProgressView() } else { Text(\"\") }\n}"
        XCTAssertNotNil(rewriteSafety(feedView(host: control)))
    }

    func testHiddenInFlightWriterSkips() {
        let reason = skipReason(feedView(host: "if !model.isLoading { ProgressView()@ }", work: "await model.loadMore()"))
        XCTAssertTrue(reason.contains("!model.isLoading"), reason)
        let compared = skipReason(feedView(host: "if shared.isBusy == false { ProgressView()@ }", work: "await model.loadMore()"))
        XCTAssertTrue(compared.contains("!shared.isBusy"), compared)
        // A negated property that is not an in-flight flag.
        XCTAssertNotNil(rewriteSafety(feedView(host: "if !hasMore { ProgressView()@ }", work: "await model.loadMore()")))
    }

    func testSentinelHostsSkip() {
        for host in ["Color.clear", "EmptyView()", "Spacer()", "Text(\"\").frame(width: 0)", "Text(\"\").frame(height: 1)",
                     "Text(\"\").hidden()", "Text(\"\").opacity(0)"] {
            let finding = skipFinding(feedView(host: host, work: "await model.loadMore()"))
            XCTAssertEqual(finding?.reasonID, "onappear-task/sentinel-host", host)
        }
        for host in ["Text(\"\").frame(height: 2)", "Text(\"\").opacity(0.5)", "Color.blue"] {
            XCTAssertNotNil(rewriteSafety(feedView(host: host, work: "await model.loadMore()")), host)
        }
    }

    func testWorkThatChangesNoOwnedStateSkips() {
        for work in ["catalog.recipes = await RecipeStore.shared.recipes(page: 0)", "shared.recipes = await RecipeStore.shared.recipes(page: 0)"] {
            let finding = skipFinding(feedView(host: "Text(\"\")", work: work))
            XCTAssertEqual(finding?.reasonID, "onappear-task/no-owned-state", work)
        }
        let owned = [
            "await model.refresh()", "items = await RecipeStore.shared.recipes(page: 0).map { _ in 1 }",
            "selection = await RecipeStore.shared.recipes(page: 0).count", "$selection.wrappedValue = await RecipeStore.shared.recipes(page: 0).count",
            "self.items.append(await RecipeStore.shared.recipes(page: 0).count)", "await loadMore()",
        ]
        for work in owned {
            XCTAssertNotNil(rewriteSafety(feedView(host: "Text(\"\")", work: work)), work)
        }
    }

    func testWorkWithoutSuspensionIsPreservingAndNotAHazard() {
        // A sentinel host, no owned state: nothing awaits, so nothing can be cancelled.
        XCTAssertEqual(rewriteSafety(feedView(host: "Color.clear", work: "Analytics.log(\"end\")")), .preserving)
        let keyed = """
            struct BrewView: View {
                let brewID: String
                @State private var title = ""
                var body: some View {
                    Text(title).onAppear { Task { title = brewID } }
                }
            }
            """
        XCTAssertEqual(rewriteSafety(keyed), .behaviorChange("the work now runs again when brewID changes"))
    }

    func testTaskThatOnlyDefersAfterOtherStatementsSkips() {
        let reason = skipReason(feedView(host: "Text(\"\")", work: "items.append(1)").replacingOccurrences(
            of: ".onAppear { Task", with: ".onAppear { items.removeAll(); Task"))
        XCTAssertEqual(reason, "the Task never awaits, so it only defers its body to a later turn than the statements "
            + "before it; in one task body they would run together")
    }

    func testEveryNestedTaskStartIsReported() {
        let forms = [
            ("if isLast { Task { await model.loadMore() } }", "inside an if"),
            ("switch selection { case 0: Task { await model.loadMore() }\n default: break }", "inside a switch"),
            ("for _ in 0..<2 { Task { await model.loadMore() } }", "inside a for loop"),
            ("withAnimation { Task { await model.loadMore() } }", "inside a closure passed to withAnimation"),
            ("Analytics.log(\"a\"); if isLast { Task.detached { await model.loadMore() } }", "inside an if"),
        ]
        for (action, phrase) in forms {
            let source = """
                struct FeedView: View {
                    let isLast: Bool
                    @Binding var selection: Int
                    @StateObject private var model = RecipeFeedModel()
                    var body: some View {
                        Text("").onAppear {
                            \(action)
                        }
                    }
                }
                """
            let reason = skipReason(source)
            XCTAssertTrue(reason.hasPrefix("the Task on line 7 starts \(phrase), which the rule does not unwrap"), reason)
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
        XCTAssertEqual(run(flagged).findings, [])
    }

    func testATaskGivenAFunctionIsListedToo() throws {
        // `Task(operation: action)` has no closure to unwrap; it is still a Task the onAppear starts.
        let source = """
            struct CancellableLoad: View {
                @State private var task: Task<Void, Never>?

                var body: some View {
                    Text("").onAppear {
                        task = Task(priority: .userInitiated, operation: refresh)
                    }
                }

                func refresh() async {}
            }
            """
        let findings = MigrationEngine(configuration: Configuration(), rules: [OnAppearTaskRule()]).migrate(source: source).migration.findings
        XCTAssertEqual(findings.map(\.action), [.skip])
        XCTAssertTrue(findings.first?.reason?.hasPrefix("the Task on line 6 starts inside an assignment") ?? false, findings.first?.reason ?? "")
    }

    func testSeveralTasksSkip() throws {
        let source = """
            struct FeedView: View {
                @StateObject private var model = RecipeFeedModel()
                var body: some View {
                    Text("").onAppear {
                        Task { await model.refresh() }
                        Task { await model.loadMore() }
                    }
                }
            }
            """
        let finding = try XCTUnwrap(run(source).findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertEqual(finding.text(run(source).text), source)
    }

    func testReturningTaskAndDiscardedTask() throws {
        let returning = """
            struct FeedView: View {
                var body: some View {
                    Text("").onAppear { Task { return 1 } }
                }
            }
            """
        XCTAssertEqual(run(returning).findings.first?.reason, "the Task's body returns a value, and task's action cannot")

        let discarded = """
            struct FeedView: View {
                @StateObject private var model = RecipeFeedModel()
                var body: some View {
                    Text("").onAppear {
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
        XCTAssertEqual(run(discarded).text, expected)
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
        XCTAssertEqual(run(source).findings, [])
    }
}

private extension Finding {
    /// The source unchanged, for asserting that a skip carries no edit.
    func text(_ output: String) -> String { edits.isEmpty ? output : "" }
}
