/// Which finding a rewrite belongs to: its rule and its offset in the original file.
struct FindingKey: Hashable, Sendable {
    var rule: String
    var offset: Int
}

/// Turns the edits applied over a fixpoint's passes into one set of non-overlapping edits of
/// the original text, each carried by exactly one finding.
///
/// A later pass edits the text an earlier pass produced, so its edits cannot be reported as
/// they are: they would overlap the earlier ones, and applying every reported fix at once
/// (as a SARIF consumer or `--interactive` does) would not give what `apply` writes. Each
/// applied edit is mapped back to the original text, edits that overlap or touch are merged
/// into one span, and each span is replaced by the final text's bytes for it. A span belongs
/// to the first finding (by position) that contributed to it; the others that contributed
/// keep their place in the report without edits, saying which finding carries their fix.
struct FixAttribution {
    /// One applied edit group: whose it is, and its edits in the text of its pass.
    struct AppliedGroup {
        var owner: FindingKey
        var edits: [ByteEdit]
    }

    private struct Pass {
        var groups: [AppliedGroup]
        var appliedEdits: [ByteEdit]
        /// Maps this pass's output back to its input.
        var map: OffsetMap
        /// `shifts[k]`: how many bytes the first `k` applied edits add (negative: remove).
        var shifts: [Int]

        init(groups: [AppliedGroup], appliedEdits: [ByteEdit]) {
            self.groups = groups
            self.appliedEdits = appliedEdits
            self.map = OffsetMap(appliedEdits: appliedEdits)
            var shifts = [0]
            for edit in appliedEdits { shifts.append(shifts[shifts.count - 1] + edit.replacement.utf8.count - edit.range.count) }
            self.shifts = shifts
        }

        /// Where byte `offset` of this pass's input is in its output. `atStart`: the offset
        /// starts a span, so an insertion exactly there goes after it (it belongs to the span);
        /// otherwise the offset ends a span and an insertion there comes before it.
        func shifted(_ offset: Int, atStart: Bool) -> Int {
            // The applied edits are in order and disjoint, so both their starts and their ends
            // rise: the edits before `offset` are a prefix, found by binary search.
            let before = appliedEdits.prefixCount { edit in
                atStart ? edit.range.upperBound <= offset && edit.range.lowerBound < offset : edit.range.upperBound <= offset
            }
            return offset + shifts[before]
        }
    }

    private var passes: [Pass] = []

    /// The keys of every finding whose edits were applied in some pass.
    private(set) var contributors: Set<FindingKey> = []

    /// Records one pass: the groups it applied (edits in the pass's input text).
    mutating func record(groups: [AppliedGroup], appliedEdits: [ByteEdit]) {
        passes.append(Pass(groups: groups, appliedEdits: appliedEdits))
        for group in groups { contributors.insert(group.owner) }
    }

    /// The range of the original text that `range` of the current text (after every recorded
    /// pass) came from, widened to whole edits.
    func originalRange(_ range: Range<Int>) -> Range<Int> {
        passes.reversed().reduce(range) { $1.map.originalRange($0) }
    }

    /// `findings` with their edits replaced by the merged spans of `original` → `final`.
    func attribute(_ findings: [Finding], original: [UInt8], final: [UInt8]) -> [Finding] {
        var spans = mergedSpans()
        var edits = spans.map { ByteEdit(range: $0.range, replacement: replacement(of: $0.range, in: final)) }
        if EditApplication(text: original, groups: [edits]).text != final {
            // Cannot happen when every pass's edits map back cleanly; one span covering the
            // whole change is always right.
            let whole = Self.changedRange(original, final)
            spans = [Span(range: whole.original, owners: spans.reduce(into: []) { $0.formUnion($1.owners) })]
            edits = [ByteEdit(range: whole.original, replacement: String(decoding: final[whole.final], as: UTF8.self))]
        }

        let byKey = Dictionary(findings.enumerated().map { (FindingKey(rule: $1.ruleID, offset: $1.offset), $0) }) { first, _ in first }
        var result = findings
        for index in result.indices { result[index].edits = [] }
        // The first-pass rewrites' edits by where they lie, to find those a span absorbs.
        var rewriteEdits = RangeIndex<Int>()
        for index in findings.indices where findings[index].action == .rewrite {
            for edit in findings[index].edits { rewriteEdits.insert(edit.range, index) }
        }
        var carried: Set<Int> = []
        for (span, edit) in zip(spans, edits) {
            let rank = { (index: Int) in (findings[index].action == .rewrite ? 0 : 1, findings[index].offset, findings[index].ruleID) }
            let indices = span.owners.compactMap { byKey[$0] }.sorted { rank($0) < rank($1) }
            // A first-pass rewrite deferred behind another and then fixed with it is part of the span too.
            // A few candidates at most: gathered in an array, not a set.
            var absorbed: [Int] = []
            for candidate in rewriteEdits.candidates(near: span.range)
            where (span.range.overlaps(candidate.range) || candidate.range.lowerBound == span.range.lowerBound)
                && !absorbed.contains(candidate.value)
                && !span.owners.contains(FindingKey(rule: findings[candidate.value].ruleID, offset: findings[candidate.value].offset)) {
                absorbed.append(candidate.value)
            }
            absorbed.sort()
            guard let owner = indices.first else { continue }
            result[owner].edits.append(edit)
            carried.insert(owner)
            for other in (indices.dropFirst() + absorbed) where !carried.contains(other) {
                carried.insert(other)
                result[other].reason = "rewritten together with the \(findings[owner].ruleID) finding at line \(findings[owner].line), whose fix carries this one"
            }
        }
        // A rewrite whose edits were deferred behind another's and never applied: the rule found
        // nothing left to do once the other rewrite had changed the code.
        for index in result.indices where result[index].action == .rewrite && !carried.contains(index) {
            result[index].action = .skip
            result[index].safety = nil
            result[index].reason = "its edits were not applied: another rewrite changed this code first, and the rule found nothing left to do"
        }
        return result
    }

    private struct Span {
        var range: Range<Int>
        var owners: Set<FindingKey>
    }

    /// Every applied edit as a range of the original text, merged where ranges overlap or touch.
    private func mergedSpans() -> [Span] {
        var pieces: [Span] = []
        for (index, pass) in passes.enumerated() {
            for group in pass.groups {
                for edit in group.edits {
                    let range = passes[..<index].reversed().reduce(edit.range) { $1.map.originalRange($0) }
                    pieces.append(Span(range: range, owners: [group.owner]))
                }
            }
        }
        pieces.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var merged: [Span] = []
        for piece in pieces {
            if let last = merged.last, piece.range.lowerBound <= last.range.upperBound {
                merged[merged.count - 1].range = last.range.lowerBound..<max(last.range.upperBound, piece.range.upperBound)
                merged[merged.count - 1].owners.formUnion(piece.owners)
            } else {
                merged.append(piece)
            }
        }
        return merged
    }

    /// The final text's bytes for the original `range`, a merged span: its bounds are carried
    /// forward through every pass (no edit straddles them, and edits at them belong to the span).
    private func replacement(of range: Range<Int>, in final: [UInt8]) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        for pass in passes {
            lower = pass.shifted(lower, atStart: true)
            upper = pass.shifted(upper, atStart: false)
        }
        guard lower <= upper, upper <= final.count else { return "" }
        return String(decoding: final[lower..<upper], as: UTF8.self)
    }

    /// The smallest ranges of `original` and `final` outside of which the two are equal.
    static func changedRange(_ original: [UInt8], _ final: [UInt8]) -> (original: Range<Int>, final: Range<Int>) {
        var prefix = 0
        while prefix < original.count && prefix < final.count && original[prefix] == final[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < original.count - prefix && suffix < final.count - prefix
            && original[original.count - 1 - suffix] == final[final.count - 1 - suffix] { suffix += 1 }
        return (prefix..<(original.count - suffix), prefix..<(final.count - suffix))
    }
}
