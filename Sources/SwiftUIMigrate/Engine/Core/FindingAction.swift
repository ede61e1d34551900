/// What the tool does about a finding.
public enum FindingAction: String, Hashable, Sendable, Codable, CaseIterable {
    /// The finding carries edits that fix it.
    case rewrite
    /// The code is left as it is on purpose (it is the honest form here).
    case keep
    /// The pattern was seen but is not safe to rewrite; the reason says why.
    case skip
    /// Needs a person: the message says what to do by hand.
    case report

    /// True for the actions a user must act on: `rewrite` and `report`.
    public var asksForAction: Bool { self == .rewrite || self == .report }

    /// The past-tense word used in summaries: rewritten, kept, skipped, reported.
    public var summaryWord: String {
        switch self {
        case .rewrite: return "rewritten"
        case .keep: return "kept"
        case .skip: return "skipped"
        case .report: return "reported"
        }
    }
}
