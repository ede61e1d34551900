import SwiftSyntax

/// The edit that removes a `Group` wrapper and applies its modifier chain to each member.
///
/// ```swift
/// Group {                              if isLoading {
///     if isLoading {                       ProgressView()
///         ProgressView()                       .onAppear {
///     } else {                                     load()
///         DataView()           →               }
///     }                                } else {
/// }                                        DataView()
/// .onAppear {                                  .onAppear {
///     load()                                       load()
/// }                                            }
///                                      }
/// ```
///
/// The content moves one level out; the chain — every modifier, in order,
/// with its comments, blank lines and `#if` clauses — goes on the lines after
/// each member, reindented to match: one indentation unit deeper than the
/// member, or level with the member's own modifiers or closing brace when it
/// has them (`VStack { … }` takes `.onAppear` under its `}`). A chain that started on the Group's closing line (`}.task {`) is put
/// on a line of its own like the others. A member that does not end its line
/// (`if a { A() } else { B() }`) takes the chain on the same line when the
/// chain is one line. Any other layout is refused, and the caller reports.
struct GroupDistribution {
    /// The replacement of the Group and its chain.
    let edit: ByteEdit

    /// The edit distributing `chain` (whose base is `group`) onto `members`.
    /// `start` is where the removed text begins: the `Group` call or its `return`.
    init(
        group: GroupCall, chain: ModifierChain, members: [ExprSyntax], start: Int, context: RuleContext
    ) throws(GroupSite.Obstacle) {
        let bytes = context.bytes
        let lineEnding = context.style.lineEnding
        let chainStart = group.call.endPositionBeforeTrailingTrivia.utf8Offset
        let chainEnd = chain.outermost.endPositionBeforeTrailingTrivia.utf8Offset
        let groupLineStart = context.lineStart(at: start)
        let groupIndent = context.text(groupLineStart..<start)
        let chainText = ChainText(context.text(chainStart..<chainEnd), groupIndent: groupIndent)

        // The chain's text after each member (none for a Group without modifiers, which is only unwrapped).
        var insertions: [(offset: Int, text: String)] = []
        for member in members where chainEnd > chainStart {
            let end = member.endPositionBeforeTrailingTrivia.utf8Offset
            if let lineEnd = Self.endOfLine(after: end, in: bytes) {
                let target = Self.modifierIndentation(of: member, context: context)
                insertions.append((lineEnd, lineEnding + chainText.block(indentedBy: target)))
            } else if let inline = chainText.inline {
                insertions.append((end, inline))
            } else {
                throw .layout
            }
        }

        let leftBrace = group.content.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
        let rightBrace = group.content.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
        let isBlock = groupIndent.allSatisfy { $0 == " " || $0 == "\t" }
            && Self.endOfLine(after: leftBrace, in: bytes, allowingComment: false) != nil
            && context.text(context.lineStart(at: rightBrace)..<rightBrace).allSatisfy { $0 == " " || $0 == "\t" }
        if isBlock {
            let contentStart = context.nextLineStart(after: leftBrace)
            let contentEnd = context.lineStart(at: rightBrace)
            guard contentStart < contentEnd else { throw .layout }
            let content = Self.apply(insertions, to: bytes, in: contentStart..<contentEnd)
            let replacement = try Self.outdented(content, to: groupIndent)
            edit = ByteEdit(range: groupLineStart..<chainEnd, replacement: replacement)
        } else {
            guard context.lineStart(at: rightBrace) == groupLineStart else { throw .layout }
            let content = Self.apply(insertions, to: bytes, in: leftBrace..<rightBrace).trimmingWhitespace()
            guard !content.isEmpty else { throw .layout }
            edit = ByteEdit(range: start..<chainEnd, replacement: content)
        }
    }

    /// The indentation of modifiers added after `member`, as SwiftUI code is written:
    /// that of the member's own last modifier when it starts a line (`    .font(.title)`),
    /// else that of a closing brace or parenthesis ending the member on a line of its own
    /// (`VStack { … }` then `.onAppear` under its `}`), else one unit deeper than the member.
    private static func modifierIndentation(of member: ExprSyntax, context: RuleContext) -> String {
        func indentationIfFirstOnLine(_ token: TokenSyntax?) -> String? {
            guard let token else { return nil }
            let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let indent = context.lineIndentation(at: offset)
            return context.lineStart(at: offset) + indent.utf8.count == offset ? indent : nil
        }
        let access = (member.as(FunctionCallExprSyntax.self)?.calledExpression ?? member).as(MemberAccessExprSyntax.self)
        if let access, access.base != nil, let indent = indentationIfFirstOnLine(access.period) { return indent }
        if let last = member.lastToken(viewMode: .sourceAccurate),
           last.tokenKind == .rightBrace || last.tokenKind == .rightParen,
           let indent = indentationIfFirstOnLine(last) {
            return indent
        }
        return context.lineIndentation(at: member.positionAfterSkippingLeadingTrivia.utf8Offset)
            + context.style.indentUnit
    }

    /// The text of `range` with `insertions` (offsets into `bytes`) made.
    private static func apply(_ insertions: [(offset: Int, text: String)], to bytes: [UInt8], in range: Range<Int>) -> String {
        var result = ""
        var cursor = range.lowerBound
        for insertion in insertions.sorted(by: { $0.offset < $1.offset }) where range.contains(insertion.offset) {
            result += String(decoding: bytes[cursor..<insertion.offset], as: UTF8.self) + insertion.text
            cursor = insertion.offset
        }
        return result + String(decoding: bytes[cursor..<range.upperBound], as: UTF8.self)
    }

    /// The content's lines moved out to `indent`, the Group's own indentation,
    /// without the blank lines at its start and end and without its final line break.
    private static func outdented(_ content: String, to indent: String) throws(GroupSite.Obstacle) -> String {
        var lines = content.linesKeepingCarriageReturns
        if lines.last == "" { lines.removeLast() }
        while let first = lines.first, first.trimmingWhitespace().isEmpty { lines.removeFirst() }
        while let last = lines.last, last.trimmingWhitespace().isEmpty { lines.removeLast() }
        if let last = lines.last, last.unicodeScalars.last == "\r" {
            lines[lines.count - 1] = String(String.UnicodeScalarView(last.unicodeScalars.dropLast()))
        }
        guard let reference = lines.first(where: { !ChainText.isUnindentedDirective($0) }) else { throw .layout }
        let contentIndent = String(reference.prefix { $0 == " " || $0 == "\t" })
        guard contentIndent.hasPrefix(indent), contentIndent.count > indent.count else { throw .layout }
        return lines.map { line in
            guard !line.trimmingWhitespace().isEmpty, line.hasPrefix(contentIndent) else { return line }
            return indent + line.dropFirst(contentIndent.count)
        }.joined(separator: "\n")
    }

    /// Where to put text that follows the expression ending at `offset` on its
    /// own lines: `offset` when only spaces follow on its line, the line's end
    /// (before `\r\n`) when a `//` comment follows; nil when code follows.
    static func endOfLine(after offset: Int, in bytes: [UInt8], allowingComment: Bool = true) -> Int? {
        let cursor = bytes[offset...].firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? bytes.count
        if cursor >= bytes.count || bytes[cursor] == UInt8(ascii: "\n") || bytes[cursor] == UInt8(ascii: "\r") {
            return offset
        }
        guard allowingComment, cursor + 1 < bytes.count,
              bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "/") else { return nil }
        return bytes[cursor...].firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.count
    }
}

/// The text of a modifier chain, ready to follow another expression.
struct ChainText {
    /// The chain's lines, as written.
    private var lines: [String]
    /// True when the first line began right after the Group's closing brace (`}.task {`).
    private var startsInline: Bool
    /// The indentation the chain's lines are written relative to: that of its first
    /// line of code, or the Group's line when the chain starts after the closing brace.
    private var baseIndent: String

    /// The chain `text` (from just after the Group's closing brace to the end of its last
    /// modifier) of a Group whose line is indented by `groupIndent`.
    init(_ text: String, groupIndent: String) {
        let body = text.drop { $0 == " " || $0 == "\t" }
        startsInline = !(body.hasPrefix("\n") || body.hasPrefix("\r\n"))
        lines = String(body).linesKeepingCarriageReturns
        if !startsInline { lines.removeFirst() }
        baseIndent = groupIndent
        if !startsInline,
           let first = lines.first(where: { !$0.trimmingWhitespace().isEmpty && !Self.isUnindentedDirective($0) }) {
            baseIndent = String(first.prefix { $0 == " " || $0 == "\t" })
        }
    }

    /// The chain on lines of its own, moved so that its base indentation becomes `indent`.
    func block(indentedBy indent: String) -> String {
        lines.enumerated().map { index, line in
            if index == 0 && startsInline { return indent + line }
            if line.trimmingWhitespace().isEmpty || Self.isUnindentedDirective(line) { return line }
            guard line.hasPrefix(baseIndent) else { return line }
            return indent + line.dropFirst(baseIndent.count)
        }.joined(separator: "\n")
    }

    /// The chain as one line to append to an expression directly, when it is one line
    /// without a comment.
    var inline: String? {
        guard lines.count == 1, let line = lines.first, !line.contains("//") else { return nil }
        return line.trimmingWhitespace()
    }

    /// True for a `#if`/`#else`/`#endif` line written at the start of the line.
    static func isUnindentedDirective(_ line: String) -> Bool {
        line.hasPrefix("#")
    }
}

extension String {
    /// The lines of the text, split at each `\n` (on scalars: in a String, `\r\n` is one Character and would not
    /// split on `\n`); a `\r` before it stays at the end of its line.
    var linesKeepingCarriageReturns: [String] {
        unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    }
}
