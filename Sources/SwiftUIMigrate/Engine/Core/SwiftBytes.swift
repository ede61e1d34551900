/// A string literal being read before a parse: its `#`s and whether it is multi-line.
struct StringLiteralBytes {
    var hashes: Int
    var multiline: Bool
}

/// What a byte inside a string literal does to the reading.
enum LiteralByte {
    /// An interpolation opens: its `(` is at `next - 1`; the literal goes on after the matching `)`.
    case interpolation(next: Int)
    /// The literal closes; reading goes on at `next`.
    case closes(next: Int)
    /// A line end inside a one-line literal, which does not close it: the text does not compile.
    case brokenLine
    /// Nothing that ends the literal; reading goes on at `next`.
    case inside(next: Int)
}

/// Swift source read as bytes, for the passes that run before a parse (`NestingDepth`, `ElidedBodies`):
/// both pass over comments and the inside of string literals the same way, so they do it here.
extension UnsafeBufferPointer where Element == UInt8 {
    /// The byte at `index`, or 0 past the end.
    @inline(__always)
    func byte(_ index: Int) -> UInt8 { index < count ? self[index] : 0 }

    /// True when the `times` bytes from `index` are all `value` (a raw string's `#`s, a `"""`).
    @inline(__always)
    func repeats(_ value: UInt8, from index: Int, _ times: Int) -> Bool {
        (0..<times).allSatisfy { byte(index + $0) == value }
    }

    /// Where the `//` comment at `index` ends: at its line end, or at the end of the text.
    @inline(__always)
    func endOfLineComment(from index: Int) -> Int {
        var index = index
        while index < count && self[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    /// Where the comment that starts at `index` ends, and whether it closes (a `//` comment always does); nil when
    /// none starts there.
    @inline(__always)
    func comment(at index: Int) -> (end: Int, closes: Bool)? {
        let (slash, star) = (UInt8(ascii: "/"), UInt8(ascii: "*"))
        guard self[index] == slash else { return nil }
        switch byte(index + 1) {
        case slash: return (endOfLineComment(from: index), true)
        case star: return endOfBlockComment(from: index)
        default: return nil
        }
    }

    /// Where the `/* */` comment at `index` ends, nested comments included, and whether it closes.
    func endOfBlockComment(from index: Int) -> (end: Int, closes: Bool) {
        let (slash, star) = (UInt8(ascii: "/"), UInt8(ascii: "*"))
        var (index, level) = (index, 0)
        repeat {
            if byte(index) == slash && byte(index + 1) == star {
                level += 1
                index += 2
            } else if byte(index) == star && byte(index + 1) == slash {
                level -= 1
                index += 2
            } else {
                index += 1
            }
        } while level > 0 && index < count
        return (index, level == 0)
    }

    /// The `#`s at `index` (a `#` or a `"`) and the string literal they open (`"`, `"""`, `#"`…) with where its
    /// content starts; `literal` is nil when no quote follows them (`#if`, `#available`).
    @inline(__always)
    func literalOpening(at index: Int) -> (hashes: Int, literal: StringLiteralBytes?, next: Int) {
        let (quote, hash) = (UInt8(ascii: "\""), UInt8(ascii: "#"))
        var hashes = 0
        while byte(index + hashes) == hash { hashes += 1 }
        guard byte(index + hashes) == quote else { return (hashes, nil, index + max(hashes, 1)) }
        let multiline = repeats(quote, from: index + hashes, 3)
        return (hashes, StringLiteralBytes(hashes: hashes, multiline: multiline), index + hashes + (multiline ? 3 : 1))
    }

    /// What the byte at `index`, inside `literal`, does: only a backslash, a quote and a line end matter there.
    @inline(__always)
    func step(in literal: StringLiteralBytes, at index: Int) -> LiteralByte {
        let (quote, hash, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "\\"))
        let current = self[index]
        if current == backslash && repeats(hash, from: index + 1, literal.hashes) {
            let after = index + 1 + literal.hashes
            return byte(after) == UInt8(ascii: "(") ? .interpolation(next: after + 1) : .inside(next: after + 1)
        }
        if current == quote && (!literal.multiline || repeats(quote, from: index + 1, 2))
            && repeats(hash, from: index + (literal.multiline ? 3 : 1), literal.hashes) {
            return .closes(next: index + (literal.multiline ? 3 : 1) + literal.hashes)
        }
        if current == UInt8(ascii: "\n") && !literal.multiline { return .brokenLine }
        return .inside(next: nextInLiteral(after: index))
    }

    /// Inside a string literal, the first byte after `index` that matters there: a backslash, a quote or a
    /// line end (or the end of the text).
    @inline(__always)
    func nextInLiteral(after index: Int) -> Int {
        var index = index + 1
        while index < count && self[index] != UInt8(ascii: "\\") && self[index] != UInt8(ascii: "\"") && self[index] != UInt8(ascii: "\n") {
            index += 1
        }
        return index
    }
}
