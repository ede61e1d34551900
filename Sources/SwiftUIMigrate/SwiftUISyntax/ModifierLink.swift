import SwiftSyntax

/// One `.name(…) { … }` link of a modifier chain, for replacing it or cutting it out with its
/// comments: `appear-change-load` writes the merged `.task(id:)` in place of one link and cuts
/// the others, moving their comments into the new body.
struct ModifierLink {
    var call: FunctionCallExprSyntax
    var closure: ClosureExprSyntax?

    private var member: MemberAccessExprSyntax { call.calledExpression.as(MemberAccessExprSyntax.self)! }
    var nameStart: Int { member.declName.positionAfterSkippingLeadingTrivia.utf8Offset }
    var end: Int { call.endPositionBeforeTrailingTrivia.utf8Offset }

    /// The texts of every comment in the link: above its `.`, inside it, after it on its line.
    var comments: [String] {
        call.tokens(viewMode: .sourceAccurate).flatMap { Self.commentTexts(in: $0.leadingTrivia + $0.trailingTrivia) }
    }

    /// The comments of `trivia`, as written.
    static func commentTexts(in trivia: Trivia) -> [String] {
        trivia.filter(\.isComment).map { String(describing: $0) }
    }

    /// True when `trivia` holds a comment whose text `kept` does not hold.
    private static func hasComment(_ trivia: Trivia, besides kept: Set<String>) -> Bool {
        commentTexts(in: trivia).contains { !kept.contains($0) }
    }

    /// Pieces writing the comments inside the link's closure (one level into a last `Task { }`)
    /// that `kept` does not already hold.
    func innerCommentPieces(excluding kept: Set<String>) -> [BodyPiece] {
        guard let closure else { return [] }
        let wanted = { (trivia: Trivia) in Self.hasComment(trivia, besides: kept) }
        let wantedAbove = { (statement: CodeBlockItemSyntax) in
            statement.firstToken(viewMode: .sourceAccurate).map { wanted($0.leadingTrivia) } ?? false
        }
        var pieces: [BodyPiece] = []
        if wanted(closure.leftBrace.trailingTrivia) { pieces.append(.trailingComments(of: closure.leftBrace)) }
        var statements = Array(closure.statements)
        var innerBrace: TokenSyntax?
        if let last = statements.last, let task = InnerTask(last) {
            if wantedAbove(last) { pieces.append(.leadingComments(of: last)) }
            if wanted(task.closure.leftBrace.trailingTrivia) { pieces.append(.trailingComments(of: task.closure.leftBrace)) }
            statements = statements.dropLast() + Array(task.closure.statements)
            innerBrace = task.closure.rightBrace
        }
        pieces += statements.filter(wantedAbove).map { .leadingComments(of: $0) }
        if let innerBrace, wanted(innerBrace.leadingTrivia) { pieces.append(.closingComments(of: innerBrace)) }
        if wanted(closure.rightBrace.leadingTrivia) { pieces.append(.closingComments(of: closure.rightBrace)) }
        return pieces
    }

    /// Pieces writing the comments above the link's `.` and after its end on its line: the ones a
    /// whole-line removal takes away.
    func outerCommentPieces(excluding kept: Set<String>) -> [BodyPiece] {
        var pieces: [BodyPiece] = []
        if Self.hasComment(member.period.leadingTrivia, besides: kept) { pieces.append(.closingComments(of: member.period)) }
        if let last = call.lastToken(viewMode: .sourceAccurate), Self.hasComment(last.trailingTrivia, besides: kept) {
            pieces.append(.trailingComments(of: last))
        }
        return pieces
    }

    /// True when only indentation stands before the link's `.` on its line.
    func startsItsLine(context: RuleContext) -> Bool {
        let period = member.period.positionAfterSkippingLeadingTrivia.utf8Offset
        let lineStart = context.lineStart(at: period)
        return context.bytes[lineStart..<period].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// The offset just past the link's line break, when only a comment follows the link on its line.
    private func lineEnd(context: RuleContext) -> Int? {
        let bytes = context.bytes
        var cursor = call.lastToken(viewMode: .sourceAccurate)?.endPosition.utf8Offset ?? end
        while cursor < bytes.count && (bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t")) { cursor += 1 }
        if cursor >= bytes.count { return cursor }
        guard bytes[cursor] == UInt8(ascii: "\n") || bytes[cursor] == UInt8(ascii: "\r") else { return nil }
        let crlf = bytes[cursor] == UInt8(ascii: "\r") && cursor + 1 < bytes.count && bytes[cursor + 1] == UInt8(ascii: "\n")
        return cursor + (crlf ? 2 : 1)
    }

    /// True when the link stands on lines of its own (after the comment lines above it).
    func isWholeLines(context: RuleContext) -> Bool {
        startsItsLine(context: context) && lineEnd(context: context) != nil
    }

    /// The bytes to delete to cut the link out: its whole lines, with the comment lines above its
    /// `.` and a comment after it (their text moves into the new body), when it stands on lines of
    /// its own; otherwise from its `.` to its end.
    func removalRange(context: RuleContext) -> Range<Int> {
        let period = member.period.positionAfterSkippingLeadingTrivia.utf8Offset
        guard startsItsLine(context: context), let lineEnd = lineEnd(context: context) else { return period..<end }
        var start = context.lineStart(at: period)
        var offset = member.period.position.utf8Offset
        for piece in member.period.leadingTrivia {
            if piece.isComment { start = min(start, context.lineStart(at: offset)) }
            offset += piece.sourceLength.utf8Length
        }
        return start..<lineEnd
    }
}
