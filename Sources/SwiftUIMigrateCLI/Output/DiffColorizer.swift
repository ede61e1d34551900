/// Colors a unified diff the way `git diff` does: bold headers, cyan hunks, red and green lines.
enum DiffColorizer {
    private static let reset = "\u{1B}[m"

    static func colorize(_ patch: String) -> String {
        var output = ""
        for line in patch.split(separator: "\n", omittingEmptySubsequences: false) {
            let color: String?
            if line.hasPrefix("diff --git") || line.hasPrefix("index ") || line.hasPrefix("--- ") || line.hasPrefix("+++ ") {
                color = "\u{1B}[1m"
            } else if line.hasPrefix("@@") {
                color = "\u{1B}[36m"
            } else if line.hasPrefix("+") {
                color = "\u{1B}[32m"
            } else if line.hasPrefix("-") {
                color = "\u{1B}[31m"
            } else {
                color = nil
            }
            if let color, !line.isEmpty { output += color + line + reset } else { output += line }
            output += "\n"
        }
        return String(output.dropLast())
    }
}
