/// The examples `explain` prints and the generic rule test runs.
extension OnAppearTaskRule {
    public var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample("""
                    @available(iOS 15, *)
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
                    """, configuration: .withDeploymentTarget([.iOS: PlatformVersion(14)])),
                RuleExample("""
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
                    """),
                RuleExample("""
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
                    """),
                RuleExample("""
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
                    """),
            ],
            nonTriggering: [
                RuleExample("""
                    struct BrewDetailView: View {
                        let brewID: String
                        @State private var brew: Brew?

                        var body: some View {
                            Text(brew?.name ?? "")
                                .onAppear {
                                    Task { brew = try? await BrewStore.shared.fetch(brewID) }
                                }
                        }
                    }
                    """, configuration: .withDeploymentTarget([.iOS: PlatformVersion(14)])),
                RuleExample("""
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
                    """),
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
                RuleExample("""
                    struct BrewDetailView: View {
                        let brewID: String
                        @State private var brew: Brew?
                        @State private var hasLoaded = false

                        var body: some View {
                            Text(brew?.name ?? "")
                                .onAppear {
                                    guard !hasLoaded else { return }
                                    hasLoaded = true
                                    Task { brew = try? await BrewStore.shared.fetch(brewID) }
                                }
                        }
                    }
                    """),
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
                RuleCorrection("""
                    struct BrewDetailView: View {
                        let brewID: String
                        @State private var brew: Brew?

                        var body: some View {
                            Text(brew?.name ?? "")
                                .onAppear {
                                    Task {
                                        brew = try? await BrewStore.shared.fetch(brewID)
                                    }
                                }
                        }
                    }
                    """, """
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
                    """),
                RuleCorrection("""
                    struct BrewShelfView: View {
                        @State private var brews: [Brew] = []
                        @State private var isLoading = false

                        var body: some View {
                            Text("\\(brews.count)")
                                .onAppear {
                                    isLoading = true
                                    Task(priority: .background) {
                                        brews = (try? await BrewStore.shared.fetchAll()) ?? []
                                        isLoading = false
                                    }
                                }
                        }
                    }
                    """, """
                    struct BrewShelfView: View {
                        @State private var brews: [Brew] = []
                        @State private var isLoading = false

                        var body: some View {
                            Text("\\(brews.count)")
                                .task(priority: .background) {
                                    isLoading = true
                                    brews = (try? await BrewStore.shared.fetchAll()) ?? []
                                    isLoading = false
                                }
                        }
                    }
                    """),
                RuleCorrection("""
                    struct BrewFeedView: View {
                        @State private var brews: [Brew] = []

                        var body: some View {
                            Text("\\(brews.count)")
                                .onAppear(perform: { Task { await loadMore() } })
                        }

                        func loadMore() async {
                            brews += (try? await BrewStore.shared.fetchAll()) ?? []
                        }
                    }
                    """, """
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
}
