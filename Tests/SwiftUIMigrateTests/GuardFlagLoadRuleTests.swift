import SwiftUIMigrate
import XCTest

/// Cases of `guard-flag-load` beyond its examples and fixtures: the forms of the check
/// and the set, the reasons given, and its interplay with `onappear-task`.
final class GuardFlagLoadRuleTests: XCTestCase {
    private let rule = [GuardFlagLoadRule()]
    private let bothRules: [any Rule] = [GuardFlagLoadRule(), OnAppearTaskRule()]

    /// Asserts the one decision of `rules` (both loading rules unless given) at the modifier (marked 1️⃣) of `source`:
    /// `guard-flag-load/<id>`, a keep or a skip that leaves the text as it is.
    private func assertLeaves(
        _ source: String, rules: [any Rule]? = nil, configuration: Configuration = Configuration(), _ id: String,
        action: FindingAction? = nil, facts: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) {
        assertOneDecision(source, rules: rules ?? bothRules, configuration: configuration, "guard-flag-load/" + id,
                          action: action, facts: facts, unchanged: true, file: file, line: line)
    }

    /// A view with `members` whose text carries `.modifier { action }`, its name marked 1️⃣.
    private func view(_ members: String, action: String, modifier: String = "onAppear") -> String {
        """
        struct BrewDetailView: View {
            let brewID: String
            @State private var brew: Brew?
        \(members)
            var body: some View {
                Text(brew?.name ?? "")
                    .1️⃣\(modifier) {
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

    private let keyOnIdentity = DecisionSpec("1️⃣", "guard-flag-load/key-on-identity", action: .rewrite)

    func testSeedRewriteAndLabel() {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        let (_, findings) = assertDecisions(source, rules: rule, [
            DecisionSpec("1️⃣", "guard-flag-load/key-on-identity", action: .rewrite,
                         safety: .behaviorChange("re-runs on each appearance and when brewID changes; cancelled on disappear")),
        ], after: rewritten)
        XCTAssertEqual(findings.first.map { [$0.line, $0.column] }, [8, 14], "at the onAppear name token")
    }

    func testCheckForms() {
        let forms = [
            "                guard !self.hasLoaded else { return }\n                self.hasLoaded = true\n",
            "                guard hasLoaded != true else { return }\n                hasLoaded.toggle()\n",
            "                guard (false == hasLoaded) else { return }\n                hasLoaded = true\n",
            "                if hasLoaded == true { return }\n                hasLoaded = true\n",
        ]
        for form in forms {
            assertDecisions(view(flag, action: form + load), rules: rule, [keyOnIdentity], after: rewritten)
        }
    }

    func testFlagWithTypeAnnotationAndSetInsideWithAnimationOnly() {
        let source = view("    @State var hasLoaded: Bool = false\n", action: """
                            guard !hasLoaded else { return }
                            withAnimation(.default) { hasLoaded = true }
            """ + "\n" + load)
        assertDecisions(source, rules: rule, [keyOnIdentity], after: rewritten)
    }

    func testInvertedIfReturn() {
        let source = view("    @State private var isFirst = true\n", action: """
                            if !isFirst { return }
                            isFirst = false
            """ + "\n" + load)
        assertDecisions(source, rules: rule, [keyOnIdentity], after: rewritten)
    }

    func testWrongPolarityIsNotAFlag() {
        // `guard hasLoaded` on a flag starting false never proceeds: not the idiom.
        assertNoDecisions(view(flag, action: "                guard hasLoaded else { return }\n                hasLoaded = true\n" + load), rules: rule)
    }

    func testIfWithElseIsACheckWhoseOtherBranchRunsLater() {
        // Setup only: kept, as any guarded setup.
        let setup = view(flag, action: """
                            if !hasLoaded {
                                hasLoaded = true
                            } else {
                                brew = nil
                            }
            """)
        assertLeaves(setup, rules: rule, "one-time-setup", action: .keep)
        // A load in the first-time branch, a refresh in the other: for a person to decide, in either polarity.
        for (first, later) in [("!hasLoaded", "brew = nil"), ("hasLoaded", "hasLoaded = true\n" + load)] {
            let source = view(flag, action: """
                                if \(first) {
                                    \(first == "!hasLoaded" ? "hasLoaded = true\n" + load : "brew = nil")
                                } else {
                                    \(later)
                                }
                """)
            // The words name the flag and what the later branch runs (Finding has no typed fields for them).
            assertLeaves(source, "later-branch", action: .skip, facts: ["hasLoaded", "brew = nil"])
        }
    }

    func testFlagNeverWrittenIsNotAFlag() {
        // A plain guard is no run-once flag: onappear-task decides the closure.
        let source = view(flag, action: "                guard !hasLoaded else { return }\n" + load)
        assertDecisions(source, rules: bothRules, [DecisionSpec("1️⃣", "onappear-task/setup-decides-task")])
    }

    func testBindingUseSkips() {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
            .replacingOccurrences(of: "Text(brew?.name ?? \"\")", with: "Toggle(\"Loaded\", isOn: $hasLoaded)")
        // The words name the binding and its line (Finding has no typed fields for them).
        assertLeaves(source, rules: rule, "flag-passed-as-binding", action: .skip, facts: ["$hasLoaded", "7"])
    }

    func testAFactOfAnotherFileNamesThatFileAndLine() {
        let source = view("    @State var hasLoaded = false\n", action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        let other = "extension BrewDetailView {\n    func signOut() {\n        hasLoaded = false\n    }\n}\n"
        let unmarked = MarkedSource(source).text
        let module = ModuleIndex(files: { ["App/BrewDetailView.swift", "App/BrewDetailView+Session.swift"] }) { path in
            Array((path.hasSuffix("+Session.swift") ? other : unmarked).utf8)
        }
        // A reset in the view's extension in another file; the file's own copy in the index is not read as another file.
        // The words name that file and line (Finding has no typed fields for them).
        assertDecisions(source, rules: rule, module: module, path: "App/BrewDetailView.swift", [
            DecisionSpec("1️⃣", "guard-flag-load/flag-set-back", facts: ["BrewDetailView+Session.swift:3"]),
        ], after: unmarked)
    }

    func testCancellationHazardsOfOnAppearWorkSkip() {
        let guardLines = "                guard !hasLoaded else { return }\n                hasLoaded = true\n"
        let warmOnly = view(flag, action: guardLines + "                Task { _ = try? await BrewStore.shared.fetch(brewID) }\n")
        assertLeaves(warmOnly, rules: rule, "awaited-operation", action: .keep)

        // The words name the host (Finding has no typed field for it).
        let sentinel = view(flag, action: guardLines + load).replacingOccurrences(of: "Text(brew?.name ?? \"\")", with: "EmptyView()")
        assertLeaves(sentinel, rules: rule, "sentinel-host", facts: ["EmptyView()"])

        // Work already in a `.task` was cancellable before: no new hazard.
        let inTask = view(flag, action: guardLines + "                _ = try? await BrewStore.shared.fetch(brewID)\n", modifier: "task")
        assertDecisions(inTask, rules: rule, [keyOnIdentity])
    }

    func testHelperGuardsAreFollowed() {
        let helper = { (body: String, action: String) in
            self.view(self.flag + "    func loadIfNeeded() {\n        guard !hasLoaded else { return }\n        hasLoaded = true\n\(body)\n    }\n",
                      action: action)
        }
        let load = "        Task { brew = try? await BrewStore.shared.fetch(brewID) }"
        for action in ["                loadIfNeeded()", "                Task { await loadIfNeeded() }"] {
            // The words name the helper, the flag and the identity (Finding has no typed fields for them).
            assertLeaves(helper(load, action), "guard-in-helper", action: .skip, facts: ["loadIfNeeded()", "hasLoaded", ".task(id: brewID)"])
        }
        // One-time setup: no await, no Task.
        assertLeaves(helper("        brew = Brew(id: brewID, name: \"\")", "                loadIfNeeded()"), "one-time-setup", action: .keep)
        // No identity read: the flag is the honest tool.
        let noIdentity = helper("        Task { brew = try? await BrewStore.shared.fetch(\"house\") }", "                loadIfNeeded()")
        assertLeaves(noIdentity, "no-identity")
        // Set back in another function: not run-once. The words name the line and the helper.
        let setBack = helper(load, "                loadIfNeeded()")
            .replacingOccurrences(of: "    func loadIfNeeded()", with: "    func reset() { hasLoaded = false }\n    func loadIfNeeded()")
        assertLeaves(setBack, "flag-set-back", facts: ["hasLoaded", "5", "loadIfNeeded()"])
    }

    func testSiblingOnChangeOfTheIdentitySkips() {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
            .replacingOccurrences(of: "            }\n    }\n}", with: "            }\n            .onChange(of: brewID) { _ in }\n    }\n}")
        XCTAssertTrue(source.contains(".onChange(of: brewID)"))
        // The words name the identity (Finding has no typed field for it).
        assertLeaves(source, "sibling-onchange", facts: ["brewID"])
    }

    func testInlineOneTimeSetupIsKept() {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n                brew = Brew(id: brewID, name: \"\")")
        assertLeaves(source, "one-time-setup", action: .keep)
    }

    func testCompoundGuardsAndLoggingElseAreReportedToAPerson() {
        let set = "                hasLoaded = true\n" + load
        let compound = view(flag + "    let isSignedIn: Bool\n", action: "                guard !hasLoaded, isSignedIn else { return }\n" + set)
        // The words name the flag and the check's conditions, or what the else does (Finding has no typed fields for them).
        assertLeaves(compound, "compound-check", facts: ["hasLoaded", "!hasLoaded, isSignedIn"])
        let conjunction = view(flag + "    let isSignedIn: Bool\n", action: "                if !hasLoaded && isSignedIn {\n" + set + "\n                }")
        assertLeaves(conjunction, "compound-check", action: .skip)
        let logging = view(flag, action: "                guard !hasLoaded else {\n                    Analytics.log(\"again\")\n                    return\n                }\n" + set)
        assertLeaves(logging, "guard-does-more", facts: ["hasLoaded", "Analytics.log(\"again\")"])
        // Setup behind a compound check (no await, no Task) stays as it is: nothing for a person to decide.
        let compoundSetup = view(flag + "    let isSignedIn: Bool\n", action: "                guard !hasLoaded, isSignedIn else { return }\n"
            + "                hasLoaded = true\n                brew = Brew(id: brewID, name: \"\")")
        assertLeaves(compoundSetup, "one-time-setup", action: .keep)
        // An in-flight flag, set back in the closure after the await, behind a compound check: a keep of this
        // rule, whatever else the check tests; onappear-task leaves the closure to it.
        let reentrant = view("    @State private var isBusy = false\n    let isSignedIn: Bool\n",
                             action: "                guard !isBusy, isSignedIn else { return }\n                isBusy = true\n"
                                 + "                Task { brew = try? await BrewStore.shared.fetch(brewID); isBusy = false }")
        assertLeaves(reentrant, "in-flight-guard", action: .keep)
    }

    /// A flag set before an await and set back after it — in the closure, in a `defer`, in a function the
    /// work calls — guards against running twice at once: a keep, whatever else the check tests. Set back
    /// elsewhere (`.onDisappear`, a completion handler handed on before the await), it stays a skip
    /// (`testFlagFormsAPersonMustJudgeGetOneSkipEach`).
    func testInFlightGuardsAreKept() {
        let flag = "    @State private var hasLoaded = false\n"
        let load = "brew = try? await BrewStore.shared.fetch(brewID)"
        let kept = [
            ("binding then compound check, reset in a defer", screen(flag, """
                        .1️⃣task {
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
                        .1️⃣onAppear {
                            if !hasLoaded && isSignedIn { Task { await load() } }
                        }
                """)),
        ]
        for (_, source) in kept {
            assertLeaves(source, "in-flight-guard", action: .keep)
        }
    }

    /// A load-once flag with no identity to key on stays, quietly, whether the check tests more
    /// conditions or the closure sets the flag twice.
    func testLoadOnceFlagsWithNoIdentityAreKept() throws {
        let cases = FixtureCase.discoverRepositoryFixtures().cases.filter { $0.ruleID == "guard-flag-load" }
        for name in ["load-once-compound-no-identity", "load-once-set-twice-no-identity", "or-early-return"] {
            let fixture = try XCTUnwrap(cases.first { $0.name == name }, name)
            let source = try String(contentsOf: fixture.before, encoding: .utf8)
            let findings = MigrationEngine(configuration: Configuration()).migrate(source: source).migration.findings
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
    /// whose words name every fact (the check's shape and what else sets the flag; Finding has no typed fields for them).
    func testFlagFormsAPersonMustJudgeGetOneSkipEach() {
        let flag = "    @State private var hasLoaded = false\n"
        let fetch = "Task { brew = try? await BrewStore.shared.fetch(brewID) }"
        let load = "brew = try? await BrewStore.shared.fetch(brewID)"
        let cases: [(name: String, source: String, id: String, facts: [String])] = [
            ("compound check, reset in onDisappear", screen(flag, """
                        .1️⃣task {
                            guard !hasLoaded, isSignedIn else { return }
                            hasLoaded = true
                            \(load)
                        }
                        .onDisappear { hasLoaded = false }
                """), "flag-also-set-back", ["!hasLoaded, isSignedIn", "15"]),
            ("compound check, reset in a completion handler", screen(flag + "    func fetchLater(_ done: @escaping () -> Void) {}\n", """
                        .1️⃣task {
                            guard !hasLoaded && isSignedIn else { return }
                            hasLoaded = true
                            fetchLater { hasLoaded = false }
                            \(load)
                        }
                """), "flag-also-set-back", ["!hasLoaded && isSignedIn", "14"]),
            ("logging else, reset in a function", screen(flag + "    func reset() { hasLoaded = false }\n", """
                        .1️⃣task {
                            guard !hasLoaded else {
                                Analytics.log("again")
                                return
                            }
                            hasLoaded = true
                            \(load)
                        }
                """), "flag-also-set-back", ["Analytics.log(\"again\")", "7"]),
            ("compound check in an onAppear helper, passed on as a binding", screen(flag + """
                    func appear() {
                        guard !hasLoaded, isSignedIn else { return }
                        hasLoaded = true
                        \(fetch)
                    }

                """, """
                        .1️⃣onAppear { appear() }
                        .sheet(isPresented: $hasLoaded) { Text("") }
                """), "flag-also-set-back", ["!hasLoaded, isSignedIn", "$hasLoaded", "16"]),
            ("if/else in the closure", screen(flag, """
                        .1️⃣onAppear {
                            if !hasLoaded {
                                hasLoaded = true
                                \(fetch)
                            } else {
                                Analytics.log("back")
                            }
                        }
                """), "later-branch", ["Analytics.log(\"back\")"]),
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
                        .1️⃣onAppear { appear() }
                """), "later-branch", ["Analytics.log(\"back\")"]),
            ("an early return joined with ||", screen("    @State private var isFirstRun = true\n", """
                        .1️⃣onAppear {
                            if query.isEmpty || !isFirstRun { return }
                            isFirstRun = false
                            \(fetch)
                        }
                """), "compound-check", ["isFirstRun", "query.isEmpty || !isFirstRun"]),
            ("set only in a function the work calls", screen(flag + """
                    func load() async {
                        brew = try? await BrewStore.shared.fetch(brewID)
                        hasLoaded = true
                    }

                """, """
                        .1️⃣task {
                            guard !hasLoaded else { return }
                            await load()
                        }
                """), "set-only-in-function", ["hasLoaded", "load()"]),
        ]
        for (_, source, id, facts) in cases {
            assertLeaves(source, id, action: .skip, facts: facts)
        }
    }

    /// The flag-form fixtures a person must judge, each one's decision, and the facts its words name (the fixture
    /// snapshots hold the decisions; Finding has no typed fields for the facts).
    private static let flagFormFixtures: [String: (id: String, facts: [String])] = [
        "compound-check-reset-on-disappear": ("guard-flag-load/flag-also-set-back", ["fetched", "18", "isOnline, !fetched"]),
        "if-else-later-branch": ("guard-flag-load/later-branch", ["Analytics.log(shelfName)"]),
        "if-else-in-helper": ("guard-flag-load/later-branch", ["Analytics.log(authorID)"]),
        "set-only-in-helper": ("guard-flag-load/set-only-in-function", ["ready", "fill()"]),
    ]

    func testEachFlagFormFixtureIsOneSkipForItsReason() throws {
        let cases = FixtureCase.discoverRepositoryFixtures().cases.filter { $0.ruleID == "guard-flag-load" }
        for (name, decision) in Self.flagFormFixtures {
            let fixture = try XCTUnwrap(cases.first { $0.name == name }, name)
            let source = try String(contentsOf: fixture.before, encoding: .utf8)
            let findings = MigrationEngine(configuration: Configuration()).migrate(source: source).migration.findings
            XCTAssertEqual(findings.map(\.reasonID), [decision.id], name)
            XCTAssertEqual(findings.first?.action, .skip, name)
            assertWords(of: findings.first, name: decision.facts, name)
        }
    }

    func testStateStorageUseIsAUseOfTheFlag() {
        // `_hasLoaded` is the State's storage (a macro's peer from SDK 27); `$hasLoaded`: testBindingUseSkips.
        let flag = "    @State private var hasLoaded = false\n"
        let check = "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load
        let storage = view(flag + "    init(brewID: String) { self.brewID = brewID; _hasLoaded = State(initialValue: false) }\n", action: check)
        // The words name the storage and its line (Finding has no typed fields for them).
        assertLeaves(storage, "flag-storage-used", facts: ["_hasLoaded", "5"])
    }

    func testSetInAnotherFunctionSkips() {
        let source = view(flag + "    func reload() { hasLoaded = true }\n",
                          action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        // The words name the flag and the line of the other set (Finding has no typed fields for them).
        assertLeaves(source, rules: rule, "flag-set-elsewhere", action: .skip, facts: ["hasLoaded", "5"])
    }

    func testSetInsideAnIfSkips() {
        let source = view(flag, action: """
                            guard !hasLoaded else { return }
                            Task {
                                if let loaded = try? await BrewStore.shared.fetch(brewID) {
                                    brew = loaded
                                    hasLoaded = true
                                }
                            }
            """)
        assertLeaves(source, rules: rule, "flag-set-elsewhere", action: .skip, facts: ["hasLoaded", "13"])
    }

    func testTaskWithSignatureSkips() {
        let source = view(flag, action: """
                            guard !hasLoaded else { return }
                            hasLoaded = true
                            Task { [brewID] in brew = try? await BrewStore.shared.fetch(brewID) }
            """)
        // The words name the signature (Finding has no typed field for it).
        assertLeaves(source, rules: rule, "task-signature", action: .skip, facts: ["[brewID] in"])
    }

    func testKeptFlagIsLeftToItselfByBothRules() {
        let source = """
            struct Onboarding: View {
                @State private var hasLogged = false
                var body: some View {
                    Text("Hi")
                        .1️⃣onAppear {
                            guard !hasLogged else { return }
                            hasLogged = true
                            Task { Analytics.log("onboarding") }
                        }
                }
            }

            """
        assertLeaves(source, "no-identity", action: .keep)
    }

    func testResultDoesNotDependOnRuleOrder() {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        assertDecisions(source, rules: bothRules, [keyOnIdentity], after: rewritten)
        assertDecisions(source, rules: [OnAppearTaskRule(), GuardFlagLoadRule()], [keyOnIdentity], after: rewritten)
    }

    func testTheOtherUseNamedIsOutsideTheClosureFirst() {
        // The closure's own set sits in an if the rule does not remove; the reset in onDisappear is what matters.
        let source = """
            struct BrewDetailView: View {
                let brewID: String
                @State private var brew: Brew?
                @State private var hasLoaded = false
                var body: some View {
                    Text(brew?.name ?? "")
                        .1️⃣onAppear {
                            guard !hasLoaded else { return }
                            if brew == nil { hasLoaded = true }
                            Task { brew = try? await BrewStore.shared.fetch(brewID) }
                        }
                        .onDisappear { hasLoaded = false }
                }
            }
            """
        // The words name the line of the reset (Finding has no typed field for it).
        assertLeaves(source, rules: rule, "flag-set-back", facts: ["12"])
    }

    func testFlagInsideAKeyedTaskDefeatsTheIDAndGoes() {
        let work = "                brew = try? await BrewStore.shared.fetch(brewID)"
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + work,
                          modifier: "task(id: brewID)")
        assertDecisions(source, rules: rule, [
            DecisionSpec("1️⃣", "guard-flag-load/flag-defeats-id", action: .rewrite, safety: .behaviorChange(
                "the work now runs again when brewID changes, as the id intends, and on each appearance")),
        ], after: rewritten)

        // The same skips as the other forms: a flag read elsewhere stays, and so does one-time setup.
        let readElsewhere = view(flag + "    var isReady: Bool { hasLoaded }\n",
                                 action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + work,
                                 modifier: "task(id: brewID)")
        assertLeaves(readElsewhere, rules: rule, "flag-read-elsewhere")
        let setup = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n"
            + "                brew = nil", modifier: "task(id: brewID)")
        assertLeaves(setup, rules: rule, "one-time-setup")
        // A keyed task without a flag is no finding.
        assertNoDecisions(view("", action: work, modifier: "task(id: brewID)"), rules: rule)
    }

    func testConfiguredIdentityThatIsNoCandidateSkips() {
        var configuration = Configuration()
        configuration.identity = ["BrewDetailView": "brew"]
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        // The words name the configured identity and the view (Finding has no typed fields for them).
        assertLeaves(source, rules: rule, configuration: configuration, "configured-identity-not-found", action: .skip,
                     facts: ["brew", "BrewDetailView"])
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
                        .1️⃣task {
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
        assertDecisions(source, rules: rule, [keyOnIdentity], after: expected)
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
                Text(notes).1️⃣onAppear { guard !loaded else { return }; loaded = true; Task { notes = await RecipeStore.shared.notes(for: id) } }
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
        assertDecisions(source, rules: rule, [keyOnIdentity], after: expected)
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
                        .1️⃣onAppear {
                            guard !hasLoaded else { return }
                            hasLoaded = true
                            Task { brew = try? await BrewStore.shared.fetch(brewID) }
                        }
                }
            }

            """
        let (text, _) = assertDecisions(source, rules: rule, [keyOnIdentity])
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
                        .1️⃣onAppear {
                            guard !hasLoaded else { return }
                            hasLoaded = true
                            Task { brew = try? await BrewStore.shared.fetch(brewID) }
                        }
                    #endif
                }
            }

            """
        let (text, _) = assertDecisions(source, rules: rule, [keyOnIdentity])
        XCTAssertTrue(text.contains("        #if os(iOS)\n            .task(id: brewID) {\n                brew = try? await"), text)
    }
}
