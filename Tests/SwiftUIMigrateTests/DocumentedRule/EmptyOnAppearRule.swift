import SwiftSyntax
@testable import SwiftUIMigrate

/// `test-onappear-empty` (opt-in, never registered): an `.onAppear` whose closure is empty does
/// nothing, so it goes; one that holds a comment stays, since removing it would lose the comment.
///
/// Written only by following `docs/adding-a-rule.md`, and checked by `DocumentedRuleTests` as the
/// shipped rules are: when the page changes, this rule must still follow it.
struct EmptyOnAppearRule: ShippedRule {
    static let id = "test-onappear-empty"
    static let isEnabledByDefault = false
    var triggerWords: [String] { [".onAppear"] }

    func findings(in context: RuleContext) -> [Finding] {
        LifecycleModifier.all(in: context).compactMap { modifier in
            guard let empty = EmptyAppear(modifier) else { return nil }
            if let comment = empty.comment {
                return context.finding(
                    id, at: modifier.nameToken, Self.holdsComment.words(["a comment": "the comment `\(Self.shortened(comment))`"]))
            }
            return context.finding(
                id, at: modifier.nameToken, Self.remove.words(), safety: .preserving,
                edits: [.init(range: empty.removal, replacement: "")])
        }
    }

    /// The decisions, in the order `explain` lists them.
    var reasons: [RuleReason] { [Self.remove, Self.holdsComment] }

    /// A comment as a finding quotes it: at most 40 characters.
    private static func shortened(_ comment: String) -> String {
        comment.count <= 40 ? comment : String(comment.prefix(39)) + "…"
    }
}

// MARK: - Documentation

extension EmptyOnAppearRule {
    var documentation: RuleDocumentation {
        RuleDocumentation(
            summary: "An .onAppear whose closure is empty, which does nothing.",
            detects: "`.onAppear { }` or `.onAppear(perform: { })` whose closure has no statements.",
            fix: """
                the modifier goes, with the line it stands on. One that holds a comment (in its closure or on \
                its own line) stays: removing it would lose the comment.
                """,
            safety: "preserving. An empty action does nothing, and `.onAppear` does not change the layout.")
    }
}

// MARK: - Words

extension EmptyOnAppearRule {
    static let remove = RuleReason(
        "remove", .rewrite, headline: "remove the empty .onAppear { }",
        meaning: "the closure of .onAppear is empty, so the modifier does nothing",
        whatToDo: "review the diff")
    static let holdsComment = RuleReason(
        "holds-comment", .keep, headline: "keep the .onAppear that holds {a comment}",
        meaning: "the .onAppear does nothing, but removing it would lose {a comment}",
        whatToDo: "nothing; remove it by hand once the comment is dealt with")
}
