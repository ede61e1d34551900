#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over raw bytes, used to skip files before parsing them.
public enum ByteSearch {
    /// True when `bytes` contains the UTF-8 of `word`.
    public static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard !needle.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                guard let base = haystack.baseAddress, let first = pattern.first, haystack.count >= pattern.count else {
                    return false
                }
                let last = haystack.count - pattern.count
                var start = 0
                while start <= last {
                    guard let hit = memchr(base + start, Int32(first), last - start + 1) else { return false }
                    let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + position, pattern.baseAddress!, pattern.count) == 0 { return true }
                    start = position + 1
                }
                return false
            }
        }
    }

    /// True when `bytes` contains any of `words`.
    public static func containsAny(_ bytes: [UInt8], _ words: [String]) -> Bool {
        words.contains { contains(bytes, $0) }
    }
}
