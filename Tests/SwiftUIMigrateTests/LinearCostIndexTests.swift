import MigrationFuzzing
import SwiftParser
import struct SwiftSyntax.AbsolutePosition
@testable import SwiftUIMigrate
import XCTest

/// The look-ups that keep a file's cost linear in its size and sites (edits filed by place,
/// offsets mapped by binary search, tokens found through indexed lists) answer exactly what a
/// look through everything answers, over texts far longer than one index block.
final class LinearCostIndexTests: XCTestCase {
    private func randomEdit(in length: Int, using generator: inout SeededGenerator) -> ByteEdit {
        let start = Int.random(in: 0...length, using: &generator)
        let width = Bool.random(using: &generator) ? 0 : Int.random(in: 1...3000, using: &generator)
        return ByteEdit(range: start..<min(length, start + width), replacement: String(repeating: "x", count: Int.random(in: 0...5, using: &generator)))
    }

    func testEditApplicationAcceptsAMaximalSetOfGroupsThatOverlapNothing() {
        let text = [UInt8](repeating: UInt8(ascii: "a"), count: 40_000)
        for seed in 1...20 {
            var generator = SeededGenerator(seed: UInt64(seed))
            let groups = (0..<300).map { _ in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in randomEdit(in: text.count, using: &generator) }
            }
            let application = EditApplication(text: text, groups: groups)
            let accepted = application.applied.flatMap { groups[$0] }
            for (i, edit) in accepted.enumerated() {
                XCTAssertFalse(accepted[(i + 1)...].contains { $0.overlaps(edit) }, "seed \(seed): two applied edits overlap")
            }
            for index in application.deferred {
                let group = groups[index]
                let overlapsItself = group.indices.contains { i in group.indices.contains { j in i < j && group[i].overlaps(group[j]) } }
                XCTAssertTrue(overlapsItself || group.contains { edit in accepted.contains { $0.overlaps(edit) } },
                              "seed \(seed): group \(index) was deferred though it overlaps nothing applied")
            }
            XCTAssertEqual(Set(application.applied).union(application.deferred), Set(groups.indices))
            var shuffled = Array(groups.indices)
            shuffled.shuffle(using: &generator)
            XCTAssertEqual(EditApplication(text: text, groups: shuffled.map { groups[$0] }).text, application.text,
                           "seed \(seed): the result depends on the order of the groups")
        }
    }

    /// The offset a walk over every span gives (what `OffsetMap` did before it searched).
    private func walkedOriginalOffset(_ offset: Int, _ edits: [ByteEdit]) -> Int {
        var delta = 0
        var shift = 0
        for edit in edits {
            let newStart = edit.range.lowerBound + shift
            let newEnd = newStart + edit.replacement.utf8.count
            if offset < newStart { break }
            if offset < newEnd { return edit.range.lowerBound }
            delta = newEnd - edit.range.upperBound
            shift += edit.replacement.utf8.count - edit.range.count
        }
        return offset - delta
    }

    func testOffsetMapAgreesWithAWalkOverEveryEdit() {
        for seed in 1...10 {
            var generator = SeededGenerator(seed: UInt64(seed))
            let applied = EditApplication(
                text: [UInt8](repeating: 0, count: 30_000),
                groups: (0..<400).map { _ in [randomEdit(in: 30_000, using: &generator)] }).appliedEdits
            let map = OffsetMap(appliedEdits: applied)
            let newLength = 30_000 + applied.reduce(0) { $0 + $1.replacement.utf8.count - $1.range.count }
            for offset in stride(from: 0, through: newLength, by: 3) {
                XCTAssertEqual(map.originalOffset(offset), walkedOriginalOffset(offset, applied), "seed \(seed), offset \(offset)")
            }
        }
    }

    func testTokenLocatorFindsTheTokenSwiftSyntaxFinds() {
        let views = (0..<300).map { "struct View\($0): View {\n    var body: some View { Text(\"\($0)\").padding() }\n}\n" }
        let members = (0..<300).map { "    static let value\($0) = \($0) // \($0)\n" }
        let source = views.joined() + "enum Constants {\n" + members.joined() + "}\n"
        let tree = Parser.parse(source: source)
        let locator = TokenLocator(tree)
        for offset in stride(from: 0, through: source.utf8.count + 1, by: 5) {
            XCTAssertEqual(locator.token(at: offset)?.id, tree.token(at: AbsolutePosition(utf8Offset: offset))?.id, "offset \(offset)")
        }
    }
}
