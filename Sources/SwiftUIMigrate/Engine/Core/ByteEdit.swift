/// A byte range of a file's UTF-8 text and the bytes that replace it (not SwiftSyntax's `SourceEdit`,
/// which `RememberingCheck` makes from it for an incremental parse).
///
/// Rules never hand back rewritten trees: every change is an edit, so the
/// preview, the write, conflict handling and the summary all share one value,
/// and bytes no edit touches stay identical.
public struct ByteEdit: Hashable, Sendable, Codable {
    /// The UTF-8 byte offsets replaced, in the text the rule saw.
    public var range: Range<Int>
    /// The UTF-8 text put in place of `range`.
    public var replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// An insertion of `text` before byte `offset`.
    public static func insert(_ text: String, at offset: Int) -> ByteEdit {
        ByteEdit(range: offset..<offset, replacement: text)
    }

    /// True when the two edits touch a common byte, or insert at the same place.
    public func overlaps(_ other: ByteEdit) -> Bool {
        if range.isEmpty || other.range.isEmpty {
            if range.isEmpty && other.range.isEmpty { return range.lowerBound == other.range.lowerBound }
            let point = range.isEmpty ? range.lowerBound : other.range.lowerBound
            let span = range.isEmpty ? other.range : range
            return point > span.lowerBound && point < span.upperBound
        }
        return range.overlaps(other.range)
    }
}
