/// Wraps the paragraphs of Markdown-like text to a width, as `fmt` would, leaving alone what
/// must keep its lines: fenced code blocks (```` ``` ````), indented code (four spaces or a tab),
/// table rows and headings. A list item (`- `, `* `, `1. `) wraps under its own text.
public enum ParagraphWrapping {
    /// `text` with every paragraph line longer than `width` broken at spaces; a word longer
    /// than the width stays whole on its own line, and a line never starts with a word Markdown
    /// would read as a list marker, heading or quote (`-`, `1.`, `#…`, `>`).
    public static func wrap(_ text: String, width: Int) -> String {
        var output: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let isFence = line.hasPrefix("```")
            if isFence { inFence.toggle() }
            if isFence || inFence || line.count <= width || line.hasPrefix("    ") || line.hasPrefix("\t")
                || line.hasPrefix("|") || line.hasPrefix("#") {
                output.append(line)
                continue
            }
            output += wrapLine(line, width: width)
        }
        return output.joined(separator: "\n")
    }

    /// One long line as several, continuation lines indented under the text of a list item.
    private static func wrapLine(_ line: String, width: Int) -> [String] {
        let leading = String(line.prefix { $0 == " " })
        let body = line.dropFirst(leading.count)
        let hanging = leading + String(repeating: " ", count: listMarkerLength(body))
        let lines = body.wrapped(width: width, firstIndent: leading, indent: hanging) { !startsBlock($0) }
        return lines.isEmpty ? [leading] : lines
    }

    /// True for a word that, first on a line, would start a list item, a heading or a quote in Markdown.
    private static func startsBlock(_ word: Substring) -> Bool {
        if ["-", "*", "+", ">"].contains(word) || word.hasPrefix("#") { return true }
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && (word.dropFirst(digits.count) == "." || word.dropFirst(digits.count) == ")")
    }

    /// The length of a list marker and its space at the start of `text` (`- `, `1. `), or 0.
    private static func listMarkerLength(_ text: Substring) -> Int {
        if text.hasPrefix("- ") || text.hasPrefix("* ") { return 2 }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, text.dropFirst(digits.count).hasPrefix(". ") else { return 0 }
        return digits.count + 2
    }
}
