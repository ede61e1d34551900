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
                RuleExample(.view("CreditsView", body: """
                    Group {
                        Text("SwiftUI")
                        Text("Combine")
                    }
                    """)),
                RuleExample(.view("BadgeView", body: """
                    Color.clear
                        .overlay {
                            Group {
                                Text("New")
                                Text("3")
                            }
                        }
                    """)),
            ],
            corrections: [
                RuleCorrection(unmarking: Self.countingStack, .view("CountingView", body: """
                    VStack {
                    \(Self.texts(1...11, indent: 4))
                    }
                    """)),
                RuleCorrection(unmarking: Self.settingsList, .view("SettingsList", "let showsAdvanced: Bool", body: """
                    List {
                        Text("General")
                        if showsAdvanced {
                            Text("Logging")
                            Text("Experiments")
                        }
                    }
                    """)),
                RuleCorrection(unmarking: Self.favoriteLabel, .view("FavoriteLabel", body: """
                    HStack {
                        Image(systemName: "star"); Text("Favorites")
                    }
                    """)),
            ])
    }

    /// Ten members in a Group and one after it: eleven in the VStack once the Group goes.
    private static let countingStack: String = .view("CountingView", body: """
        VStack {
            ↓Group {
        \(texts(1...10, indent: 8))
            }
            Text("11")
        }
        """)

    private static let settingsList: String = .view("SettingsList", "let showsAdvanced: Bool", body: """
        List {
            Text("General")
            if showsAdvanced {
                ↓Group {
                    Text("Logging")
                    Text("Experiments")
                }
            }
        }
        """)

    private static let favoriteLabel: String = .view("FavoriteLabel", body: """
        HStack {
            ↓Group { Image(systemName: "star"); Text("Favorites") }
        }
        """)

    /// `Text("1")`, `Text("2")`, … one a line, each indented by `indent` spaces.
    private static func texts(_ numbers: ClosedRange<Int>, indent: Int) -> String {
        numbers.map { String(repeating: " ", count: indent) + "Text(\"\($0)\")" }.joined(separator: "\n")
    }
}
