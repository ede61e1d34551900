import SwiftSyntax
@testable import SwiftUIMigrate

/// An `.onAppear` whose action does nothing (its closure has no statements), and what removing it
/// would take away: the fact `test-onappear-empty` decides on (a shipped rule's would live in
/// `Sources/SwiftUIMigrate/Analyses/<area>/`).
struct EmptyAppear {
    /// The bytes removing the modifier takes away: from the end of the view it modifies (after a
    /// comment on that view's line) to the end of the call.
    var removal: Range<Int>
    /// The first comment in those bytes, its first line as written; nil when they hold none.
    var comment: String?

    /// The fact for `modifier`, or nil when its action does something, is not a closure, or when it
    /// opens a `#if` clause of a chain (there is no view before it to keep).
    init?(_ modifier: LifecycleModifier) {
        guard modifier.name == "onAppear", let closure = modifier.closure, closure.statements.isEmpty,
              let member = modifier.call.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base else { return nil }
        let call = modifier.call
        let keepsBaseComment = base.trailingTrivia.contains { $0.isComment }
        let start = keepsBaseComment ? base.endPosition : base.endPositionBeforeTrailingTrivia
        removal = start.utf8Offset..<call.endPositionBeforeTrailingTrivia.utf8Offset
        var pieces: [TriviaPiece] = []
        for token in call.tokens(viewMode: .sourceAccurate) where token.position >= member.period.position {
            pieces += token.leadingTrivia
            if token.id != call.lastToken(viewMode: .sourceAccurate)?.id { pieces += token.trailingTrivia }
        }
        comment = pieces.first { $0.isComment }.map { piece in
            String(Trivia(pieces: [piece]).description.split(separator: "\n").first ?? "").trimmingWhitespace()
        }
    }
}
