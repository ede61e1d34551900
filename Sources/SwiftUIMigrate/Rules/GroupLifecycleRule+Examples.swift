/// The examples `explain` prints and the generic rule test runs.
extension GroupLifecycleRule {
    public var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample("""
                    struct StartView: View {
                        @State private var isLoggedIn = false

                        var body: some View {
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
                        }
                    }
                    """),
                RuleExample("""
                    struct BannerView: View {
                        @State private var showsBanner = false

                        var body: some View {
                            VStack {
                                ↓Group {
                                    if showsBanner {
                                        Text("New posts")
                                    }
                                }.task {
                                    await Task.yield()
                                }
                            }
                        }
                    }
                    """),
                RuleExample("""
                    struct TitleView: View {
                        var body: some View {
                            ↓Group {
                                Text("Title")
                                Text("Subtitle")
                            }
                            .onAppear {
                                print("appeared")
                            }
                        }
                    }
                    """),
                RuleExample("""
                    struct BadgeView: View {
                        let count: Int

                        var body: some View {
                            Color.clear
                                .overlay(↓Group {
                                    if count > 0 {
                                        Text("\\(count)")
                                    }
                                }.onDisappear {
                                    print("badge gone")
                                })
                        }
                    }
                    """),
                RuleExample(Self.startView, configuration: Self.configuration(.report)),
                RuleExample("""
                    struct InvitesView: View {
                        @State private var pending = 0
                        @State private var showsInvites = false

                        var body: some View {
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
                        }
                    }
                    """),
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
                RuleExample("""
                    struct CardsView<Content: View>: View {
                        let content: Content

                        var body: some View {
                            Group(subviews: content) { subviews in
                                Text("\\(subviews.count) cards")
                            }
                            .onAppear {
                                print("cards appeared")
                            }
                        }
                    }
                    """),
                RuleExample("""
                    struct LoadingView: View {
                        @State private var isLoading = true

                        var body: some View {
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
                        }
                    }
                    """),
            ],
            corrections: [
                RuleCorrection(Self.loadingContent, """
                    struct ContentView: View {
                        @State private var isLoading = true

                        var body: some View {
                            ZStack {
                                if isLoading {
                                    ProgressView()
                                } else {
                                    DataLoadedView()
                                }
                            }
                            .onAppear {
                                fetchData()
                            }
                        }

                        private func fetchData() {}
                    }
                    """),
                RuleCorrection(Self.loadingContent, """
                    struct ContentView: View {
                        @State private var isLoading = true

                        var body: some View {
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
                        }

                        private func fetchData() {}
                    }
                    """, configuration: Self.configuration(.distribute)),
                RuleCorrection("""
                    struct BannerView: View {
                        @State private var showsBanner = false

                        var body: some View {
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
                        }
                    }
                    """, """
                    struct BannerView: View {
                        @State private var showsBanner = false

                        var body: some View {
                            VStack {
                                ZStack {
                                    if showsBanner {
                                        Text("New posts")
                                    }
                                }
                                .task {
                                    await Task.yield()
                                }
                                Text("Timeline")
                            }
                        }
                    }
                    """),
                RuleCorrection("""
                    struct InboxView: View {
                        @State private var unread = 0

                        var body: some View {
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
                        }
                    }
                    """, """
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
                RuleCorrection("""
                    struct NoticeView: View {
                        let notice: String?

                        var body: some View {
                            content
                        }

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
                    }
                    """, """
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
                RuleCorrection("""
                    struct FeedView: View {
                        @State private var isEmpty = false

                        var body: some View {
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
                        }
                    }
                    """, """
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
                RuleCorrection(unmarking: Self.startView, """
                    struct StartView: View {
                        @State private var isLoggedIn = false

                        var body: some View {
                            VStack {
                                if isLoggedIn {
                                    WelcomeView()
                                } else {
                                    LoginView()
                                }
                            }
                            .onAppear {
                                print("start appeared")
                            }
                        }
                    }
                    """, configuration: Self.configuration(hostContainer: "VStack")),
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
    private static let startView = """
        struct StartView: View {
            @State private var isLoggedIn = false

            var body: some View {
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
            }
        }
        """

    /// A Group of two branches with onAppear: hosted in a ZStack by default, onAppear on each branch under `distribute`.
    private static let loadingContent = """
        struct ContentView: View {
            @State private var isLoading = true

            var body: some View {
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
            }

            private func fetchData() {}
        }
        """
}
