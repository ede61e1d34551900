import SwiftSyntax

/// One thing written into a rebuilt closure body.
enum BodyPiece {
    /// A statement with the comments above it; `holes` are byte ranges inside it to leave out
    /// (nested statements removed whole-line).
    case statement(CodeBlockItemSyntax, holes: [Range<Int>])
    /// Only the comments above a statement that is itself not written (an unwrapped `Task {`).
    case leadingComments(of: CodeBlockItemSyntax)
    /// The comments after a token on its line (`Task { // load`).
    case trailingComments(of: TokenSyntax)
    /// The comments before a closing brace, on their own lines.
    case closingComments(of: TokenSyntax)

    /// The statement, for `.statement` pieces.
    var statement: CodeBlockItemSyntax? {
        if case .statement(let item, _) = self { return item }
        return nil
    }
}

/// Rebuilds the body of a closure from statements taken from anywhere in it.
///
/// Used when a rule removes statements and unwraps a `Task { }`: the kept statements
/// are written one per line at the closure's indentation, in the file's indentation
/// unit and line ending, with the comments above them and single blank lines kept,
/// so the result reads as if written by hand.
struct ClosureBodyWriter {
    private let context: RuleContext
    private var blocks: [(text: String, indent: String, blankBefore: Bool)] = []
    private var pending: (text: String, indent: String, blankBefore: Bool)?

    init(context: RuleContext) {
        self.context = context
    }

    /// Adds pieces in order.
    mutating func add(_ pieces: [BodyPiece]) {
        for piece in pieces {
            switch piece {
            case .statement(let item, let holes):
                guard let first = item.firstToken(viewMode: .sourceAccurate) else { continue }
                let newlines = addComments(first.leadingTrivia, at: item.position.utf8Offset)
                var text = statementText(item, holes: holes)
                if let trailing = trailingComment(of: item.lastToken(viewMode: .sourceAccurate)) { text += " " + trailing }
                write(text, after: newlines, onLineOf: item.positionAfterSkippingLeadingTrivia.utf8Offset)
                flush()
            case .leadingComments(let item):
                if let first = item.firstToken(viewMode: .sourceAccurate) {
                    _ = addComments(first.leadingTrivia, at: item.position.utf8Offset)
                    flush()
                }
            case .trailingComments(let token):
                if let comment = trailingComment(of: token) {
                    flush()
                    blocks.append((comment, "", false))
                }
            case .closingComments(let token):
                _ = addComments(token.leadingTrivia, at: token.position.utf8Offset)
                flush()
            }
        }
    }

    /// True when nothing has been added.
    var isEmpty: Bool { blocks.isEmpty && pending == nil }

    /// The lines, each indented with `indent`, joined by the file's line ending (no leading
    /// or trailing line break).
    func lines(indent: String) -> String {
        let ending = context.style.lineEnding
        return blocks.enumerated().map { index, block in
            // `blankBefore`: one empty line between this block and the one before.
            (block.blankBefore && index > 0 ? ending : "") + indent + context.reindent(block.text, from: block.indent, to: indent)
        }.joined(separator: ending)
    }

    /// The replacement for the bytes between a closure's `{` and `}`: the brace's own trailing
    /// comment, then the lines at `indent`, then a line break and `closingIndent` before `}`.
    func body(after leftBrace: TokenSyntax, indent: String, closingIndent: String) -> String {
        let ending = context.style.lineEnding
        let braceComment = trailingComment(of: leftBrace).map { " " + $0 } ?? ""
        return braceComment + ending + lines(indent: indent) + ending + closingIndent
    }

    /// Writes `text` on the pending line when no line break comes before it, else on a new line indented as
    /// the line holding byte `offset` is, after a blank line when there were two breaks or more.
    private mutating func write(_ text: String, after newlines: Int, onLineOf offset: Int) {
        if newlines == 0, let line = pending {
            pending = (line.text + " " + text, line.indent, line.blankBefore)
        } else {
            flush()
            pending = (text, context.lineIndentation(at: offset), newlines >= 2)
        }
    }

    private mutating func flush() {
        if let line = pending { blocks.append(line) }
        pending = nil
    }

    /// Adds the comments of leading trivia starting at byte `offset`; returns the number of
    /// line breaks after the last comment (before whatever follows the trivia).
    private mutating func addComments(_ trivia: Trivia, at offset: Int) -> Int {
        var newlines = 0
        var cursor = offset
        for piece in trivia {
            let length = piece.sourceLength.utf8Length
            defer { cursor += length }
            switch piece {
            case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
                newlines += count
            case .lineComment, .blockComment, .docLineComment, .docBlockComment:
                write(context.text(cursor..<(cursor + length)), after: newlines, onLineOf: cursor)
                newlines = 0
            default:
                continue
            }
        }
        return newlines
    }

    /// The comments in `token`'s trailing trivia, joined by spaces.
    private func trailingComment(of token: TokenSyntax?) -> String? {
        guard let token else { return nil }
        let comments = ModifierLink.commentTexts(in: token.trailingTrivia)
        return comments.isEmpty ? nil : comments.joined(separator: " ")
    }

    /// The statement's code without its trivia or `;`, leaving out `holes`.
    private func statementText(_ item: CodeBlockItemSyntax, holes: [Range<Int>]) -> String {
        let start = item.item.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = item.item.endPositionBeforeTrailingTrivia.utf8Offset
        var text = ""
        var cursor = start
        for hole in holes.sorted(by: { $0.lowerBound < $1.lowerBound }) where hole.lowerBound >= cursor && hole.upperBound <= end {
            text += context.text(cursor..<hole.lowerBound)
            cursor = hole.upperBound
        }
        text += context.text(cursor..<end)
        return text
    }
}

extension RuleContext {
    /// The bytes to delete to remove the statement or member `node`: its whole lines
    /// (indentation, trailing comment and line break) when nothing else stands on them,
    /// otherwise just the node and the spaces after it.
    func removalRange(of node: some SyntaxProtocol) -> Range<Int> {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        let lineBegin = lineStart(at: start)
        let blankBefore = bytes[lineBegin..<start].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var cursor = node.endPosition.utf8Offset
        // Trailing trivia ends before the line break; allow a trailing comment.
        while cursor < bytes.count && (bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t")) { cursor += 1 }
        if blankBefore && cursor < bytes.count && (bytes[cursor] == UInt8(ascii: "\n") || bytes[cursor] == UInt8(ascii: "\r")) {
            let lineEnd = bytes[cursor] == UInt8(ascii: "\r") && cursor + 1 < bytes.count && bytes[cursor + 1] == UInt8(ascii: "\n")
                ? cursor + 2 : cursor + 1
            return lineBegin..<lineEnd
        }
        var after = end
        while after < bytes.count && bytes[after] == UInt8(ascii: " ") { after += 1 }
        return start..<after
    }
}
