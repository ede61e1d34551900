/// The examples `explain` prints and the generic rule test runs.
extension GroupRedundantRule {
    public var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample(Self.countingStack),
                RuleExample(Self.settingsList),
                RuleExample(Self.favoriteLabel),
            ],
            nonTriggering: [
                RuleExample(unmarking: GroupModifiersRule.aboutForm),
                RuleExample("""
                    struct CreditsView: View {
                        var body: some View {
                            Group {
                                Text("SwiftUI")
                                Text("Combine")
                            }
                        }
                    }
                    """),
                RuleExample("""
                    struct BadgeView: View {
                        var body: some View {
                            Color.clear
                                .overlay {
                                    Group {
                                        Text("New")
                                        Text("3")
                                    }
                                }
                        }
                    }
                    """),
            ],
            corrections: [
                RuleCorrection(unmarking: Self.countingStack, """
                    struct CountingView: View {
                        var body: some View {
                            VStack {
                    \(Self.texts(1...11, indent: 12))
                            }
                        }
                    }
                    """),
                RuleCorrection(unmarking: Self.settingsList, """
                    struct SettingsList: View {
                        let showsAdvanced: Bool

                        var body: some View {
                            List {
                                Text("General")
                                if showsAdvanced {
                                    Text("Logging")
                                    Text("Experiments")
                                }
                            }
                        }
                    }
                    """),
                RuleCorrection(unmarking: Self.favoriteLabel, """
                    struct FavoriteLabel: View {
                        var body: some View {
                            HStack {
                                Image(systemName: "star"); Text("Favorites")
                            }
                        }
                    }
                    """),
            ])
    }

    /// Ten members in a Group and one after it: eleven in the VStack once the Group goes.
    private static let countingStack = """
        struct CountingView: View {
            var body: some View {
                VStack {
                    ↓Group {
        \(texts(1...10, indent: 16))
                    }
                    Text("11")
                }
            }
        }
        """

    private static let settingsList = """
        struct SettingsList: View {
            let showsAdvanced: Bool

            var body: some View {
                List {
                    Text("General")
                    if showsAdvanced {
                        ↓Group {
                            Text("Logging")
                            Text("Experiments")
                        }
                    }
                }
            }
        }
        """

    private static let favoriteLabel = """
        struct FavoriteLabel: View {
            var body: some View {
                HStack {
                    ↓Group { Image(systemName: "star"); Text("Favorites") }
                }
            }
        }
        """

    /// `Text("1")`, `Text("2")`, … one a line, each indented by `indent` spaces.
    private static func texts(_ numbers: ClosedRange<Int>, indent: Int) -> String {
        numbers.map { String(repeating: " ", count: indent) + "Text(\"\($0)\")" }.joined(separator: "\n")
    }
}
