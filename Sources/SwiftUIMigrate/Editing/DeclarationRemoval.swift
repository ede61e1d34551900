import SwiftSyntax

extension RuleContext {
    /// The edit deleting a property declaration: its whole lines, the doc comment attached
    /// to it, and a blank line that would otherwise be left doubled or hanging before `}`.
    ///
    /// Comments directly above it (no blank line between) are removed with it when they
    /// are doc comments, or when they are plain comments that describe it alone. A plain
    /// comment that heads a group of declarations (it follows a blank line or the type's
    /// `{`, and another declaration follows the removed one) stays, and so does a
    /// `// MARK:` comment.
    func declarationRemoval(of declaration: some DeclSyntaxProtocol) -> ByteEdit {
        let member: Syntax = declaration.parent?.as(MemberBlockItemSyntax.self).map(Syntax.init) ?? Syntax(declaration)
        var range = removalRange(of: member)
        guard range.lowerBound == lineStart(at: range.lowerBound) else { return ByteEdit(range: range, replacement: "") }

        if let first = member.firstToken(viewMode: .sourceAccurate),
           let commentStart = attachedCommentStart(first, nextLineIsMember: isMemberLine(at: range.upperBound)) {
            range = lineStart(at: commentStart)..<range.upperBound
        }

        var lower = range.lowerBound
        var upper = range.upperBound
        let previous = lower > 0 ? lineStart(at: lower - 1)..<lower : nil
        let previousText = previous.map { text($0).trimmingWhitespace() }
        let next = upper < bytes.count ? upper..<nextLineStart(after: upper) : nil
        let nextText = next.map { text($0).trimmingWhitespace() }
        if previousText == "" && nextText == "" {
            upper = next!.upperBound
        } else if previousText == "", let nextText, nextText.hasPrefix("}") {
            lower = previous!.lowerBound
        } else if let previousText, previousText.hasSuffix("{"), nextText == "" {
            upper = next!.upperBound
        }
        return ByteEdit(range: lower..<upper, replacement: "")
    }

    /// True when the line starting at `offset` holds code other than a closing brace.
    private func isMemberLine(at offset: Int) -> Bool {
        guard offset < bytes.count else { return false }
        let line = text(offset..<nextLineStart(after: offset)).trimmingWhitespace()
        return !line.isEmpty && !line.hasPrefix("}")
    }

    /// Where the comments attached to `token` that go with the declaration start, or nil.
    private func attachedCommentStart(_ token: TokenSyntax, nextLineIsMember: Bool) -> Int? {
        struct Comment { var start: Int; var text: String; var isDoc: Bool; var newlinesBefore: Int; var newlinesAfter: Int }
        var comments: [Comment] = []
        var newlines = 0
        var cursor = token.position.utf8Offset
        for piece in token.leadingTrivia {
            let length = piece.sourceLength.utf8Length
            defer { cursor += length }
            switch piece {
            case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
                newlines += count
            case .lineComment(let text), .blockComment(let text), .docLineComment(let text), .docBlockComment(let text):
                if !comments.isEmpty { comments[comments.count - 1].newlinesAfter = newlines }
                let isDoc = switch piece {
                case .docLineComment, .docBlockComment: true
                default: false
                }
                comments.append(Comment(start: cursor, text: text, isDoc: isDoc, newlinesBefore: newlines, newlinesAfter: 0))
                newlines = 0
            default:
                continue
            }
        }
        if !comments.isEmpty { comments[comments.count - 1].newlinesAfter = newlines }
        // The last comments, each followed by one line break: a blank line ends the run.
        let attached = comments.reversed().prefix { $0.newlinesAfter == 1 }.reversed()
        guard let first = attached.first, !attached.contains(where: { $0.text.contains("MARK:") }) else { return nil }
        if attached.contains(where: \.isDoc) { return first.start }
        let previousIsBrace = token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .leftBrace
        let headsGroup = (first.newlinesBefore >= 2 || previousIsBrace) && nextLineIsMember
        return headsGroup ? nil : first.start
    }
}
