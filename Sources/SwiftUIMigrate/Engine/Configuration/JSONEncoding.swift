import Foundation

/// The encoding of a JSON text found as `JSONSerialization` finds it: RFC 8259 wants UTF-8, but Foundation reads
/// UTF-16 and UTF-32 too (Windows PowerShell's `>` writes UTF-16), so a configuration file it read still reads.
enum JSONEncoding {
    /// `bytes` in UTF-8: after a byte order mark (of UTF-8, UTF-16 or UTF-32), else in the encoding that the zero bytes
    /// beside the first (ASCII) characters show; nil when they are not text in that encoding.
    static func utf8(_ bytes: [UInt8]) -> [UInt8]? {
        let marks: [(bytes: [UInt8], encoding: String.Encoding)] = [
            ([0xEF, 0xBB, 0xBF], .utf8), ([0, 0, 0xFE, 0xFF], .utf32BigEndian), ([0xFF, 0xFE, 0, 0], .utf32LittleEndian),
            ([0xFF, 0xFE], .utf16LittleEndian), ([0xFE, 0xFF], .utf16BigEndian),
        ]
        var (encoding, start) = (String.Encoding.utf8, 0)
        if bytes.count >= 4, let mark = marks.first(where: { bytes.starts(with: $0.bytes) }) {
            (encoding, start) = (mark.encoding, mark.bytes.count)
        } else if bytes.count >= 4 {
            switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
            case (0, 0, 0, _): encoding = .utf32BigEndian
            case (_, 0, 0, 0): encoding = .utf32LittleEndian
            case (0, _, 0, _): encoding = .utf16BigEndian
            case (_, 0, _, 0): encoding = .utf16LittleEndian
            default: break
            }
        } else if bytes.count >= 2 {
            encoding = bytes[0] == 0 ? .utf16BigEndian : bytes[1] == 0 ? .utf16LittleEndian : .utf8
        }
        if encoding == .utf8 { return Array(bytes[start...]) }
        return String(bytes: bytes[start...], encoding: encoding).map { Array($0.utf8) }
    }
}
