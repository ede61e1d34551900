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

    func testIfWithElseIsNotACheck() {
        let source = view(flag, action: """
                            if !hasLoaded {
                                hasLoaded = true
                            } else {
                                brew = nil
                            }
            """)
        XCTAssertEqual(run(source).findings, [])
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
        XCTAssertEqual(finding.reason, "hasLoaded is also read on line 7, so removing it would change more than this closure")
    }

    func testCancellationHazardsOfOnAppearWorkSkip() throws {
        let guardLines = "                guard !hasLoaded else { return }\n                hasLoaded = true\n"
        let warmOnly = view(flag, action: guardLines + "                Task { _ = try? await BrewStore.shared.fetch(brewID) }\n")
        let finding = try XCTUnwrap(run(warmOnly).findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertTrue(finding.reason?.contains("changes no state the view owns") ?? false, finding.reason ?? "")

        let sentinel = view(flag, action: guardLines + load).replacingOccurrences(of: "Text(brew?.name ?? \"\")", with: "EmptyView()")
        XCTAssertTrue(run(sentinel).findings.first?.reason?.contains("the host EmptyView() is a sentinel") ?? false)

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
        XCTAssertEqual(setup.reason, "kept: one-time setup, not a load: task(id:) would redo it on each appearance")
        // No identity read: the flag is the honest tool.
        let noIdentity = helper("        Task { brew = try? await BrewStore.shared.fetch(\"house\") }", "                loadIfNeeded()")
        XCTAssertEqual(onlyFinding(noIdentity)?.reason, "kept: no identity to key on")
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
        XCTAssertEqual(finding.reason, "kept: one-time setup, not a load: task(id:) would redo it on each appearance")
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
        XCTAssertEqual(onlyFinding(compoundSetup)?.reason, "kept: one-time setup, not a load: task(id:) would redo it on each appearance")
        // A re-entrancy flag, set back in the closure, is no run-once flag: onappear-task handles the closure.
        let reentrant = view("    @State private var isBusy = false\n    let isSignedIn: Bool\n",
                             action: "                guard !isBusy, isSignedIn else { return }\n                isBusy = true\n"
                                 + "                Task { brew = try? await BrewStore.shared.fetch(brewID); isBusy = false }")
        let result = run(reentrant, rules: [GuardFlagLoadRule(), OnAppearTaskRule()])
        XCTAssertEqual(result.findings.map(\.ruleID), ["onappear-task"])
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
        XCTAssertEqual(result.findings.first?.reason, "kept: no identity to key on")
    }

    func testResultDoesNotDependOnRuleOrder() {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n" + load)
        let forward = run(source, rules: [GuardFlagLoadRule(), OnAppearTaskRule()])
        let backward = run(source, rules: [OnAppearTaskRule(), GuardFlagLoadRule()])
        XCTAssertEqual(forward.text, rewritten)
        XCTAssertEqual(backward.text, rewritten)
        XCTAssertEqual(forward.findings.map(\.ruleID), ["guard-flag-load"])
    }

    func testAlreadyKeyedTaskIsLeftAlone() {
        let source = view(flag, action: "                guard !hasLoaded else { return }\n                hasLoaded = true\n"
            + "                brew = try? await BrewStore.shared.fetch(brewID)", modifier: "task(id: brewID)")
        XCTAssertEqual(run(source).findings, [])
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
