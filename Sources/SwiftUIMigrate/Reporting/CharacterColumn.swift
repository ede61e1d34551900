/// Columns counted in Unicode scalars — what SARIF's `unicodeCodePoints` column kind and
/// GitHub's annotations mean, and what `JSONSyntaxError` names — rather than the UTF-8 bytes `Finding.column` counts.
public enum CharacterColumn {
    /// The 1-based column, in Unicode scalars, of byte `offset` of `bytes`.
    public static func column(of offset: Int, in bytes: [UInt8]) -> Int {
        let end = min(max(offset, 0), bytes.count)
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        // Every scalar has exactly one byte that is not a continuation byte (10xxxxxx).
        return bytes[start..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }
}
