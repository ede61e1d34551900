import SwiftUIMigrate

/// The part of a file a finding's hunk is made from: whole lines around its edits, wide enough for
/// the hunk's context lines and reaching back to the line git would name in the hunk header (the
/// nearest line above that starts with a letter, `_` or `$`), so diffing only this part gives the
/// same hunk as diffing the whole file — at a cost that grows with the finding, not the file.
struct HunkWindow {
    /// The bytes of the part: whole lines of the original file.
    let range: Range<Int>
    /// How many lines of the file come before it.
    let linesBefore: Int

    /// The window around `span` (the byte range the finding's edits cover) in `text`, with
    /// `contextLines` and a margin of as many again on each side. `known` is a point of the text
    /// whose line is known (the finding's start), from which the window's first line is counted.
    init(_ text: [UInt8], covering span: Range<Int>, contextLines: Int, known: SourcePoint) {
        let newline = UInt8(ascii: "\n")
        var start = min(span.lowerBound, text.count)
        let extra = 2 * contextLines
        // Back to the start of the edit's line, then `extra` lines more, then to a header line.
        while start > 0 && text[start - 1] != newline { start -= 1 }
        var lineCount = 0
        while start > 0 {
            var lineStart = start - 1
            while lineStart > 0 && text[lineStart - 1] != newline { lineStart -= 1 }
            start = lineStart
            lineCount += 1
            if lineCount >= extra && Self.namesHunks(text, at: start) { break }
        }
        var end = max(span.upperBound, start)
        // On to the end of the edit's line, then `extra` lines more.
        for _ in 0...extra where end < text.count {
            while end < text.count && text[end] != newline { end += 1 }
            if end < text.count { end += 1 }
        }
        range = start..<end
        // Lines counted between the known point and the window's start only: never from the file's start.
        let between = text[min(start, known.offset)..<max(start, known.offset)].reduce(0) { $0 + ($1 == newline ? 1 : 0) }
        linesBefore = known.line - 1 + (start < known.offset ? -between : between)
    }

    /// True when the line at `offset` is one git's diff names in a hunk header (its default: a
    /// line starting with a letter, `_` or `$`).
    private static func namesHunks(_ text: [UInt8], at offset: Int) -> Bool {
        guard offset < text.count else { return false }
        let first = text[offset]
        return (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A) || first == UInt8(ascii: "_") || first == UInt8(ascii: "$")
    }

    /// `hunks` (diffed from this window) with their header line numbers counted from the file's start.
    func renumbered(_ hunks: String) -> String {
        guard linesBefore > 0 else { return hunks }
        return hunks.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("@@ -"), let close = line.range(of: " @@", range: line.index(line.startIndex, offsetBy: 3)..<line.endIndex) else {
                return String(line)
            }
            let numbers = line[line.index(line.startIndex, offsetBy: 3)..<close.lowerBound].split(separator: " ").map { side -> String in
                let sign = side.prefix(1)
                let parts = side.dropFirst().split(separator: ",", maxSplits: 1)
                guard let first = parts.first, let number = Int(first) else { return String(side) }
                return sign + String(number + linesBefore) + (parts.count > 1 ? "," + parts[1] : "")
            }
            return "@@ " + numbers.joined(separator: " ") + line[close.lowerBound...]
        }.joined(separator: "\n")
    }
}
