/// Maps offsets in a text after a set of edits back to offsets in the text before them.
///
/// Findings of a later fixpoint pass are reported at their place in the
/// original file: an offset outside every edit moves by the edits before it;
/// one inside an edit's replacement maps to the start of the edited range.
struct OffsetMap: Sendable {
    /// (start in new text, end in new text, original range) per applied edit, in order.
    private var spans: [(newStart: Int, newEnd: Int, original: Range<Int>)] = []

    init(appliedEdits: [ByteEdit]) {
        var delta = 0
        for edit in appliedEdits {
            let newStart = edit.range.lowerBound + delta
            let newEnd = newStart + edit.replacement.utf8.count
            spans.append((newStart, newEnd, edit.range))
            delta += edit.replacement.utf8.count - edit.range.count
        }
    }

    /// The offset in the text before the edits that `offset` (after them) came from.
    func originalOffset(_ offset: Int) -> Int {
        // The spans are disjoint and in order, so only the last one starting at or before
        // `offset` can hold it; the ones before it only shift it.
        let count = spans.prefixCount { $0.newStart <= offset }
        guard count > 0 else { return offset }
        let span = spans[count - 1]
        if offset < span.newEnd { return span.original.lowerBound }
        return offset - (span.newEnd - span.original.upperBound)
    }

    /// The range of the text before the edits that `range` (after them) came from, widened to
    /// whole edits: a bound inside an edit's replacement moves out to that edit's original bound.
    func originalRange(_ range: Range<Int>) -> Range<Int> {
        let lower = originalOffset(range.lowerBound)
        var upper = range.upperBound
        // An upper bound at a span's start is before it; one past the start and up to its end is in it.
        let count = spans.prefixCount { $0.newStart < upper }
        if count > 0 {
            let span = spans[count - 1]
            upper = upper <= span.newEnd ? span.original.upperBound : upper - (span.newEnd - span.original.upperBound)
        }
        return min(lower, upper)..<upper
    }
}
