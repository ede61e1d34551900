/// Whether a summary tells of changes made (`apply`) or of changes a run would make (`scan`, `diff`): a preview
/// that says "rewritten" claims a change nobody made.
public enum SummaryTense: Sendable {
    /// `scan` and `diff`: nothing is written; a rewrite "would rewrite".
    case preview
    /// `apply` and batch apply: a rewrite was written ("rewritten"), unless its file says why not.
    case applied

    /// The word for `action` in this tense: "would rewrite" or "rewritten" for a rewrite, else the action's
    /// `summaryWord` (kept, skipped, reported).
    public func word(for action: FindingAction) -> String {
        action == .rewrite && self == .preview ? "would rewrite" : action.summaryWord
    }
}
