import Foundation

/// The way a file is written: its indentation unit and line ending.
///
/// Inserted code follows it, so a reviewer cannot tell which lines the tool wrote.
public struct SourceStyle: Hashable, Sendable {
    /// One level of indentation: a tab, or some number of spaces.
    public var indentUnit: String
    /// "\n" or "\r\n", whichever the file uses most.
    public var lineEnding: String

    public init(indentUnit: String = "    ", lineEnding: String = "\n") {
        self.indentUnit = indentUnit
        self.lineEnding = lineEnding
    }

    /// Infers the style of `text`: tabs when most indented lines start with a tab,
    /// otherwise the most common positive step between consecutive indentations.
    public init(inferringFrom text: [UInt8]) {
        var crlf = 0
        var lf = 0
        var tabLines = 0
        var spaceLines = 0
        var steps: [Int: Int] = [:]
        var previousSpaces = 0
        var index = 0
        let count = text.count
        while index < count {
            let lineEnd = Self.lineEnd(in: text, from: index)
            if lineEnd < count {
                if lineEnd > index && text[lineEnd - 1] == UInt8(ascii: "\r") { crlf += 1 } else { lf += 1 }
            }
            var spaces = 0
            var cursor = index
            if cursor < lineEnd && text[cursor] == UInt8(ascii: "\t") {
                tabLines += 1
            } else {
                while cursor < lineEnd && text[cursor] == UInt8(ascii: " ") { spaces += 1; cursor += 1 }
                let blank = cursor >= lineEnd || text[cursor] == UInt8(ascii: "\r")
                if !blank {
                    if spaces > 0 { spaceLines += 1 }
                    if spaces > previousSpaces { steps[spaces - previousSpaces, default: 0] += 1 }
                    previousSpaces = spaces
                }
            }
            index = lineEnd + 1
        }
        lineEnding = crlf > lf ? "\r\n" : "\n"
        if tabLines > spaceLines {
            indentUnit = "\t"
        } else if let step = steps.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key, step > 0, step <= 8 {
            indentUnit = String(repeating: " ", count: step)
        } else {
            indentUnit = "    "
        }
    }

    /// The index of the first line feed in `text` from `start`, or its end: found with `memchr`.
    private static func lineEnd(in text: [UInt8], from start: Int) -> Int {
        text.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, start < buffer.count,
                  let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start) else { return text.count }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// `levels` indentation units.
    public func indent(_ levels: Int) -> String {
        String(repeating: indentUnit, count: max(0, levels))
    }
}
