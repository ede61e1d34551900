/// The examples `explain` prints and the generic rule test runs.
extension GroupModifiersRule {
    public var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample(SharedExamples.aboutForm),
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
                RuleExample(SharedExamples.twoCredits, configuration: Self.configuration(maxMembers: 1)),
            ],
            corrections: [
                RuleCorrection(unmarking: SharedExamples.aboutForm, SharedExamples.view("AboutForm", body: Self.rewrittenAboutFormBody)),
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
        options["maxMembers"] = maxMembers.map(RuleOptionValue.integer)
        options["maxModifiers"] = maxModifiers.map(RuleOptionValue.integer)
        configuration.ruleOptions["group-modifiers"] = options
        return configuration
    }

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

    /// ``SharedExamples/aboutFormBody`` rewritten, which the documentation shows.
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
}
