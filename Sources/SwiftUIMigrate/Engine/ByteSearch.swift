#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over raw bytes, used to skip files before parsing them.
public enum ByteSearch {
    /// True when `bytes` contains the UTF-8 of `word`.
    ///
    /// memchr (vectorised in libc) jumps to each occurrence of the word's rarest byte — an
    /// uppercase letter or a rare lowercase one, by a rough ranking of source code — and only
    /// there is the whole word compared. Searching for the first byte instead would stop at
    /// every "." of the source for a word like ".task".
    public static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        bytes.withUnsafeBufferPointer { firstOffset(of: word, in: $0) != nil }
    }

    /// The offset of the first occurrence of the UTF-8 of `word` in `haystack` at or after `start`,
    /// found as `contains` finds it; nil when there is none.
    public static func firstOffset(of word: String, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        var word = word
        return word.withUTF8 { pattern in
            let length = pattern.count
            guard length > 0 else { return start }
            guard let base = haystack.baseAddress, haystack.count - start >= length else { return nil }
            let pivot = rarestIndex(pattern)
            let pivotByte = Int32(pattern[pivot])
            // The pivot byte of a match lies in start + pivot ..< count - (length - pivot) + 1.
            var position = start + pivot
            let end = haystack.count - (length - 1 - pivot)
            while position < end {
                guard let hit = memchr(base + position, pivotByte, end - position) else { return nil }
                let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + found - pivot, pattern.baseAddress!, length) == 0 { return found - pivot }
                position = found + 1
            }
            return nil
        }
    }

    /// The index of the byte of `pattern` least likely to occur in source code.
    private static func rarestIndex(_ pattern: UnsafeBufferPointer<UInt8>) -> Int {
        func rarity(_ byte: UInt8) -> Int {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                return byte == UInt8(ascii: "S") || byte == UInt8(ascii: "T") ? 2 : 3
            case UInt8(ascii: "j"), UInt8(ascii: "k"), UInt8(ascii: "q"), UInt8(ascii: "x"), UInt8(ascii: "z"),
                 UInt8(ascii: "@"), UInt8(ascii: "#"), 0x80...:
                return 3
            case UInt8(ascii: "b"), UInt8(ascii: "v"), UInt8(ascii: "w"), UInt8(ascii: "y"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return 1
            default:
                return 0
            }
        }
        var best = 0
        for index in pattern.indices where rarity(pattern[index]) > rarity(pattern[best]) { best = index }
        return best
    }

    /// The words of `words` a search for any of them needs: no duplicates, and no word that
    /// contains another one (a text holding ".onAppear" holds "onAppear").
    public static func essentialWords(_ words: [String]) -> [String] {
        var kept: [String] = []
        for word in Set(words).sorted(by: { ($0.utf8.count, $0) < ($1.utf8.count, $1) })
        where !kept.contains(where: { word.utf8.count > 0 && contains(Array(word.utf8), $0) }) {
            kept.append(word)
        }
        return kept
    }

    /// True when `bytes` hold `word` as a whole identifier: neither the byte before an occurrence nor
    /// the one after it continues an identifier (`Group {` and `SwiftUI.Group` hold `Group`;
    /// `DispatchGroup` and `GroupBox` do not).
    public static func containsIdentifier(_ bytes: [UInt8], _ word: String) -> Bool {
        var found = false
        forEachIdentifier(word, in: bytes) { _ in
            found = true
            return false
        }
        return found
    }

    /// The offsets of every occurrence of `word` as a whole identifier in `bytes` (as `containsIdentifier`
    /// tells one), in order; in comments and strings too.
    public static func identifierOffsets(_ bytes: [UInt8], _ word: String) -> [Int] {
        var offsets: [Int] = []
        forEachIdentifier(word, in: bytes) { offset in
            offsets.append(offset)
            return true
        }
        return offsets
    }

    /// Calls `body` with the offset of each whole-identifier occurrence of `word`, in order, while it returns true.
    private static func forEachIdentifier(_ word: String, in bytes: [UInt8], _ body: (Int) -> Bool) {
        let length = word.utf8.count
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while let found = firstOffset(of: word, in: buffer, from: start) {
                let end = found + length
                if (found == 0 || !isIdentifierByte(buffer[found - 1])) && (end == buffer.count || !isIdentifierByte(buffer[end])) {
                    guard body(found) else { return }
                }
                start = found + 1
            }
        }
    }

    /// True for a byte that may continue a Swift identifier (a letter, digit, `_`, or part of a
    /// non-ASCII character).
    public static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// True when `bytes` contains any of `words`.
    public static func containsAny(_ bytes: [UInt8], _ words: [String]) -> Bool {
        words.contains { contains(bytes, $0) }
    }
}
