/// A readable account of how two texts differ, for failure messages.
enum TextDiff {
    /// "expected … got …" around the first differing line, with invisible characters shown.
    static func describe(expected: String, actual: String, context: Int = 3) -> String {
        guard expected != actual else { return "(texts are equal)" }
        let expectedLines = lines(expected)
        let actualLines = lines(actual)
        var first = 0
        while first < expectedLines.count, first < actualLines.count, expectedLines[first] == actualLines[first] {
            first += 1
        }
        var message = "first difference at line \(first + 1)"
        if expectedLines.count != actualLines.count {
            message += " (expected \(expectedLines.count) lines, got \(actualLines.count))"
        }
        message += ":\n"
        let start = max(0, first - context)
        for index in start..<first {
            message += "   \(index + 1)| \(visible(expectedLines[index]))\n"
        }
        for index in first..<min(expectedLines.count, first + context + 1) {
            message += "-  \(index + 1)| \(visible(expectedLines[index]))\n"
        }
        for index in first..<min(actualLines.count, first + context + 1) {
            message += "+  \(index + 1)| \(visible(actualLines[index]))\n"
        }
        message += "--- expected (-) ---\n\(expected)\n--- actual (+) ---\n\(actual)"
        return message
    }

    /// The lines of `text`, each keeping its line ending so CRLF differences show.
    private static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            current.unicodeScalars.append(scalar)
            if scalar == "\n" {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// `line` with tabs, carriage returns, line feeds and trailing spaces made visible.
    private static func visible(_ line: String) -> String {
        var shown = ""
        var body = line
        var ending = ""
        if body.hasSuffix("\r\n") {
            body.removeLast()
            ending = "␍␊"
        } else if body.hasSuffix("\n") {
            body.removeLast()
            ending = "␊"
        }
        for character in body {
            switch character {
            case "\t": shown += "→"
            case "\r": shown += "␍"
            default: shown.append(character)
            }
        }
        var trailing = 0
        while shown.hasSuffix(" ") {
            shown.removeLast()
            trailing += 1
        }
        return shown + String(repeating: "·", count: trailing) + ending
    }
}
