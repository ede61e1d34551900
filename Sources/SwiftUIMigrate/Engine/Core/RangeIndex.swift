/// Byte ranges of one text, each with a value, found again by where they lie.
///
/// The engine asks, per edit or per finding, which of many ranges lie near one range: which
/// accepted edits an edit may overlap, which findings stand inside a rewritten span. Asking every
/// range each time makes a file dense with sites cost the square of its sites; this index files
/// each range under the fixed-width blocks of the text it covers and looks only in the blocks the
/// asked range covers, so the cost follows the ranges that are actually near.
struct RangeIndex<Value> {
    /// Bytes per block: a site's edits span one or two, a whole rewritten Group a few.
    private static var blockWidth: Int { 1024 }

    private var blocks: [Int: [(range: Range<Int>, value: Value)]] = [:]

    /// Files `range` (an empty range is a point) with `value`.
    mutating func insert(_ range: Range<Int>, _ value: Value) {
        for block in Self.blocks(of: range) {
            blocks[block, default: []].append((range, value))
        }
    }

    /// Every filed range that shares a byte, or a point, with `range`'s blocks: a superset of the
    /// ranges that overlap or touch `range`, for the caller to check exactly. A range filed under
    /// several blocks may come more than once.
    func candidates(near range: Range<Int>) -> [(range: Range<Int>, value: Value)] {
        Self.blocks(of: range).flatMap { blocks[$0] ?? [] }
    }

    /// The blocks holding `range`, from the one of its first byte to the one of its end (so an
    /// insertion at either bound and a range starting where it ends are in a common block).
    private static func blocks(of range: Range<Int>) -> ClosedRange<Int> {
        (range.lowerBound / blockWidth)...(range.upperBound / blockWidth)
    }
}
