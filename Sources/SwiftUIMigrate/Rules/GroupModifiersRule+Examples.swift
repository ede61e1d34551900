/// The examples `explain` prints and the generic rule test runs.
extension GroupModifiersRule {
    public var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample(Self.aboutForm),
                RuleExample(Self.statusLine),
                RuleExample("""
                    struct EditButtons: View {
                        let isEditing: Bool

                        var body: some View {
                            HStack {
                                ↓Group {
                                    Text("Edit")
                                    Text("Done")
                                }
                                .disabled(isEditing)
                            }
                        }
                    }
                    """),
                RuleExample("""
                    struct PriceTag: View {
                        let price: String

                        var body: some View {
                            label
                        }

                        private var label: some View {
                            ↓Group {
                                Text(price)
                                Text("incl. tax")
                            }
                            .font(.footnote)
                        }
                    }
                    """),
            ],
            nonTriggering: [
                RuleExample(Self.threeCredits),
                RuleExample("""
                    struct HeaderView: View {
                        var body: some View {
                            Group {
                                Text("Title")
                                Text("Subtitle")
                            }
                            .font(.caption)
                            .foregroundStyle(.secondary)
                            .padding()
                        }
                    }
                    """),
                RuleExample("""
                    struct LoadingView: View {
                        @State private var isLoading = true

                        var body: some View {
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
                        }
                    }
                    """),
                RuleExample("""
                    struct CardsView<Content: View>: View {
                        let content: Content

                        var body: some View {
                            Group(subviews: content) { subviews in
                                Text("\\(subviews.count) cards")
                            }
                            .padding()
                        }
                    }
                    """),
                RuleExample(Self.twoCredits, configuration: Self.configuration(maxMembers: 1)),
            ],
            corrections: [
                RuleCorrection(unmarking: Self.aboutForm, Self.view("AboutForm", body: Self.rewrittenAboutFormBody)),
                RuleCorrection(unmarking: Self.statusLine, """
                    struct StatusLine: View {
                        let isOnline: Bool

                        var body: some View {
                            if isOnline {
                                Text("Online")
                                    .font(.caption)
                                    .padding()
                            } else {
                                Text("Offline")
                                    .font(.caption)
                                    .padding()
                            }
                        }
                    }
                    """),
                RuleCorrection(Self.threeCredits, """
                    struct CreditsView: View {
                        var body: some View {
                            Text("SwiftUI")
                                .font(.headline)
                            Text("Combine")
                                .font(.headline)
                            Text("Observation")
                                .font(.headline)
                        }
                    }
                    """, configuration: Self.configuration(maxMembers: 3)),
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
    static let twoCredits = """
        struct CreditsView: View {
            var body: some View {
                Group {
                    Text("SwiftUI")
                    Text("Combine")
                }
                .font(.headline)
            }
        }
        """

    /// Three members: over the default `maxMembers`, within 3.
    private static let threeCredits = """
        struct CreditsView: View {
            var body: some View {
                Group {
                    Text("SwiftUI")
                    Text("Combine")
                    Text("Observation")
                }
                .font(.headline)
            }
        }
        """

    /// A Group sharing a modifier inside a Form; `↓` where this rule finds it. With a modifier, it is
    /// not `group-redundant`'s.
    static let aboutForm = view("AboutForm", body: aboutFormBody)

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

    private static let statusLine = """
        struct StatusLine: View {
            let isOnline: Bool

            var body: some View {
                ↓Group {
                    if isOnline {
                        Text("Online")
                    } else {
                        Text("Offline")
                    }
                }
                .font(.caption)
                .padding()
            }
        }
        """

    /// `struct name: View` whose `body` is `body`, indented to its place.
    private static func view(_ name: String, body: String) -> String {
        let indentedBody = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }
            .joined(separator: "\n")
        return """
            struct \(name): View {
                var body: some View {
            \(indentedBody)
                }
            }
            """
    }
}
