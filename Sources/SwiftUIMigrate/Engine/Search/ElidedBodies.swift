/// A file's text with the `{ … }` bodies a lookup of one name cannot reach blanked, for the module
/// index to parse instead of the whole file: a view constructed in one body of a large file, or a
/// struct declared beside others, costs the parse of what holds it, not of every other body.
///
/// A body is blanked when neither it nor its header (the text since the brace before its `{`)
/// holds the name's bytes; with `wholeDeclarations`, nothing inside a body whose header holds the
/// name is blanked either (`struct Panel { … }` whole, for its members and their code). Blanked
/// bytes become spaces, line ends kept, so every kept node has the offset, line and column it has
/// in the file. Comments and string literals (raw and multi-line, with their interpolations) are
/// read as the parser reads them; a text whose braces do not pair that way gets nil (parse it whole).
enum ElidedBodies {
    /// `bytes` with the bodies that cannot hold `name` blanked; nil when none is, or the braces
    /// do not pair.
    static func text(_ bytes: [UInt8], keeping name: String, wholeDeclarations: Bool) -> [UInt8]? {
        let occurrences = bytes.withUnsafeBufferPointer { buffer in
            var found: [Int] = []
            var start = 0
            while let at = ByteSearch.firstOffset(of: name, in: buffer, from: start) {
                found.append(at)
                start = at + 1
            }
            return found
        }
        /// True when an occurrence of the name starts in `range`.
        func holdsName(_ range: Range<Int>) -> Bool {
            let first = occurrences.prefixCount(where: { $0 < range.lowerBound })
            return first < occurrences.count && occurrences[first] < range.upperBound
        }
        guard let bodies = bodies(in: bytes, blanking: { header, body in
            if holdsName(header) { return wholeDeclarations ? .keepWhole : .keep }
            return holdsName(body) ? .keep : .blank
        }), !bodies.isEmpty else { return nil }
        var text = bytes
        for body in bodies {
            for index in body where text[index] != UInt8(ascii: "\n") && text[index] != UInt8(ascii: "\r") {
                text[index] = UInt8(ascii: " ")
            }
        }
        return text
    }

    /// True for the bytes `bodies` reads outside string literals: `/ # " ( ) { }`.
    @inline(__always)
    private static func isMark(_ byte: UInt8) -> Bool {
        // One bit per byte below 128, in two words.
        let low: UInt64 = 1 << 0x22 | 1 << 0x23 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2F
        let high: UInt64 = 1 << (0x7B - 64) | 1 << (0x7D - 64)
        if byte < 64 { return low >> UInt64(byte) & 1 == 1 }
        return byte < 128 && high >> UInt64(byte - 64) & 1 == 1
    }

    /// What becomes of one body.
    private enum Choice {
        /// Blanked, with all it holds.
        case blank
        /// Kept; bodies inside it may be blanked.
        case keep
        /// Kept with all it holds.
        case keepWhole
    }

    /// The outermost bodies `choose` blanks (it is given each body's header and body, inner bodies
    /// first), in order; nil when the braces, parentheses of interpolations, comments or literals
    /// of `bytes` do not close.
    private static func bodies(in bytes: [UInt8], blanking choose: (Range<Int>, Range<Int>) -> Choice) -> [Range<Int>]? {
        bytes.withUnsafeBufferPointer { text -> [Range<Int>]? in
            let count = text.count
            let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
            /// An open `{` (with where its header starts and how many bodies were blanked before it),
            /// `(`, or an interpolation (`i`, with the literal it returns to).
            struct Opener {
                var kind: UInt8
                var at = 0
                var header = 0
                var blankedBefore = 0
                var literal: StringLiteralBytes?
            }
            var open: [Opener] = []
            var blanked: [Range<Int>] = []
            var literal: StringLiteralBytes?
            var lastBrace = 0
            var index = 0
            while index < count {
                if literal == nil {
                    // Bytes no case below reads (letters, digits, spaces…) are passed over at once.
                    while index < count && !isMark(text[index]) { index += 1 }
                    if index == count { break }
                }
                let current = text[index]
                if let string = literal {
                    switch text.step(in: string, at: index) {
                    case .interpolation(let next):
                        open.append(Opener(kind: UInt8(ascii: "i"), literal: string))
                        literal = nil
                        index = next
                    case .closes(let next):
                        literal = nil
                        index = next
                    case .brokenLine:
                        return nil
                    case .inside(let next):
                        index = next
                    }
                    continue
                }
                if let comment = text.comment(at: index) {
                    if !comment.closes { return nil }
                    index = comment.end
                    continue
                }
                switch current {
                case hash, quote:
                    let opening = text.literalOpening(at: index)
                    literal = opening.literal
                    index = opening.next
                    continue
                case UInt8(ascii: "("):
                    open.append(Opener(kind: current))
                case UInt8(ascii: "{"):
                    open.append(Opener(kind: current, at: index, header: lastBrace, blankedBefore: blanked.count))
                    lastBrace = index + 1
                case UInt8(ascii: ")"):
                    guard let top = open.popLast(), top.kind != UInt8(ascii: "{") else { return nil }
                    if top.kind == UInt8(ascii: "i") { literal = top.literal }
                case UInt8(ascii: "}"):
                    guard let top = open.popLast(), top.kind == UInt8(ascii: "{") else { return nil }
                    let body = top.at + 1..<index
                    switch choose(top.header..<top.at, body) {
                    case .blank:
                        blanked.removeSubrange(top.blankedBefore...)
                        blanked.append(body)
                    case .keepWhole:
                        blanked.removeSubrange(top.blankedBefore...)
                    case .keep:
                        break
                    }
                    lastBrace = index + 1
                default:
                    break
                }
                index += 1
            }
            guard literal == nil, open.isEmpty else { return nil }
            return blanked
        }
    }
}
