/// How deeply a text nests, measured on its bytes before it is parsed: SwiftParser overflows the
/// stack or takes exponential time on some nestings it is given, so a text past `limits` is
/// skipped instead (`NestingExcess`).
///
/// The pass knows comments, string literals (raw and multi-line) and their interpolations, so a
/// `[` in a comment or a string counts for nothing and a `\(` counts as the parenthesis it opens.
/// Three depths are measured (SwiftSyntax 603, both modes, measured in a debug build of the tool):
/// - `deepest`, of `(`, `[`, `{` and `\(` together: past the parser's own nesting limit (256) its
///   lookahead still recurses — nested string interpolations take 1.7 s at 250 levels and 15 s at 500.
/// - `deepestSquare`, the `[` among them: the parser's type-or-expression lookahead tries each
///   `[` both ways, doubling the time with each level (`[(a,` 12 levels 0.5 s, 14 levels 1.9 s,
///   16 levels 5.4 s; `[[…]]` 22 levels 15 s) and overflowing the stack at a few thousand.
/// - `deepestAngle`, of `<` written straight after a name (`A<B<C<…`, a generic argument list)
///   until a `>`, `{`, `}` or `;`: 1,000 levels take 2.5 s and 2,000 overflow a 16 MB stack.
/// - `deepestConditional`, of `#if` until its `#endif`: 5,000 levels overflow a 16 MB stack in package
///   mode (toolchain mode took 3 s; 3,000 took 2 s in both).
public struct NestingDepth: Sendable, Equatable {
    /// The deepest nesting of `(`, `[`, `{` and string interpolations together.
    public private(set) var deepest = 0
    /// The most `[` open at once.
    public private(set) var deepestSquare = 0
    /// The longest run of unclosed `<` written straight after a name.
    public private(set) var deepestAngle = 0
    /// The deepest nesting of `#if` blocks.
    public private(set) var deepestConditional = 0

    /// The depths past which a text is not parsed.
    public enum Limit {
        /// SwiftParser's own `maximumNestingLevel`: deeper code is a syntax error to it anyway.
        public static let nesting = 256
        /// 8 levels of the worst `[` measured (`[(a,` up to the nesting limit with `(a,`, then 256
        /// `A<`) parse in 2.5 s in a debug build; 10 levels took 6.8 s.
        public static let square = 8
        /// A quarter of the depth that overflowed a worker's 16 MB stack; 0.2 s to parse.
        public static let angle = 256
        /// As for the others: far below the 5,000 that overflowed a worker's stack.
        public static let conditional = 256
    }

    /// The depths of `bytes`.
    public init(measuring bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { measure($0) }
    }

    /// What is too deep to parse in the text, the first of nesting, `[`, `<` and `#if`; nil when nothing is.
    public var excess: NestingExcess? {
        if deepest > Limit.nesting { return .nesting(deepest) }
        if deepestSquare > Limit.square { return .squareBrackets(deepestSquare) }
        if deepestAngle > Limit.angle { return .angleBrackets(deepestAngle) }
        if deepestConditional > Limit.conditional { return .conditionals(deepestConditional) }
        return nil
    }

    /// True for the bytes `measure` reads outside string literals: `/ # " ( [ { ) ] } < > ;`.
    @inline(__always)
    private static func isMark(_ byte: UInt8) -> Bool {
        // One bit per byte below 128, in two words.
        let low: UInt64 = 1 << 0x22 | 1 << 0x23 | 1 << 0x28 | 1 << 0x29 | 1 << 0x2F | 1 << 0x3B | 1 << 0x3C | 1 << 0x3E
        let high: UInt64 = 1 << (0x5B - 64) | 1 << (0x5D - 64) | 1 << (0x7B - 64) | 1 << (0x7D - 64)
        if byte < 64 { return low >> UInt64(byte) & 1 == 1 }
        return byte < 128 && high >> UInt64(byte - 64) & 1 == 1
    }

    /// The offset of the first byte `isMark` takes at or after `index` in `text`, or its count: sixteen bytes
    /// at a time (vector compares, each against a vector: against a scalar they compile to a loop over the lanes),
    /// which halves the cost of passing over names, spaces and words; the last bytes one at a time.
    @inline(__always)
    private static func nextMark(in text: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        let count = text.count
        if let base = text.baseAddress {
            // `[` `]` become `{` `}` with the 0x20 bit; `"` `#` and `(` `)` differ only in the lowest bit.
            let (bit20, notLowest) = (SIMD16<UInt8>(repeating: 0x20), SIMD16<UInt8>(repeating: 0xFE))
            let (open, close, quoteOrHash) = (SIMD16<UInt8>(repeating: 0x7B), SIMD16<UInt8>(repeating: 0x7D), SIMD16<UInt8>(repeating: 0x22))
            let (parenthesis, slash, semicolon) = (SIMD16<UInt8>(repeating: 0x28), SIMD16<UInt8>(repeating: 0x2F), SIMD16<UInt8>(repeating: 0x3B))
            let (less, greater) = (SIMD16<UInt8>(repeating: 0x3C), SIMD16<UInt8>(repeating: 0x3E))
            while index + 16 <= count {
                let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let folded = chunk | bit20, paired = chunk & notLowest
                let marks = (folded .== open) .| (folded .== close) .| (paired .== quoteOrHash) .| (paired .== parenthesis)
                    .| (chunk .== slash) .| (chunk .== semicolon) .| (chunk .== less) .| (chunk .== greater)
                // A lane that holds a mark is all ones: the first one's bits are the lowest set in the words.
                let words = unsafeBitCast(marks, to: SIMD2<UInt64>.self)
                if words[0] != 0 { return index + words[0].littleEndian.trailingZeroBitCount / 8 }
                if words[1] != 0 { return index + 8 + words[1].littleEndian.trailingZeroBitCount / 8 }
                index += 16
            }
        }
        while index < count && !isMark(text[index]) { index += 1 }
        return index
    }

    private mutating func measure(_ text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
        /// The openers, with `i` for an interpolation, which returns to the string on `interrupted`.
        var open: [UInt8] = []
        var interrupted: [StringLiteralBytes] = []
        var string: StringLiteralBytes?
        var (square, angle, conditional) = (0, 0, 0)
        /// True when the word `word` starts at `index` and no identifier goes on after it.
        func isWord(_ word: StaticString, at index: Int) -> Bool {
            let length = word.utf8CodeUnitCount
            let matches = (0..<length).allSatisfy { text.byte(index + $0) == word.utf8Start[$0] }
            return matches && !ByteSearch.isIdentifierByte(text.byte(index + length))
        }
        var index = 0
        while index < count {
            if string == nil {
                // Bytes no case below reads (letters, digits, spaces…) are passed over at once.
                index = Self.nextMark(in: text, from: index)
                if index == count { break }
            }
            let current = text[index]
            if let literal = string {
                switch text.step(in: literal, at: index) {
                case .interpolation(let next):
                    interrupted.append(literal)
                    string = nil
                    open.append(UInt8(ascii: "i"))
                    deepest = max(deepest, open.count)
                    index = next
                case .closes(let next):
                    string = nil
                    index = next
                case .brokenLine:
                    string = nil
                    index += 1
                case .inside(let next):
                    index = next
                }
                continue
            }
            if let comment = text.comment(at: index) {
                index = comment.end
                continue
            }
            switch current {
            case hash, quote:
                let opening = text.literalOpening(at: index)
                if opening.literal == nil && current == hash && opening.hashes == 1 {
                    if isWord("if", at: index + 1) {
                        conditional += 1
                        deepestConditional = max(deepestConditional, conditional)
                    } else if isWord("endif", at: index + 1) {
                        conditional = max(0, conditional - 1)
                    }
                }
                string = opening.literal
                index = opening.next
                continue
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(current)
                deepest = max(deepest, open.count)
                if current == UInt8(ascii: "[") {
                    square += 1
                    deepestSquare = max(deepestSquare, square)
                }
                if current == UInt8(ascii: "{") { angle = 0 }
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opener = current == UInt8(ascii: ")") ? UInt8(ascii: "(") : current - 2  // `]` and `}` follow theirs by two
                // A closer without its opener on top closes down to it (broken code); one with none is ignored.
                if let top = open.last, top == opener || (opener == UInt8(ascii: "(") && top == UInt8(ascii: "i")) {
                    // The opener on top, as in code that compiles: closed without a search.
                    if top == UInt8(ascii: "[") { square -= 1 }
                    if top == UInt8(ascii: "i") { string = interrupted.removeLast() }
                    open.removeLast()
                } else if let at = open.lastIndex(where: { $0 == opener || (opener == UInt8(ascii: "(") && $0 == UInt8(ascii: "i")) }) {
                    for closed in open[at...] where closed == UInt8(ascii: "[") { square -= 1 }
                    if open[at] == UInt8(ascii: "i") { string = interrupted.removeLast() }
                    open.removeSubrange(at...)
                }
                if current == UInt8(ascii: "}") { angle = 0 }
            case UInt8(ascii: "<") where index > 0 && ByteSearch.isIdentifierByte(text[index - 1]):
                angle += 1
                deepestAngle = max(deepestAngle, angle)
            case UInt8(ascii: ">") where angle > 0 && text[index - 1] != UInt8(ascii: "-"):
                angle -= 1
            case UInt8(ascii: ";"):
                angle = 0
            default:
                break
            }
            index += 1
        }
    }
}

/// Why a text is too deep to parse: the depth measured, past its `NestingDepth.Limit`.
public enum NestingExcess: Sendable, Equatable, CustomStringConvertible {
    /// `(`, `[`, `{` and string interpolations nested this deep.
    case nesting(Int)
    /// This many `[` open at once.
    case squareBrackets(Int)
    /// This many `<` of generic arguments open at once.
    case angleBrackets(Int)
    /// This many `#if` blocks nested.
    case conditionals(Int)
}

extension NestingExcess {
    /// What is too deep, and the limit: "nests '[' 5000 deep, past the 8 levels the parser takes in time".
    public var description: String {
        switch self {
        case .nesting(let depth):
            "nests brackets \(depth) deep, past the \(NestingDepth.Limit.nesting) levels the parser takes"
        case .squareBrackets(let depth):
            "nests '[' \(depth) deep, past the \(NestingDepth.Limit.square) levels the parser takes in time"
        case .angleBrackets(let depth):
            "nests generic '<' \(depth) deep, past the \(NestingDepth.Limit.angle) levels the parser takes"
        case .conditionals(let depth):
            "nests #if \(depth) deep, past the \(NestingDepth.Limit.conditional) levels the parser takes"
        }
    }
}
