import SwiftUIMigrate

/// How an LSP `Position.character` counts: UTF-8 bytes when the client offers it (no conversion,
/// the engine's own unit), else UTF-16 code units, the protocol's default.
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"

    /// The encoding to use with a client that lists `offered` (`general.positionEncodings`):
    /// UTF-8 when offered, else UTF-16, which every client supports.
    static func negotiated(offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }
}

/// A document's line starts, for turning UTF-8 offsets into LSP positions and back.
struct DocumentLines {
    let bytes: [UInt8]
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        self.starts = starts
    }

    /// The 0-based line and character of the UTF-8 `offset`, `character` counted in `encoding`.
    func position(of offset: Int, in encoding: PositionEncoding) -> (line: Int, character: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let lineStart = starts[low]
        switch encoding {
        case .utf8:
            return (low, offset - lineStart)
        case .utf16:
            var units = 0
            var index = lineStart
            while index < offset {
                let byte = bytes[index]
                // A lead byte starts a scalar: four-byte scalars are two UTF-16 units, the rest one.
                if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
                index += 1
            }
            return (low, units)
        }
    }

    /// The UTF-8 offset of the 0-based `line` and `character` (in `encoding`), clamped to the line
    /// (a character past its end means its end, as the protocol says).
    func offset(line: Int, character: Int, in encoding: PositionEncoding) -> Int {
        guard line >= 0 else { return 0 }
        guard line < starts.count else { return bytes.count }
        let lineStart = starts[line]
        var lineEnd = line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count
        if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        switch encoding {
        case .utf8:
            return min(lineStart + max(character, 0), lineEnd)
        case .utf16:
            var units = 0
            var index = lineStart
            while index < lineEnd && units < character {
                let byte = bytes[index]
                units += byte >= 0xF0 ? 2 : 1
                index += 1
                while index < lineEnd && bytes[index] & 0xC0 == 0x80 { index += 1 }
            }
            return index
        }
    }

    /// The UTF-8 offsets of an LSP range (`start` and `end` positions in `encoding`).
    func offsets(of range: LSPRange, in encoding: PositionEncoding) -> ClosedRange<Int> {
        let lower = offset(line: range.startLine, character: range.startCharacter, in: encoding)
        let upper = offset(line: range.endLine, character: range.endCharacter, in: encoding)
        return min(lower, upper)...max(lower, upper)
    }
}
