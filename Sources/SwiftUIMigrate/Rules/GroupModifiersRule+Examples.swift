/// The examples `explain` prints and the generic rule test runs.
extension GroupModifiersRule {
    public var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample(Self.aboutForm),
                RuleExample(Self.statusLine),
                RuleExample(.view("EditButtons", "let isEditing: Bool", body: """
                    HStack {
                        ↓Group {
                            Text("Edit")
                            Text("Done")
                        }
                        .disabled(isEditing)
                    }
                    """)),
                RuleExample(.view("PriceTag", "let price: String", body: """
                    label
                    """, members: """
                    private var label: some View {
                        ↓Group {
                            Text(price)
                            Text("incl. tax")
                        }
                        .font(.footnote)
                    }
                    """)),
            ],
            nonTriggering: [
                RuleExample(Self.threeCredits),
                RuleExample(.view("HeaderView", body: """
                    Group {
                        Text("Title")
                        Text("Subtitle")
                    }
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    .padding()
                    """)),
                RuleExample(.view("LoadingView", "@State private var isLoading = true", body: """
                    Group {
                        if isLoading {
                            ProgressView()
                        } else {
                            Text("Loaded")
                        }
                    }
                    .onAppear {
                        isLoading = false
                    }
                    """)),
                RuleExample(.view("CardsView<Content: View>", "let content: Content", body: """
                    Group(subviews: content) { subviews in
                        Text("\\(subviews.count) cards")
                    }
                    .padding()
                    """)),
                RuleExample(Self.twoCredits, configuration: Self.configuration(maxMembers: 1)),
            ],
            corrections: [
                RuleCorrection(unmarking: Self.aboutForm, .view("AboutForm", body: Self.rewrittenAboutFormBody)),
                RuleCorrection(unmarking: Self.statusLine, .view("StatusLine", "let isOnline: Bool", body: """
                    if isOnline {
                        Text("Online")
                            .font(.caption)
                            .padding()
                    } else {
                        Text("Offline")
                            .font(.caption)
                            .padding()
                    }
                    """)),
                RuleCorrection(Self.threeCredits, .view("CreditsView", body: """
                    Text("SwiftUI")
                        .font(.headline)
                    Text("Combine")
                        .font(.headline)
                    Text("Observation")
                        .font(.headline)
                    """), configuration: Self.configuration(maxMembers: 3)),
            ])
    }

    /// A configuration with this rule's options set, for the examples.
    private static func configuration(maxMembers: Int? = nil, maxModifiers: Int? = nil) -> Configuration {
        var configuration = Configuration()
        var options: [String: RuleOptionValue] = [:]
        options[GroupModifiersRule.maxMembers.name] = maxMembers.map(RuleOptionValue.integer)
        options[GroupModifiersRule.maxModifiers.name] = maxModifiers.map(RuleOptionValue.integer)
        configuration.ruleOptions[GroupModifiersRule.id] = options
        return configuration
    }

    /// Two members: within the default `maxMembers`, over 1. Without a lifecycle modifier, it is
    /// not `group-lifecycle`'s either.
    static let twoCredits: String = .view("CreditsView", body: """
        Group {
            Text("SwiftUI")
            Text("Combine")
        }
        .font(.headline)
        """)

    /// Three members: over the default `maxMembers`, within 3.
    private static let threeCredits: String = .view("CreditsView", body: """
        Group {
            Text("SwiftUI")
            Text("Combine")
            Text("Observation")
        }
        .font(.headline)
        """)

    /// A Group sharing a modifier inside a Form; `↓` where this rule finds it. With a modifier, it is
    /// not `group-redundant`'s.
    static let aboutForm: String = .view("AboutForm", body: aboutFormBody)

    /// ``aboutForm``'s body, which the documentation shows.
    static let aboutFormBody = """
        Form {
            Text("Title")
            ↓Group {
                Text("Subtitle")
                Text("Description")
            }
            .foregroundStyle(.secondary)
        }
        """

    /// ``aboutFormBody`` rewritten, which the documentation shows.
    static let rewrittenAboutFormBody = """
        Form {
            Text("Title")
            Text("Subtitle")
                .foregroundStyle(.secondary)
            Text("Description")
                .foregroundStyle(.secondary)
        }
        """

    private static let statusLine: String = .view("StatusLine", "let isOnline: Bool", body: """
        ↓Group {
            if isOnline {
                Text("Online")
            } else {
                Text("Offline")
            }
        }
        .font(.caption)
        .padding()
        """)
}
