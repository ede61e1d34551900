@testable import SwiftUIMigrate

/// The examples `explain` would print and the example checks run.
extension EmptyOnAppearRule {
    var examples: RuleExamples {
        RuleExamples(
            triggering: [
                RuleExample(Self.visitsView),
                RuleExample(Self.badgeView),
            ],
            nonTriggering: [
                RuleExample(.view("DraftView", body: """
                    Text("Draft")
                        .onAppear {
                            // TODO: count the drafts opened
                        }
                    """)),
                RuleExample(.view("GreetingView", "@State private var greeted = false", body: """
                    Text("Hello")
                        .onAppear { greeted = true }
                    """)),
                RuleExample(.view("ClockView", body: """
                    Text("Now")
                        .task {}
                    """)),
            ],
            corrections: [
                RuleCorrection(unmarking: Self.visitsView, .view("VisitsView", body: """
                    Text("Visits")
                        .padding()
                    """)),
                RuleCorrection(unmarking: Self.badgeView, .view("BadgeView", body: """
                    Image(systemName: "star") // the badge
                    """)),
            ])
    }

    private static let visitsView: String = .view("VisitsView", body: """
        Text("Visits")
            .↓onAppear {}
            .padding()
        """)

    /// The comment on the view's own line stays with the view.
    private static let badgeView: String = .view("BadgeView", body: """
        Image(systemName: "star") // the badge
            .↓onAppear(perform: {})
        """)
}
