#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over raw bytes, used to skip files before parsing them.
public enum ByteSearch {
    /// True when `bytes` contains the UTF-8 of `word`.
    ///
    /// memchr (vectorised in libc) jumps to each occurrence of the word's rarest byte — by how
    /// often each byte occurs in Swift source (`rarestIndex`) — and only there is the whole
    /// word compared. Searching for the first byte instead would stop at every "." of the source
    /// for a word like ".task".
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

    /// The index of the byte of `pattern` least likely to occur in source code (the first of the rarest):
    /// memchr stops at every occurrence of the pivot, so `if` is searched by its `f` and `SearchView` by
    /// its `V`, not by the `i` or the `S` met every few dozen bytes.
    private static func rarestIndex(_ pattern: UnsafeBufferPointer<UInt8>) -> Int {
        func frequency(_ byte: UInt8) -> UInt16 { byte < 128 ? sourceFrequencies[Int(byte)] : 1 }
        var best = 0
        for index in pattern.indices where frequency(pattern[index]) < frequency(pattern[best]) { best = index }
        return best
    }

    /// How often each ASCII byte occurs in Swift source, in hundredths of a percent (at least 1): measured
    /// on the .swift files of the eight apps of CORPUS.md (20 MB), where a space is 27.6% of the bytes, an
    /// `e` 7.2%, an `S` 0.68% and a `V` 0.27%.
    private static let sourceFrequencies: [UInt16] = [
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 277, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        2760, 5, 43, 3, 3, 1, 3, 2, 94, 94, 2, 2, 53, 14, 148, 58,
        21, 13, 11, 4, 4, 3, 3, 2, 2, 1, 107, 1, 4, 51, 10, 19,
        7, 34, 20, 51, 25, 21, 22, 7, 8, 42, 2, 6, 26, 25, 17, 15,
        32, 2, 25, 68, 36, 23, 27, 6, 1, 1, 1, 9, 4, 9, 1, 22,
        4, 427, 67, 211, 207, 720, 115, 121, 97, 423, 5, 37, 298, 126, 372, 387,
        149, 7, 398, 329, 543, 183, 71, 66, 27, 77, 10, 53, 2, 53, 1, 1
    ]

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
