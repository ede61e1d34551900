#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// What follows `prefix` when the string starts with it; nil otherwise.
    ///
    /// Compared on the UTF-8 bytes: `hasPrefix` and `dropFirst` walk grapheme clusters, several times the
    /// cost, and a run asks this of every path it meets. Where the bytes first differ and one of the two
    /// is not ASCII, it compares as `hasPrefix` does (canonical equivalence), so a folder name composed in
    /// one path and decomposed in the other is still the same folder; two different ASCII bytes never begin
    /// canonically equal text, so that costs nothing in the common case.
    public func remainder(after prefix: String) -> String? {
        switch startsWithBytes(of: prefix) {
        case true?: return String(Substring(utf8.dropFirst(prefix.utf8.count)))
        case false?: return nil
        case nil: return hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
        }
    }

    /// True when the string's UTF-8 bytes start with those of `prefix`, false when they differ at an ASCII
    /// byte of both (so the texts differ however compared), nil when they first differ where one is not
    /// ASCII (ask `hasPrefix`: the texts may still be canonically equal).
    public func startsWithBytes(of prefix: String) -> Bool? {
        var text = self
        var start = prefix
        return text.withUTF8 { bytes in
            start.withUTF8 { head in
                // The common answer in one comparison of the bytes; only a difference is looked at byte by byte.
                if head.isEmpty || head.count <= bytes.count && memcmp(bytes.baseAddress!, head.baseAddress!, head.count) == 0 { return true }
                for index in head.indices {
                    guard index < bytes.count else { return head[index] < 0x80 ? false : nil }
                    if bytes[index] != head[index] { return bytes[index] < 0x80 && head[index] < 0x80 ? false : nil }
                }
                return true
            }
        }
    }
}
