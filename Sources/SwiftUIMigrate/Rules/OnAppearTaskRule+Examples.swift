/// The examples `explain` prints and the generic rule test runs.
extension OnAppearTaskRule {
    public var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample("@available(iOS 15, *)\n" + Self.oneLineTask, configuration: Self.iOS14),
                RuleExample(Self.multiLineTask),
                RuleExample(Self.brewShelfView),
                RuleExample(Self.brewFeedView),
            ],
            nonTriggering: [
                RuleExample(unmarking: Self.oneLineTask, configuration: Self.iOS14),
                RuleExample(GuardFlagLoadRule.taskLoadedBrewDetail),
                RuleExample(.view("BrewExportView", "let brewID: String", body: """
                    Text(brewID)
                        .onAppear {
                            Task.detached(priority: .background) {
                                _ = try? await BrewStore.shared.fetch(brewID)
                            }
                        }
                    """)),
                RuleExample(.view("BrewTimerView", "@State private var ticks = 0", body: """
                    Text("\\(ticks)")
                        .onAppear {
                            Task { ticks += 1 }
                            ticks = 0
                        }
                    """)),
                RuleExample(unmarking: GuardFlagLoadRule.flagGuardedBrewDetail),
                RuleExample(.view("BrewFeedView", """
                    @State private var brews: [Brew] = []
                    @State private var isLoadingMore = false
                    """, body: """
                    List {
                        ForEach(brews) { Text($0.name) }
                        if !isLoadingMore {
                            Color.clear
                                .frame(height: 1)
                                .onAppear { Task { await loadMore() } }
                        }
                    }
                    """, members: """
                    func loadMore() async {
                        isLoadingMore = true
                        brews += (try? await BrewStore.shared.fetchAll()) ?? []
                        isLoadingMore = false
                    }
                    """)),
                RuleExample(.view("BrewCatalogView", "@EnvironmentObject private var catalog: BrewCatalog", body: """
                    List(catalog.brews) { Text($0.name) }
                        .onAppear {
                            Task { await catalog.refreshEverything() }
                        }
                    """)),
            ],
            corrections: [
                RuleCorrection(unmarking: Self.multiLineTask, GuardFlagLoadRule.taskLoadedBrewDetail),
                RuleCorrection(unmarking: Self.brewShelfView, .view("BrewShelfView", """
                    @State private var brews: [Brew] = []
                    @State private var isLoading = false
                    """, body: """
                    Text("\\(brews.count)")
                        .onAppear {
                            isLoading = true
                        }
                        .task(priority: .background) {
                            brews = (try? await BrewStore.shared.fetchAll()) ?? []
                            isLoading = false
                        }
                    """)),
                RuleCorrection(unmarking: Self.brewFeedView, .view("BrewFeedView", "@State private var brews: [Brew] = []", body: """
                    Text("\\(brews.count)")
                        .task {
                            await loadMore()
                        }
                    """, members: """
                    func loadMore() async {
                        brews += (try? await BrewStore.shared.fetchAll()) ?? []
                    }
                    """)),
            ])
    }

    /// A deployment floor below iOS 15, which `task` needs.
    private static let iOS14 = Configuration.withDeploymentTarget([.iOS: PlatformVersion(14)])

    /// A Task started in onAppear, on one line: left alone under ``iOS14`` unless
    /// `@available(iOS 15, *)` raises the floor.
    private static let oneLineTask: String = .view("BrewDetailView", """
        let brewID: String
        @State private var brew: Brew?
        """, body: """
        Text(brew?.name ?? "")
            .↓onAppear {
                Task { brew = try? await BrewStore.shared.fetch(brewID) }
            }
        """)

    /// A Task started in onAppear, on lines of its own.
    private static let multiLineTask: String = .view("BrewDetailView", """
        let brewID: String
        @State private var brew: Brew?
        """, body: """
        Text(brew?.name ?? "")
            .↓onAppear {
                Task {
                    brew = try? await BrewStore.shared.fetch(brewID)
                }
            }
        """)

    /// Work before the Task, which stays synchronous in onAppear, and a Task priority.
    private static let brewShelfView: String = .view("BrewShelfView", """
        @State private var brews: [Brew] = []
        @State private var isLoading = false
        """, body: """
        Text("\\(brews.count)")
            .↓onAppear {
                isLoading = true
                Task(priority: .background) {
                    brews = (try? await BrewStore.shared.fetchAll()) ?? []
                    isLoading = false
                }
            }
        """)

    /// `onAppear(perform:)` with a closure.
    private static let brewFeedView: String = .view("BrewFeedView", "@State private var brews: [Brew] = []", body: """
        Text("\\(brews.count)")
            .↓onAppear(perform: { Task { await loadMore() } })
        """, members: """
        func loadMore() async {
            brews += (try? await BrewStore.shared.fetchAll()) ?? []
        }
        """)
}
