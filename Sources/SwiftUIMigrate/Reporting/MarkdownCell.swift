/// Text made safe for one cell of a Markdown table, plain or inside a code span (`` `…` ``): a
/// `|` would end the cell, a line break the row, and a backtick the code span.
public enum MarkdownCell {
    /// `text` with `|` escaped, backticks turned into `'` and line breaks into spaces.
    public static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
            .replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
    }
}
