/// Applies groups of edits to a text in one pass.
///
/// Each group is the edits of one finding and is applied whole or not at all.
/// Groups are taken in a canonical order (by their first edit), so the result
/// does not depend on the order the rules produced them; a group that overlaps
/// one already accepted is deferred to the next pass.
public struct EditApplication: Sendable {
    /// The text after the accepted edits.
    public var text: [UInt8]
    /// Indices (into the input) of the groups that were applied.
    public var applied: [Int]
    /// Indices (into the input) of the groups that overlapped an applied one.
    public var deferred: [Int]
    /// The applied edits, sorted by position in the input text.
    public var appliedEdits: [ByteEdit]

    /// Applies `groups` to `text`, deferring any group that overlaps an accepted one
    /// or whose own edits overlap each other.
    public init(text: [UInt8], groups: [[ByteEdit]]) {
        let keys = groups.map(Self.canonicalKey)
        let order = groups.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        var accepted: [ByteEdit] = []
        var acceptedIndex = RangeIndex<ByteEdit>()
        var applied: [Int] = []
        var deferred: [Int] = []
        for index in order {
            let group = groups[index]
            let valid = group.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= text.count }
            if !valid || Self.overlapsItself(group)
                || group.contains(where: { edit in acceptedIndex.candidates(near: edit.range).contains { $0.value.overlaps(edit) } }) {
                deferred.append(index)
                continue
            }
            accepted.append(contentsOf: group)
            for edit in group { acceptedIndex.insert(edit.range, edit) }
            applied.append(index)
        }
        accepted.sort { lhs, rhs in
            if lhs.range.lowerBound != rhs.range.lowerBound { return lhs.range.lowerBound < rhs.range.lowerBound }
            return lhs.range.isEmpty && !rhs.range.isEmpty
        }
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var cursor = 0
        for edit in accepted {
            output.append(contentsOf: text[cursor..<edit.range.lowerBound])
            output.append(contentsOf: edit.replacement.utf8)
            cursor = edit.range.upperBound
        }
        output.append(contentsOf: text[cursor...])
        self.text = output
        self.applied = applied.sorted()
        self.deferred = deferred.sorted()
        self.appliedEdits = accepted
    }

    /// True when two edits of `group` overlap (`ByteEdit.overlaps`): swept in order of their
    /// starts, insertions before the replacements that start where they are.
    private static func overlapsItself(_ group: [ByteEdit]) -> Bool {
        guard group.count > 1 else { return false }
        let sorted = group.sorted { ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1) }
        // The furthest end of the replacements so far, and the last insertion's place.
        var reach = Int.min
        var insertion: Int?
        for edit in sorted {
            let start = edit.range.lowerBound
            if edit.range.isEmpty {
                // Inside a replacement that starts before it, or where another insertion is.
                if start < reach || insertion == start { return true }
                insertion = start
            } else {
                if start < reach { return true }
                reach = edit.range.upperBound
            }
        }
        return false
    }

    /// Where an edit group sorts: its edits by bounds and text, smallest first, compared edit by edit.
    private static func canonicalKey(_ group: [ByteEdit]) -> [EditKey] {
        group.map(EditKey.init).sorted()
    }

    /// An edit's place in the canonical order: its bounds, then its text.
    private struct EditKey: Comparable {
        let lower: Int
        let upper: Int
        let replacement: String

        init(_ edit: ByteEdit) {
            (lower, upper, replacement) = (edit.range.lowerBound, edit.range.upperBound, edit.replacement)
        }

        static func < (lhs: EditKey, rhs: EditKey) -> Bool {
            (lhs.lower, lhs.upper, lhs.replacement) < (rhs.lower, rhs.upper, rhs.replacement)
        }
    }
}
