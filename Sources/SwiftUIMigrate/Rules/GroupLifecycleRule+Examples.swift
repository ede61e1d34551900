/// The examples `explain` prints and the generic rule test runs.
extension GroupLifecycleRule {
    public var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample(.view("StartView", "@State private var isLoggedIn = false", body: """
                    ↓Group {
                        if isLoggedIn {
                            WelcomeView()
                        } else {
                            LoginView()
                        }
                    }
                    .navigationBarTitle("Start")
                    .onAppear {
                        print("start appeared")
                    }
                    """)),
                RuleExample(.view("BannerView", "@State private var showsBanner = false", body: """
                    VStack {
                        ↓Group {
                            if showsBanner {
                                Text("New posts")
                            }
                        }.task {
                            await Task.yield()
                        }
                    }
                    """)),
                RuleExample(.view("TitleView", body: """
                    ↓Group {
                        Text("Title")
                        Text("Subtitle")
                    }
                    .onAppear {
                        print("appeared")
                    }
                    """)),
                RuleExample(.view("BadgeView", "let count: Int", body: """
                    Color.clear
                        .overlay(↓Group {
                            if count > 0 {
                                Text("\\(count)")
                            }
                        }.onDisappear {
                            print("badge gone")
                        })
                    """)),
                RuleExample(Self.startView, configuration: Self.configuration(.report)),
                RuleExample(.view("InvitesView", """
                    @State private var pending = 0
                    @State private var showsInvites = false
                    """, body: """
                    List {
                        ↓Group {
                            if pending > 0 {
                                Text("\\(pending) invites")
                            }
                        }
                        .sheet(isPresented: $showsInvites) {
                            Text("Invites")
                        }
                        .onAppear {
                            print("invites shown")
                        }
                    }
                    """)),
                RuleExample("""
                    struct TabRoot: View {
                        @State private var tab = 0

                        var body: some View {
                            ↓Group {
                                if tab == 0 {
                                    Text("Home")
                                } else {
                                    Text("Search")
                                }
                            }
                            .id(tab)
                            .injectTabDestinations()
                            .task {
                                await Task.yield()
                            }
                        }
                    }

                    extension View {
                        /// The app's own modifier: it may install navigation.
                        func injectTabDestinations() -> some View { self }
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample(GroupModifiersRule.twoCredits),
                RuleExample(.view("CardsView<Content: View>", "let content: Content", body: """
                    Group(subviews: content) { subviews in
                        Text("\\(subviews.count) cards")
                    }
                    .onAppear {
                        print("cards appeared")
                    }
                    """)),
                RuleExample(.view("LoadingView", "@State private var isLoading = true", body: """
                    ZStack {
                        if isLoading {
                            ProgressView()
                        } else {
                            DataLoadedView()
                        }
                    }
                    .onAppear {
                        isLoading = false
                    }
                    """)),
            ],
            corrections: [
                RuleCorrection(Self.loadingContent, Self.hoisted(Self.loadingContent, into: "ZStack")),
                RuleCorrection(Self.loadingContent, .view("ContentView", "@State private var isLoading = true", body: """
                    if isLoading {
                        ProgressView()
                            .onAppear {
                                fetchData()
                            }
                    } else {
                        DataLoadedView()
                            .onAppear {
                                fetchData()
                            }
                    }
                    """, members: """
                    private func fetchData() {}
                    """), configuration: Self.configuration(.distribute)),
                RuleCorrection(Self.timelineBanner, Self.hoisted(Self.timelineBanner, into: "ZStack")),
                RuleCorrection(.view("InboxView", "@State private var unread = 0", body: """
                    List {
                        Group {
                            if unread > 0 {
                                Text("\\(unread) unread")
                            }
                        }
                        .onAppear {
                            print("unread row shown")
                        }
                        Text("Archive")
                    }
                    """), """
                    struct InboxView: View {
                        @State private var unread = 0

                        var body: some View {
                            List {
                                if unread > 0 {
                                    Text("\\(unread) unread")
                                        .onAppear {
                                            print("unread row shown")
                                        }
                                }
                                Text("Archive")
                            }
                        }
                    }
                    """),
                RuleCorrection(.view("NoticeView", "let notice: String?", body: """
                    content
                    """, members: """
                    private var content: some View {
                        Group {
                            if let notice {
                                Text(notice)
                            }
                        }
                        .transition(.opacity)
                        .onAppear {
                            print("notice shown")
                        }
                    }
                    """), """
                    struct NoticeView: View {
                        let notice: String?

                        var body: some View {
                            content
                        }

                        @ViewBuilder
                        private var content: some View {
                            if let notice {
                                Text(notice)
                                    .transition(.opacity)
                                    .onAppear {
                                        print("notice shown")
                                    }
                            }
                        }
                    }
                    """),
                RuleCorrection(.view("FeedView", "@State private var isEmpty = false", body: """
                    List {
                        Group {
                            if isEmpty {
                                Text("No posts")
                            } else {
                                Text("Posts")
                            }
                        }
                        .id(isEmpty)
                        .task {
                            await Task.yield()
                        }
                    }
                    """), """
                    struct FeedView: View {
                        @State private var isEmpty = false

                        var body: some View {
                            List {
                                if isEmpty {
                                    Text("No posts")
                                        .id(isEmpty)
                                        .task {
                                            await Task.yield()
                                        }
                                } else {
                                    Text("Posts")
                                        .id(isEmpty)
                                        .task {
                                            await Task.yield()
                                        }
                                }
                            }
                        }
                    }
                    """),
                RuleCorrection(
                    unmarking: Self.startView, Self.hoisted(Self.startView, into: "VStack"),
                    configuration: Self.configuration(hostContainer: "VStack")),
            ])
    }

    /// A configuration with `strategy` and `hostContainer` set, for the examples.
    private static func configuration(_ strategy: GroupStrategy = .auto, hostContainer: String = "ZStack") -> Configuration {
        var configuration = Configuration()
        configuration.strategy = strategy
        configuration.hostContainer = hostContainer
        return configuration
    }

    /// A Group of two branches with onAppear: reported under `report`, hosted in `hostContainer` when rewritten.
    private static let startView: String = .view("StartView", "@State private var isLoggedIn = false", body: """
        ↓Group {
            if isLoggedIn {
                WelcomeView()
            } else {
                LoginView()
            }
        }
        .onAppear {
            print("start appeared")
        }
        """)

    /// A Group of two branches with onAppear: hosted in a ZStack by default, onAppear on each branch under `distribute`.
    private static let loadingContent: String = .view("ContentView", "@State private var isLoading = true", body: """
        Group {
            if isLoading {
                ProgressView()
            } else {
                DataLoadedView()
            }
        }
        .onAppear {
            fetchData()
        }
        """, members: """
        private func fetchData() {}
        """)

    /// A Group with task in a VStack, beside another view: hosted in a ZStack, it stays one view of the VStack.
    private static let timelineBanner: String = .view("BannerView", "@State private var showsBanner = false", body: """
        VStack {
            Group {
                if showsBanner {
                    Text("New posts")
                }
            }
            .task {
                await Task.yield()
            }
            Text("Timeline")
        }
        """)

    /// `source` with its Group hosted in `container` instead: a hoist is a one-token diff.
    private static func hoisted(_ source: String, into container: String) -> String {
        source.removingFindingMarkers.replacingOccurrences(of: "Group {", with: "\(container) {")
    }
}
