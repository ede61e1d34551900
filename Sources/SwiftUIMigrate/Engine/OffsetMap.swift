/// Maps offsets in a text after a set of edits back to offsets in the text before them.
///
/// Findings of a later fixpoint pass are reported at their place in the
/// original file: an offset outside every edit moves by the edits before it;
/// one inside an edit's replacement maps to the start of the edited range.
struct OffsetMap: Sendable {
    /// (start in new text, end in new text, original range) per applied edit, in order.
    private var spans: [(newStart: Int, newEnd: Int, original: Range<Int>)] = []

    init(appliedEdits: [SourceEdit]) {
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
        var delta = 0
        for span in spans {
            if offset < span.newStart { break }
            if offset < span.newEnd { return span.original.lowerBound }
            delta = span.newEnd - span.original.upperBound
        }
        return offset - delta
    }
}

extension OffsetMap {
    /// The range of the text before the edits that `range` (after them) came from, widened to
    /// whole edits: a bound inside an edit's replacement moves out to that edit's original bound.
    func originalRange(_ range: Range<Int>) -> Range<Int> {
        var lower = originalOffset(range.lowerBound)
        var upper = range.upperBound
        var delta = 0
        var mappedUpper: Int?
        for span in spans {
            if upper < span.newStart { break }
            if upper > span.newStart && upper <= span.newEnd {
                mappedUpper = span.original.upperBound
                break
            }
            if upper == span.newStart { break }
            delta = span.newEnd - span.original.upperBound
        }
        upper = mappedUpper ?? upper - delta
        lower = min(lower, upper)
        return lower..<upper
    }
}
