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
                RuleExample("""
                    struct BrewExportView: View {
                        let brewID: String

                        var body: some View {
                            Text(brewID)
                                .onAppear {
                                    Task.detached(priority: .background) {
                                        _ = try? await BrewStore.shared.fetch(brewID)
                                    }
                                }
                        }
                    }
                    """),
                RuleExample("""
                    struct BrewTimerView: View {
                        @State private var ticks = 0

                        var body: some View {
                            Text("\\(ticks)")
                                .onAppear {
                                    Task { ticks += 1 }
                                    ticks = 0
                                }
                        }
                    }
                    """),
                RuleExample(unmarking: GuardFlagLoadRule.flagGuardedBrewDetail),
                RuleExample("""
                    struct BrewFeedView: View {
                        @State private var brews: [Brew] = []
                        @State private var isLoadingMore = false

                        var body: some View {
                            List {
                                ForEach(brews) { Text($0.name) }
                                if !isLoadingMore {
                                    Color.clear
                                        .frame(height: 1)
                                        .onAppear { Task { await loadMore() } }
                                }
                            }
                        }

                        func loadMore() async {
                            isLoadingMore = true
                            brews += (try? await BrewStore.shared.fetchAll()) ?? []
                            isLoadingMore = false
                        }
                    }
                    """),
                RuleExample("""
                    struct BrewCatalogView: View {
                        @EnvironmentObject private var catalog: BrewCatalog

                        var body: some View {
                            List(catalog.brews) { Text($0.name) }
                                .onAppear {
                                    Task { await catalog.refreshEverything() }
                                }
                        }
                    }
                    """),
            ],
            corrections: [
                RuleCorrection(unmarking: Self.multiLineTask, GuardFlagLoadRule.taskLoadedBrewDetail),
                RuleCorrection(unmarking: Self.brewShelfView, """
                    struct BrewShelfView: View {
                        @State private var brews: [Brew] = []
                        @State private var isLoading = false

                        var body: some View {
                            Text("\\(brews.count)")
                                .onAppear {
                                    isLoading = true
                                }
                                .task(priority: .background) {
                                    brews = (try? await BrewStore.shared.fetchAll()) ?? []
                                    isLoading = false
                                }
                        }
                    }
                    """),
                RuleCorrection(unmarking: Self.brewFeedView, """
                    struct BrewFeedView: View {
                        @State private var brews: [Brew] = []

                        var body: some View {
                            Text("\\(brews.count)")
                                .task {
                                    await loadMore()
                                }
                        }

                        func loadMore() async {
                            brews += (try? await BrewStore.shared.fetchAll()) ?? []
                        }
                    }
                    """),
            ])
    }

    /// A deployment floor below iOS 15, which `task` needs.
    private static let iOS14 = Configuration.withDeploymentTarget([.iOS: PlatformVersion(14)])

    /// A Task started in onAppear, on one line: left alone under ``iOS14`` unless
    /// `@available(iOS 15, *)` raises the floor.
    private static let oneLineTask = """
        struct BrewDetailView: View {
            let brewID: String
            @State private var brew: Brew?

            var body: some View {
                Text(brew?.name ?? "")
                    .↓onAppear {
                        Task { brew = try? await BrewStore.shared.fetch(brewID) }
                    }
            }
        }
        """

    /// A Task started in onAppear, on lines of its own.
    private static let multiLineTask = """
        struct BrewDetailView: View {
            let brewID: String
            @State private var brew: Brew?

            var body: some View {
                Text(brew?.name ?? "")
                    .↓onAppear {
                        Task {
                            brew = try? await BrewStore.shared.fetch(brewID)
                        }
                    }
            }
        }
        """

    /// Work before the Task, which stays synchronous in onAppear, and a Task priority.
    private static let brewShelfView = """
        struct BrewShelfView: View {
            @State private var brews: [Brew] = []
            @State private var isLoading = false

            var body: some View {
                Text("\\(brews.count)")
                    .↓onAppear {
                        isLoading = true
                        Task(priority: .background) {
                            brews = (try? await BrewStore.shared.fetchAll()) ?? []
                            isLoading = false
                        }
                    }
            }
        }
        """

    /// `onAppear(perform:)` with a closure.
    private static let brewFeedView = """
        struct BrewFeedView: View {
            @State private var brews: [Brew] = []

            var body: some View {
                Text("\\(brews.count)")
                    .↓onAppear(perform: { Task { await loadMore() } })
            }

            func loadMore() async {
                brews += (try? await BrewStore.shared.fetchAll()) ?? []
            }
        }
        """
}
