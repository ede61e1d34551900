/// The examples `explain` prints and the generic rule test runs.
extension GuardFlagLoadRule {
    public var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample(Self.flagGuardedBrewDetail),
                RuleExample(.view("BrewRatingView", """
                    let brewID: String
                    @State private var rating = 0
                    @State private var didLoad = false
                    """, body: """
                    Text("\\(rating)")
                        .↓task {
                            if didLoad { return }
                            rating = (try? await BrewStore.shared.fetch(brewID))?.rating ?? 0
                            didLoad = true
                        }
                    """)),
                RuleExample(Self.brewHeaderView),
                RuleExample(Self.flagInKeyedTask),
                RuleExample(Self.brewNotesView, configuration: Self.choosingRevision),
            ],
            nonTriggering: [
                RuleExample(
                    unmarking: Self.flagGuardedBrewDetail,
                    configuration: .withDeploymentTarget([.iOS: PlatformVersion(14), .watchOS: PlatformVersion(8)])),
                RuleExample(Self.taskLoadedBrewDetail),
                RuleExample(.view("WelcomeBanner", """
                    @State private var brews: [Brew] = []
                    @State private var hasLoaded = false
                    """, body: """
                    Text("\\(brews.count) brews")
                        .onAppear {
                            guard !hasLoaded else { return }
                            hasLoaded = true
                            Task { brews = (try? await BrewStore.shared.fetchAll()) ?? [] }
                        }
                    """)),
                RuleExample(.view("BrewBadge", """
                    let brewID: String
                    @State private var appeared = false
                    """, body: """
                    Text(brewID)
                        .opacity(appeared ? 1 : 0)
                        .onAppear {
                            guard !appeared else { return }
                            withAnimation { appeared = true }
                        }
                    """)),
                RuleExample(.view("BrewListView", """
                    let brewID: String
                    @State private var brew: Brew?
                    @State private var hasLoaded = false
                    """, body: """
                    Text(brew?.name ?? "")
                        .onAppear {
                            guard !hasLoaded else { return }
                            hasLoaded = true
                            Task { brew = try? await BrewStore.shared.fetch(brewID) }
                        }
                        .onDisappear { hasLoaded = false }
                    """)),
                RuleExample(.view("BrewHeaderView", """
                    let brew: Brew
                    @State private var name = ""
                    @State private var isFirstAppearance = true
                    """, body: """
                    Text(name)
                        .onAppear {
                            if isFirstAppearance {
                                name = brew.id.uppercased()
                                isFirstAppearance = false
                            }
                        }
                    """)),
                RuleExample(.view("BrewDetailView", """
                    let brewID: String
                    let isSignedIn: Bool
                    @State private var brew: Brew?
                    @State private var hasLoaded = false
                    """, body: """
                    Text(brew?.name ?? "")
                        .onAppear {
                            guard !hasLoaded, isSignedIn else { return }
                            hasLoaded = true
                            Task { brew = try? await BrewStore.shared.fetch(brewID) }
                        }
                    """)),
                RuleExample(.view("BrewDetailView", """
                    let brewID: String
                    @State private var brew: Brew?
                    @State private var hasLoaded = false
                    """, body: """
                    Text(brew?.name ?? "")
                        .onAppear(perform: loadIfNeeded)
                    """, members: """
                    private func loadIfNeeded() {
                        guard !hasLoaded else { return }
                        hasLoaded = true
                        Task { brew = try? await BrewStore.shared.fetch(brewID) }
                    }
                    """)),
            ],
            corrections: [
                RuleCorrection(unmarking: Self.flagGuardedBrewDetail, Self.taskLoadedBrewDetail),
                RuleCorrection(unmarking: Self.brewHeaderView, .view("BrewHeaderView", """
                    let brew: Brew
                    @State private var name = ""
                    """, body: """
                    Text(name)
                        .task(id: brew.id) {
                            name = (try? await BrewStore.shared.fetch(brew.id))?.name ?? ""
                        }
                    """)),
                RuleCorrection(unmarking: Self.brewNotesView, .view("BrewNotesView", """
                    let brewID: String
                    let revision: Int
                    @State private var notes = ""
                    """, body: """
                    Text(notes)
                        .task(id: revision, priority: .background) {
                            notes = "\\(brewID) r\\(revision)"
                        }
                    """), configuration: Self.choosingRevision),
                RuleCorrection(unmarking: Self.flagInKeyedTask, .view("BrewTastingView", """
                    let brewID: String
                    @State private var brew: Brew?
                    """, body: """
                    Text(brew?.name ?? "")
                        .task(id: brewID) {
                            brew = try? await BrewStore.shared.fetch(brewID)
                        }
                    """)),
            ])
    }

    /// A run-once flag inside `.task(id:)`: when brewID changes, the flag stops the load.
    private static let flagInKeyedTask: String = .view("BrewTastingView", """
        let brewID: String
        @State private var brew: Brew?
        @State private var didLoad = false
        """, body: """
        Text(brew?.name ?? "")
            .↓task(id: brewID) {
                guard !didLoad else { return }
                didLoad = true
                brew = try? await BrewStore.shared.fetch(brewID)
            }
        """)

    /// A load reading two identities, brewID and revision: ``choosingRevision`` picks one.
    private static let brewNotesView: String = .view("BrewNotesView", """
        let brewID: String
        let revision: Int
        @State private var notes = ""
        @State private var hasLoaded = false
        """, body: """
        Text(notes)
            .↓onAppear {
                guard !hasLoaded else { return }
                hasLoaded = true
                Task(priority: .background) {
                    notes = "\\(brewID) r\\(revision)"
                }
            }
        """)

    /// The examples' configuration choosing `revision` among BrewNotesView's candidates.
    private static var choosingRevision: Configuration {
        var configuration = Configuration()
        configuration.identity = ["BrewNotesView": "revision"]
        return configuration
    }

    private static let brewHeaderView: String = .view("BrewHeaderView", """
        let brew: Brew
        @State private var name = ""
        @State private var isFirstAppearance = true
        """, body: """
        Text(name)
            .↓onAppear {
                if isFirstAppearance {
                    Task { name = (try? await BrewStore.shared.fetch(brew.id))?.name ?? "" }
                    isFirstAppearance = false
                }
            }
        """)

    /// A brew loaded once behind a `hasLoaded` flag; `↓` where this rule finds it. `onappear-task`
    /// leaves the same code alone: its Task is flag-guarded.
    static let flagGuardedBrewDetail: String = .view("BrewDetailView", """
        let brewID: String
        @State private var brew: Brew?
        @State private var hasLoaded = false
        """, body: """
        Text(brew?.name ?? "")
            .↓onAppear {
                guard !hasLoaded else { return }
                hasLoaded = true
                Task { brew = try? await BrewStore.shared.fetch(brewID) }
            }
        """)

    /// The brew loaded by `task(id: brewID)`: this rule's rewrite of ``flagGuardedBrewDetail`` and
    /// `onappear-task`'s of a Task started in onAppear, which neither rule touches.
    static let taskLoadedBrewDetail: String = .view("BrewDetailView", """
        let brewID: String
        @State private var brew: Brew?
        """, body: """
        Text(brew?.name ?? "")
            .task(id: brewID) {
                brew = try? await BrewStore.shared.fetch(brewID)
            }
        """)
}
