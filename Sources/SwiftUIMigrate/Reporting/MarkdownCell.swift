/// Text made safe for one cell of a Markdown table (GitHub-flavoured), plain or inside a code span (`` `…` ``): a
/// `|` would end the cell, a line break the row, and a backtick the code span; Swift in prose (`Array<Int>`,
/// `.task(id:)`, `isLoading`) would lose its `<…>` to HTML or its `_` to emphasis unless it is in a code span.
public enum MarkdownCell {
    /// `text` with `|` escaped, backticks turned into `'` and line breaks into spaces, for inside a code span.
    public static func escape(_ text: String) -> String {
        oneLine(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }

    /// `text` as a code span that keeps a table cell whole: `` `App/View.swift` ``.
    public static func code(_ text: String) -> String { "`" + escape(text) + "`" }

    /// Prose for a cell or a list item: the Swift in it (see `SwiftInProse`) in code spans, every other character
    /// that Markdown or HTML would read (`*`, `_`, `<`, `[`, `|`, …) escaped, on one line.
    public static func prose(_ text: String) -> String {
        SwiftInProse.parts(of: oneLine(text)).map { part in
            switch part {
            case .code(let code): Self.code(code)
            case .text(let words): words.map { markdownPunctuation.contains($0) ? "\\\($0)" : String($0) }.joined()
            }
        }.joined()
    }

    /// `text` cut at a word boundary to at most `limit` characters, ending with `…` when cut; what a table cell
    /// shows of a long reason (the whole text goes in a `<details>` block).
    public static func shortened(_ text: String, limit: Int = 160) -> String {
        let text = oneLine(text)
        guard text.count > limit else { return text }
        let head = text.prefix(limit - 1)
        var cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head
        while let last = cut.last, " ,;:".contains(last) { cut.removeLast() }
        return String(cut) + "…"
    }

    /// The ASCII punctuation GitHub's Markdown or HTML could act on inside a line.
    private static let markdownPunctuation: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "#"]

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
    }
}
