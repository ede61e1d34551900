/// The examples `explain` prints and the generic rule test runs.
extension AppearChangeLoadRule {
    public var examples: RuleExamples {
        var syncOptIn = Configuration()
        syncOptIn.ruleOptions[id] = [Self.syncWork.name: .string(SyncWork.onChangeInitial.rawValue)]
        return RuleExamples(
            triggering: [
                RuleExample(Self.chefProfileView),
                RuleExample(Self.recipeNotesView),
                RuleExample(Self.recipeSearchView, configuration: syncOptIn),
            ],
            nonTriggering: [
                RuleExample(.view("RecipeSearchView", """
                    @State private var query = ""
                    @State private var results: [Recipe] = []
                    """, body: """
                    Text("\\(results.count)")
                        .onAppear { filter() }
                        .onChange(of: query) { _ in filter() }
                    """, members: """
                    func filter() {
                        results = results.filter { $0.title.contains(query) }
                    }
                    """)),
                RuleExample(.view("ChefProfileView", """
                    @Binding var chefID: ChefID
                    @State private var profile: ChefProfile?
                    """, body: """
                    Text(profile?.name ?? "")
                        .onAppear {
                            Analytics.log("profile")
                            Task { profile = await RecipeStore.shared.profile(chefID) }
                        }
                        .onChange(of: chefID) { _, _ in
                            Task { profile = await RecipeStore.shared.profile(chefID) }
                        }
                    """)),
                RuleExample(.view("ChefProfileView", """
                    @Binding var chefID: ChefID
                    @State private var profile: ChefProfile?
                    """, body: """
                    Text(profile?.name ?? "")
                        .onAppear {
                            Task { profile = await RecipeStore.shared.profile(chefID) }
                        }
                        .onChange(of: chefID) { oldID, newID in
                            guard oldID != newID else { return }
                            Task { profile = await RecipeStore.shared.profile(chefID) }
                        }
                    """)),
            ],
            corrections: [
                RuleCorrection(unmarking: Self.chefProfileView, .view("ChefProfileView", """
                    @Binding var chefID: ChefID
                    @State private var profile: ChefProfile?
                    """, body: """
                    Text(profile?.name ?? "")
                        .task(id: chefID) {
                            profile = await RecipeStore.shared.profile(chefID)
                        }
                    """)),
                RuleCorrection(unmarking: Self.recipeNotesView, .view("RecipeNotesView", """
                    @Binding var recipeID: UUID
                    @State private var notes = ""
                    """, body: """
                    Text(notes)
                        .task(id: recipeID, priority: .background) {
                            await reload()
                        }
                    """, members: """
                    func reload() async {
                        notes = await RecipeStore.shared.notes(for: recipeID)
                    }
                    """)),
                RuleCorrection(unmarking: Self.recipeSearchView, .view("RecipeSearchView", """
                    @State private var query = ""
                    @State private var results: [Recipe] = []
                    """, body: """
                    Text("\\(results.count)")
                        .onChange(of: query, initial: true) {
                            filter()
                        }
                    """, members: """
                    func filter() {
                        results = results.filter { $0.title.contains(query) }
                    }
                    """), configuration: syncOptIn),
            ])
    }

    /// The same load in onAppear and in onChange, each in a Task.
    private static let chefProfileView: String = .view("ChefProfileView", """
        @Binding var chefID: ChefID
        @State private var profile: ChefProfile?
        """, body: """
        Text(profile?.name ?? "")
            .↓onAppear {
                Task { profile = await RecipeStore.shared.profile(chefID) }
            }
            .onChange(of: chefID) { newID in
                Task { profile = await RecipeStore.shared.profile(newID) }
            }
        """)

    /// A `task` and an onChange calling the same function.
    private static let recipeNotesView: String = .view("RecipeNotesView", """
        @Binding var recipeID: UUID
        @State private var notes = ""
        """, body: """
        Text(notes)
            .↓task(priority: .background) {
                await reload()
            }
            .onChange(of: recipeID) { _, _ in
                Task { await reload() }
            }
        """, members: """
        func reload() async {
            notes = await RecipeStore.shared.notes(for: recipeID)
        }
        """)

    /// Synchronous work in both: rewritten only when `syncWork` is `onChangeInitial`.
    private static let recipeSearchView: String = .view("RecipeSearchView", """
        @State private var query = ""
        @State private var results: [Recipe] = []
        """, body: """
        Text("\\(results.count)")
            .↓onAppear(perform: filter)
            .onChange(of: query) { filter() }
        """, members: """
        func filter() {
            results = results.filter { $0.title.contains(query) }
        }
        """)
}
