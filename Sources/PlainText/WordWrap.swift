extension StringProtocol {
    /// The text's words (split at spaces and line breaks) on lines of at most `width` characters, greedily, as
    /// `git commit` messages and terminal paragraphs want; the first line starts with `firstIndent`, the others with
    /// `indent`. A word longer than a line (a URL, a path) gets a line of its own rather than being cut, and a word
    /// for which `mayStartLine` is false stays on the line before (Markdown would read it as a list marker there).
    public func wrapped(
        width: Int, firstIndent: String = "", indent: String = "", mayStartLine: (SubSequence) -> Bool = { _ in true }
    ) -> [String] {
        var lines: [String] = []
        var line = firstIndent
        var lineHasWord = false
        for word in split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r\n" || $0 == "\t" }) {
            if lineHasWord && line.count + 1 + word.count > width && mayStartLine(word) {
                lines.append(line)
                line = indent
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        if lineHasWord { lines.append(line) }
        return lines
    }
}
