import SwiftUIMigrate
import XCTest

/// Cases of `guard-flag-load` beyond its examples and fixtures: the forms of the check
/// and the set, the reasons given, and its interplay with `onappear-task`.
final class GuardFlagLoadRuleTests: XCTestCase {
    private func run(
        _ source: String, rules: [any Rule] = [GuardFlagLoadRule()], configuration: Configuration = Configuration()
    ) -> (text: String, findings: [Finding]) {
        let engine = MigrationEngine(configuration: configuration, rules: rules)
        let (text, migration) = engine.migrate(source: source)
        XCTAssertNil(migration.internalError)
        XCTAssertFalse(migration.findings.contains { $0.action == .rewrite && $0.edits.isEmpty }, "a rewrite without edits")
        let again = engine.migrate(source: text)
        XCTAssertEqual(again.text, text, "idempotent")
        XCTAssertFalse(again.migration.findings.contains { $0.action == .rewrite }, "no rewrite on the output")
        return (text, migration.findings)
    }

    private func view(_ members: String, action: String, modifier: String = "onAppear") -> String {
        """
        struct BrewDetailView: View {
            let brewID: String
            @State private var brew: Brew?
        \(members)
            var body: some View {
                Text(brew?.name ?? "")
                    .\(modifier) {
        \(action)
                    }
            }
        }

        """
    }

    private let rewritten = """
        struct BrewDetailView: View {
            let brewID: String
            @State private var brew: Brew?

            var body: some View {
                Text(brew?.name ?? "")
                    .task(id: brewID) {
                        brew = try? await BrewStore.shared.fetch(brewID)
                    }
            }
        }

        """

    private let flag = "    @State private var hasLoaded = false\n"
    private let load = "                Task { brew = try? await BrewStore.shared.fetch(brewID) }"

    func testSeedRewriteAndLabel() throws {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        let result = run(source)
        XCTAssertEqual(result.text, rewritten)
        let finding = try XCTUnwrap(result.findings.first)
        XCTAssertEqual(finding.action, .rewrite)
        XCTAssertEqual(finding.safety, .behaviorChange("re-runs on each appearance and when brewID changes; cancelled on disappear"))
        XCTAssertEqual(finding.message, "key the load on the view's identity with task(id:) instead of a run-once flag")
        XCTAssertEqual(finding.line, 8)
        XCTAssertEqual(finding.column, 14, "at the onAppear name token")
    }

    func testCheckForms() {
        let forms = [
            "                guard !self.hasLoaded else { return }\n                self.hasLoaded = true\n",
            "                guard hasLoaded != true else { return }\n                hasLoaded.toggle()\n",
            "                guard (false == hasLoaded) else { return }\n                hasLoaded = true\n",
            "                if hasLoaded == true { return }\n                hasLoaded = true\n",
        ]
        for form in forms {
            XCTAssertEqual(run(view(flag, action: form + load)).text, rewritten, form)
        }
    }

    func testFlagWithTypeAnnotationAndSetInsideWithAnimationOnly() {
        let source = view("    @State var hasLoaded: Bool = false\n", action: """
                            guard !hasLoaded else { return }
                            withAnimation(.default) { hasLoaded = true }
            """ + "\n" + load)
        XCTAssertEqual(run(source).text, rewritten)
    }

    func testInvertedIfReturn() {
        let source = view("    @State private var isFirst = true\n", action: """
                            if !isFirst { return }
                            isFirst = false
            """ + "\n" + load)
        XCTAssertEqual(run(source).text, rewritten)
    }

    func testWrongPolarityIsNotAFlag() {
        // `guard hasLoaded` on a flag starting false never proceeds: not the idiom.
        let source = view(flag, action: "                guard hasLoaded else { return }\n                hasLoaded = true\n" + load)
        XCTAssertEqual(run(source).findings, [])
    }

    func testIfWithElseIsACheckWhoseOtherBranchRunsLater() throws {
        // Setup only: kept, as any guarded setup.
        let setup = view(flag, action: """
                            if !hasLoaded {
                                hasLoaded = true
                            } else {
                                brew = nil
                            }
            """)
        XCTAssertEqual(run(setup).findings.map(\.action), [.keep])
        // A load in the first-time branch, a refresh in the other: for a person to decide, in either polarity.
        for (first, later) in [("!hasLoaded", "brew = nil"), ("hasLoaded", "hasLoaded = true\n" + load)] {
            let source = view(flag, action: """
                                if \(first) {
                                    \(first == "!hasLoaded" ? "hasLoaded = true\n" + load : "brew = nil")
                                } else {
                                    \(later)
                                }
                """)
            let finding = try XCTUnwrap(onlyFinding(source), first)
            XCTAssertEqual(finding.action, .skip, first)
            XCTAssertEqual(
                finding.reason,
                "the check of hasLoaded has a branch that runs on every later appearance (brew = nil): a person must "
                    + "decide what should run then before replacing the flag with task(id:)", first)
        }
    }

    func testFlagNeverWrittenIsNotAFlag() {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n" + load)
        let result = run(source, rules: [GuardFlagLoadRule(), OnAppearTaskRule()])
        XCTAssertEqual(result.findings.map(\.ruleID), ["onappear-task"], "a plain guard is no run-once flag")
    }

    func testBindingUseSkips() throws {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
            .replacingOccurrences(of: "Text(brew?.name ?? \"\")", with: "Toggle(\"Loaded\", isOn: $hasLoaded)")
        let finding = try XCTUnwrap(run(source).findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertEqual(finding.reason, "$hasLoaded is passed on line 7 as a binding, which can set it")
    }

    func testAFactOfAnotherFileNamesThatFileAndLine() throws {
        let source = view("    @State var hasLoaded = false\n", action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        let other = "extension BrewDetailView {\n    func signOut() {\n        hasLoaded = false\n    }\n}\n"
        let module = ModuleIndex(files: { ["App/BrewDetailView.swift", "App/BrewDetailView+Session.swift"] }) { path in
            Array((path.hasSuffix("+Session.swift") ? other : source).utf8)
        }
        let migration = MigrationEngine(configuration: Configuration(), rules: [GuardFlagLoadRule()])
            .migrate(bytes: Array(source.utf8), file: "App/BrewDetailView.swift", module: module)
        let finding = try XCTUnwrap(migration.findings.first)
        XCTAssertEqual(finding.reasonID, "guard-flag-load/flag-set-back", "a reset in the view's extension in another file")
        XCTAssertEqual(finding.reason, "hasLoaded is set back in BrewDetailView+Session.swift:3, so it is not a run-once flag")
        XCTAssertEqual(migration.migrated, Array(source.utf8), "the file's own copy in the index is not read as another file")
    }

    func testCancellationHazardsOfOnAppearWorkSkip() throws {
        let guardLines = "                guard !hasLoaded else { return }\n                hasLoaded = true\n"
        let warmOnly = view(flag, action: guardLines + "                Task { _ = try? await BrewStore.shared.fetch(brewID) }\n")
        let finding = try XCTUnwrap(run(warmOnly).findings.first)
        XCTAssertEqual(finding.action, .keep)
        XCTAssertEqual(finding.reasonID, "guard-flag-load/awaited-operation")

        let sentinel = view(flag, action: guardLines + load).replacingOccurrences(of: "Text(brew?.name ?? \"\")", with: "EmptyView()")
        XCTAssertEqual(run(sentinel).findings.first?.reasonID, "guard-flag-load/sentinel-host")
        XCTAssertTrue(run(sentinel).findings.first?.reason?.contains("EmptyView()") ?? false, "the reason names the host")

        // Work already in a `.task` was cancellable before: no new hazard.
        let inTask = view(flag, action: guardLines + "                _ = try? await BrewStore.shared.fetch(brewID)\n", modifier: "task")
        XCTAssertEqual(run(inTask).findings.first?.action, .rewrite)
    }

    /// The one finding of `source` (run through both loading rules), asserting it changes nothing.
    private func onlyFinding(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Finding? {
        let result = run(source, rules: [GuardFlagLoadRule(), OnAppearTaskRule()])
        XCTAssertEqual(result.text, source, "no edit", file: file, line: line)
        XCTAssertEqual(result.findings.count, 1, "\(result.findings)", file: file, line: line)
        return result.findings.first
    }

    func testHelperGuardsAreFollowed() throws {
        let helper = { (body: String, action: String) in
            self.view(self.flag + "    func loadIfNeeded() {\n        guard !hasLoaded else { return }\n        hasLoaded = true\n\(body)\n    }\n",
                      action: action)
        }
        let load = "        Task { brew = try? await BrewStore.shared.fetch(brewID) }"
        for action in ["                loadIfNeeded()", "                Task { await loadIfNeeded() }"] {
            let finding = try XCTUnwrap(onlyFinding(helper(load, action)))
            XCTAssertEqual(finding.action, .skip)
            XCTAssertEqual(finding.reason, "the guard is in loadIfNeeded(), which the rule does not rewrite: remove hasLoaded, "
                + "its guard and its set there, and call loadIfNeeded() from .task(id: brewID)")
        }
        // One-time setup: no await, no Task.
        let setup = try XCTUnwrap(onlyFinding(helper("        brew = Brew(id: brewID, name: \"\")", "                loadIfNeeded()")))
        XCTAssertEqual(setup.action, .keep)
        XCTAssertEqual(setup.reason, "one-time setup, not a load: task(id:) would redo it on each appearance")
        // No identity read: the flag is the honest tool.
        let noIdentity = helper("        Task { brew = try? await BrewStore.shared.fetch(\"house\") }", "                loadIfNeeded()")
        XCTAssertEqual(onlyFinding(noIdentity)?.reason, "no identity to key on")
        // Set back in another function: not run-once.
        let setBack = helper(load, "                loadIfNeeded()")
            .replacingOccurrences(of: "    func loadIfNeeded()", with: "    func reset() { hasLoaded = false }\n    func loadIfNeeded()")
        let reason = try XCTUnwrap(onlyFinding(setBack)?.reason)
        XCTAssertEqual(reason, "hasLoaded is set back on line 5, so it is not a run-once flag (the guard is in loadIfNeeded())")
    }

    func testSiblingOnChangeOfTheIdentitySkips() throws {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
            .replacingOccurrences(of: "            }\n    }\n}", with: "            }\n            .onChange(of: brewID) { _ in }\n    }\n}")
        XCTAssertTrue(source.contains(".onChange(of: brewID)"))
        XCTAssertEqual(onlyFinding(source)?.reason, "a sibling .onChange(of: brewID) already reacts when it changes, so "
            + "task(id: brewID) would run the work twice")
        XCTAssertEqual(onlyFinding(source)?.reasonID, "guard-flag-load/sibling-onchange")
    }

    func testInlineOneTimeSetupIsKept() throws {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n                brew = Brew(id: brewID, name: \"\")")
        let finding = try XCTUnwrap(onlyFinding(source))
        XCTAssertEqual(finding.action, .keep)
        XCTAssertEqual(finding.reason, "one-time setup, not a load: task(id:) would redo it on each appearance")
    }

    func testCompoundGuardsAndLoggingElseAreReportedToAPerson() throws {
        let set = "                hasLoaded = true\n" + load
        let compound = view(flag + "    let isSignedIn: Bool\n", action: "                guard !hasLoaded, isSignedIn else { return }\n" + set)
        XCTAssertEqual(onlyFinding(compound)?.reason,
                       "the check of hasLoaded also tests other conditions (!hasLoaded, isSignedIn): a person must decide "
                       + "whether the work should still wait for them before replacing the flag with task(id:)")
        let conjunction = view(flag + "    let isSignedIn: Bool\n", action: "                if !hasLoaded && isSignedIn {\n" + set + "\n                }")
        XCTAssertEqual(onlyFinding(conjunction)?.action, .skip)
        let logging = view(flag, action: "                guard !hasLoaded else {\n                    Analytics.log(\"again\")\n                    return\n                }\n" + set)
        XCTAssertEqual(onlyFinding(logging)?.reason,
                       "the guard on hasLoaded does more than return (Analytics.log(\"again\")): a person must check "
                       + "whether that still matters before replacing the flag with task(id:)")
        // Setup behind a compound check (no await, no Task) stays as it is: nothing for a person to decide.
        let compoundSetup = view(flag + "    let isSignedIn: Bool\n", action: "                guard !hasLoaded, isSignedIn else { return }\n"
            + "                hasLoaded = true\n                brew = Brew(id: brewID, name: \"\")")
        XCTAssertEqual(onlyFinding(compoundSetup)?.action, .keep)
        XCTAssertEqual(onlyFinding(compoundSetup)?.reason, "one-time setup, not a load: task(id:) would redo it on each appearance")
        // An in-flight flag, set back in the closure after the await, behind a compound check: a keep of this
        // rule, whatever else the check tests; onappear-task leaves the closure to it.
        let reentrant = view("    @State private var isBusy = false\n    let isSignedIn: Bool\n",
                             action: "                guard !isBusy, isSignedIn else { return }\n                isBusy = true\n"
                                 + "                Task { brew = try? await BrewStore.shared.fetch(brewID); isBusy = false }")
        let result = run(reentrant, rules: [GuardFlagLoadRule(), OnAppearTaskRule()])
        XCTAssertEqual(result.findings.map(\.reasonID), ["guard-flag-load/in-flight-guard"])
        XCTAssertEqual(result.findings.first?.action, .keep)
    }

    /// A flag set before an await and set back after it — in the closure, in a `defer`, in a function the
    /// work calls — guards against running twice at once: a keep, whatever else the check tests. Set back
    /// elsewhere (`.onDisappear`, a completion handler handed on before the await), it stays a skip
    /// (`testFlagFormsAPersonMustJudgeGetOneSkipEach`).
    func testInFlightGuardsAreKept() throws {
        let flag = "    @State private var hasLoaded = false\n"
        let load = "brew = try? await BrewStore.shared.fetch(brewID)"
        let kept = [
            ("binding then compound check, reset in a defer", screen(flag, """
                        .task {
                            guard let name = brew?.name, !hasLoaded else { return }
                            hasLoaded = true
                            defer { hasLoaded = false }
                            Analytics.log(name)
                            \(load)
                        }
                """)),
            ("compound check, set and reset in the function the work calls", screen(flag + """
                    func load() async {
                        hasLoaded = true
                        \(load)
                        hasLoaded = false
                    }

                """, """
                        .onAppear {
                            if !hasLoaded && isSignedIn { Task { await load() } }
                        }
                """)),
        ]
        for (name, source) in kept {
            let finding = try XCTUnwrap(onlyFinding(source), name)
            XCTAssertEqual(finding.reasonID, "guard-flag-load/in-flight-guard", name)
            XCTAssertEqual(finding.action, .keep, name)
        }
    }

    /// A load-once flag with no identity to key on stays, quietly, whether the check tests more
    /// conditions or the closure sets the flag twice.
    func testLoadOnceFlagsWithNoIdentityAreKept() throws {
        let cases = FixtureCase.discoverRepositoryFixtures().cases.filter { $0.ruleID == "guard-flag-load" }
        for name in ["load-once-compound-no-identity", "load-once-set-twice-no-identity", "or-early-return"] {
            let fixture = try XCTUnwrap(cases.first { $0.name == name }, name)
            let findings = run(try String(contentsOf: fixture.before, encoding: .utf8), rules: RuleRegistry.all).findings
            XCTAssertEqual(findings.map(\.reasonID), ["guard-flag-load/no-identity"], name)
        }
    }

    /// A view with `members` whose `Text` carries `modifiers`.
    private func screen(_ members: String, _ modifiers: String) -> String {
        """
        struct BrewDetailView: View {
            let brewID: String
            let isSignedIn: Bool
            @State private var brew: Brew?
            @State private var query = ""
        \(members)
            var body: some View {
                Text(brew?.name ?? "")
        \(modifiers)
            }
        }

        """
    }

    /// The run-once flag forms only a person can judge: each gets exactly one finding, a skip
    /// whose reason names every fact (the check's shape and what else sets the flag).
    func testFlagFormsAPersonMustJudgeGetOneSkipEach() throws {
        let flag = "    @State private var hasLoaded = false\n"
        let fetch = "Task { brew = try? await BrewStore.shared.fetch(brewID) }"
        let load = "brew = try? await BrewStore.shared.fetch(brewID)"
        let cases: [(name: String, source: String, phrases: [String])] = [
            ("compound check, reset in onDisappear", screen(flag, """
                        .task {
                            guard !hasLoaded, isSignedIn else { return }
                            hasLoaded = true
                            \(load)
                        }
                        .onDisappear { hasLoaded = false }
                """), ["also tests other conditions (!hasLoaded, isSignedIn)", "hasLoaded is set back on line 15"]),
            ("compound check, reset in a completion handler", screen(flag + "    func fetchLater(_ done: @escaping () -> Void) {}\n", """
                        .task {
                            guard !hasLoaded && isSignedIn else { return }
                            hasLoaded = true
                            fetchLater { hasLoaded = false }
                            \(load)
                        }
                """), ["also tests other conditions (!hasLoaded && isSignedIn)", "hasLoaded is set back on line 14"]),
            ("logging else, reset in a function", screen(flag + "    func reset() { hasLoaded = false }\n", """
                        .task {
                            guard !hasLoaded else {
                                Analytics.log("again")
                                return
                            }
                            hasLoaded = true
                            \(load)
                        }
                """), ["does more than return (Analytics.log(\"again\"))", "hasLoaded is set back on line 7"]),
            ("compound check in an onAppear helper, passed on as a binding", screen(flag + """
                    func appear() {
                        guard !hasLoaded, isSignedIn else { return }
                        hasLoaded = true
                        \(fetch)
                    }

                """, """
                        .onAppear { appear() }
                        .sheet(isPresented: $hasLoaded) { Text("") }
                """), ["also tests other conditions", "$hasLoaded is passed on line 16 as a binding"]),
            ("if/else in the closure", screen(flag, """
                        .onAppear {
                            if !hasLoaded {
                                hasLoaded = true
                                \(fetch)
                            } else {
                                Analytics.log("back")
                            }
                        }
                """), ["has a branch that runs on every later appearance (Analytics.log(\"back\"))"]),
            ("if/else in a helper", screen(flag + """
                    func appear() {
                        if hasLoaded {
                            Analytics.log("back")
                        } else {
                            hasLoaded = true
                            \(fetch)
                        }
                    }

                """, """
                        .onAppear { appear() }
                """), ["has a branch that runs on every later appearance (Analytics.log(\"back\"))"]),
            ("an early return joined with ||", screen("    @State private var isFirstRun = true\n", """
                        .onAppear {
                            if query.isEmpty || !isFirstRun { return }
                            isFirstRun = false
                            \(fetch)
                        }
                """), ["the check of isFirstRun also tests other conditions (query.isEmpty || !isFirstRun)"]),
            ("set only in a function the work calls", screen(flag + """
                    func load() async {
                        brew = try? await BrewStore.shared.fetch(brewID)
                        hasLoaded = true
                    }

                """, """
                        .task {
                            guard !hasLoaded else { return }
                            await load()
                        }
                """), ["hasLoaded is set only in load(), not in this closure"]),
        ]
        for (name, source, phrases) in cases {
            let finding = try XCTUnwrap(onlyFinding(source), name)
            XCTAssertEqual(finding.ruleID, "guard-flag-load", name)
            XCTAssertEqual(finding.action, .skip, name)
            for phrase in phrases {
                XCTAssertTrue(finding.reason?.contains(phrase) ?? false, "\(name): \(finding.reason ?? "no reason")")
            }
        }
    }

    /// The flag-form fixtures a person must judge, and a phrase each one's reason holds (the fixture
    /// harness checks only that they change nothing).
    private static let flagFormFixtures: [String: String] = [
        "compound-check-reset-on-disappear": "fetched is set back on line 18, so it is not a plain run-once flag: the check of fetched also tests other conditions (isOnline, !fetched)",
        "if-else-later-branch": "has a branch that runs on every later appearance (Analytics.log(shelfName))",
        "if-else-in-helper": "has a branch that runs on every later appearance (Analytics.log(authorID))",
        "set-only-in-helper": "ready is set only in fill(), not in this closure",
    ]

    func testEachFlagFormFixtureIsOneSkipForItsReason() throws {
        let cases = FixtureCase.discoverRepositoryFixtures().cases.filter { $0.ruleID == "guard-flag-load" }
        for (name, phrase) in Self.flagFormFixtures {
            let fixture = try XCTUnwrap(cases.first { $0.name == name }, name)
            let findings = run(try String(contentsOf: fixture.before, encoding: .utf8), rules: RuleRegistry.all).findings
            XCTAssertEqual(findings.map(\.ruleID), ["guard-flag-load"], name)
            XCTAssertEqual(findings.first?.action, .skip, name)
            XCTAssertTrue(findings.first?.reason?.contains(phrase) ?? false, "\(name): \(findings.first?.reason ?? "no reason")")
        }
    }

    func testStateStorageUseIsAUseOfTheFlag() throws {
        // `_hasLoaded` is the State's storage (a macro's peer from SDK 27); `$hasLoaded`: testBindingUseSkips.
        let flag = "    @State private var hasLoaded = false\n"
        let check = "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load
        let storage = view(flag + "    init(brewID: String) { self.brewID = brewID; _hasLoaded = State(initialValue: false) }\n", action: check)
        XCTAssertEqual(onlyFinding(storage)?.reason, "hasLoaded's storage _hasLoaded is used on line 5, so removing the flag would change more than this closure")
    }

    func testSetInAnotherFunctionSkips() throws {
        let source = view(flag + "    func reload() { hasLoaded = true }\n",
                          action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        let finding = try XCTUnwrap(run(source).findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertEqual(finding.reason, "hasLoaded is also set on line 5, where the rule does not follow it")
    }

    func testSetInsideAnIfSkips() throws {
        let source = view(flag, action: """
                            guard !hasLoaded else { return }
                            Task {
                                if let loaded = try? await BrewStore.shared.fetch(brewID) {
                                    brew = loaded
                                    hasLoaded = true
                                }
                            }
            """)
        let finding = try XCTUnwrap(run(source).findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertEqual(finding.reason, "hasLoaded is also set on line 13, where the rule does not follow it")
    }

    func testTaskWithSignatureSkips() throws {
        let source = view(flag, action: """
                            guard !hasLoaded else { return }
                            hasLoaded = true
                            Task { [brewID] in brew = try? await BrewStore.shared.fetch(brewID) }
            """)
        let finding = try XCTUnwrap(run(source).findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertEqual(finding.reason, "the Task's closure has a signature ([brewID] in), which task's action cannot take")
    }

    func testKeptFlagIsLeftToItselfByBothRules() throws {
        let source = """
            struct Onboarding: View {
                @State private var hasLogged = false
                var body: some View {
                    Text("Hi")
                        .onAppear {
                            guard !hasLogged else { return }
                            hasLogged = true
                            Task { Analytics.log("onboarding") }
                        }
                }
            }

            """
        let result = run(source, rules: [GuardFlagLoadRule(), OnAppearTaskRule()])
        XCTAssertEqual(result.text, source)
        XCTAssertEqual(result.findings.count, 1)
        XCTAssertEqual(result.findings.first?.action, .keep)
        XCTAssertEqual(result.findings.first?.reason, "no identity to key on")
    }

    func testResultDoesNotDependOnRuleOrder() {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        let forward = run(source, rules: [GuardFlagLoadRule(), OnAppearTaskRule()])
        let backward = run(source, rules: [OnAppearTaskRule(), GuardFlagLoadRule()])
        XCTAssertEqual(forward.text, rewritten)
        XCTAssertEqual(backward.text, rewritten)
        XCTAssertEqual(forward.findings.map(\.ruleID), ["guard-flag-load"])
    }

    func testTheOtherUseNamedIsOutsideTheClosureFirst() throws {
        // The closure's own set sits in an if the rule does not remove; the reset in onDisappear is what matters.
        let source = """
            struct BrewDetailView: View {
                let brewID: String
                @State private var brew: Brew?
                @State private var hasLoaded = false
                var body: some View {
                    Text(brew?.name ?? "")
                        .onAppear {
                            guard !hasLoaded else { return }
                            if brew == nil { hasLoaded = true }
                            Task { brew = try? await BrewStore.shared.fetch(brewID) }
                        }
                        .onDisappear { hasLoaded = false }
                }
            }
            """
        let finding = try XCTUnwrap(run(source).findings.first)
        XCTAssertEqual(finding.reasonID, "guard-flag-load/flag-set-back")
        XCTAssertTrue(finding.reason?.contains("set back on line 12") ?? false, finding.reason ?? "")
    }

    func testFlagInsideAKeyedTaskDefeatsTheIDAndGoes() throws {
        let work = "                brew = try? await BrewStore.shared.fetch(brewID)"
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + work,
                          modifier: "task(id: brewID)")
        let result = run(source)
        XCTAssertEqual(result.text, rewritten)
        let finding = try XCTUnwrap(result.findings.first)
        XCTAssertEqual([finding.reasonID], ["guard-flag-load/flag-defeats-id"])
        XCTAssertEqual(finding.safety, .behaviorChange("the work now runs again when brewID changes, as the id intends, and on each appearance"))

        // The same skips as the other forms: a flag read elsewhere stays, and so does one-time setup.
        let readElsewhere = view(flag + "    var isReady: Bool { hasLoaded }\n",
                                 action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + work,
                                 modifier: "task(id: brewID)")
        XCTAssertEqual(run(readElsewhere).findings.map(\.reasonID), ["guard-flag-load/flag-read-elsewhere"])
        let setup = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n"
            + "                brew = nil", modifier: "task(id: brewID)")
        XCTAssertEqual(run(setup).findings.map(\.reasonID), ["guard-flag-load/one-time-setup"])
        // A keyed task without a flag is no finding.
        XCTAssertEqual(run(view("", action: work, modifier: "task(id: brewID)")).findings, [])
    }

    func testConfiguredIdentityThatIsNoCandidateSkips() throws {
        var configuration = Configuration()
        configuration.identity = ["BrewDetailView": "brew"]
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        let finding = try XCTUnwrap(run(source, configuration: configuration).findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertEqual(finding.reason, "the configured identity brew of BrewDetailView is not a stored Equatable property the action reads")
    }

    func testServiceIsNotAnIdentityButTypedIDIs() {
        let source = """
            struct ChefView: View {
                let loader: RecipeLoader
                let chefID: ChefID
                @State private var name = ""
                @State private var hasLoaded = false

                var body: some View {
                    Text(name)
                        .task {
                            guard !hasLoaded else { return }
                            hasLoaded = true
                            _ = await loader.loadFeatured()
                            name = await RecipeStore.shared.profile(chefID).name
                        }
                }
            }

            """
        let expected = """
            struct ChefView: View {
                let loader: RecipeLoader
                let chefID: ChefID
                @State private var name = ""

                var body: some View {
                    Text(name)
                        .task(id: chefID) {
                            _ = await loader.loadFeatured()
                            name = await RecipeStore.shared.profile(chefID).name
                        }
                }
            }

            """
        XCTAssertEqual(run(source).text, expected)
    }

    func testBodyInExtensionAndTwoSpaceStyle() {
        let source = """
            struct BrewView: View {
              var id: UUID
              @State private var notes = ""
              // Guards the one load.
              @State private var loaded = false
            }

            extension BrewView {
              var body: some View {
                Text(notes).onAppear { guard !loaded else { return }; loaded = true; Task { notes = await RecipeStore.shared.notes(for: id) } }
              }
            }

            """
        let expected = """
            struct BrewView: View {
              var id: UUID
              @State private var notes = ""
            }

            extension BrewView {
              var body: some View {
                Text(notes).task(id: id) {
                  notes = await RecipeStore.shared.notes(for: id)
                }
              }
            }

            """
        XCTAssertEqual(run(source).text, expected)
    }

    func testHeaderCommentOfAGroupStays() {
        let source = """
            struct BrewView: View {
                let brewID: String

                // Loading state
                @State private var hasLoaded = false
                @State private var brew: Brew?

                var body: some View {
                    Text(brew?.name ?? "")
                        .onAppear {
                            guard !hasLoaded else { return }
                            hasLoaded = true
                            Task { brew = try? await BrewStore.shared.fetch(brewID) }
                        }
                }
            }

            """
        let text = run(source).text
        XCTAssertTrue(text.contains("\n    // Loading state\n    @State private var brew: Brew?\n"), text)
    }

    func testConditionalModifierClause() {
        let source = """
            struct BrewView: View {
                let brewID: String
                @State private var brew: Brew?
                @State private var hasLoaded = false

                var body: some View {
                    Text(brew?.name ?? "")
                    #if os(iOS)
                        .onAppear {
                            guard !hasLoaded else { return }
                            hasLoaded = true
                            Task { brew = try? await BrewStore.shared.fetch(brewID) }
                        }
                    #endif
                }
            }

            """
        let text = run(source).text
        XCTAssertTrue(text.contains("        #if os(iOS)\n            .task(id: brewID) {\n                brew = try? await"), text)
    }
}
