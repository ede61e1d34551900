import MigrationFuzzing
import SwiftUIMigrate
import XCTest

/// Edits of one pass apply together, in an order that does not depend on the
/// order the rules produced them (swift-syntax tests its applier the same way).
final class EditApplicationTests: XCTestCase {
    private let text = Array("abcdefghij".utf8)

    private func apply(_ groups: [[ByteEdit]]) -> (text: String, application: EditApplication) {
        let application = EditApplication(text: text, groups: groups)
        return (String(decoding: application.text, as: UTF8.self), application)
    }

    private func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        var result: [[T]] = []
        for index in items.indices {
            var rest = items
            let first = rest.remove(at: index)
            for tail in permutations(rest) { result.append([first] + tail) }
        }
        return result
    }

    func testEveryPermutationOfNonOverlappingEditsGivesOneResult() {
        let edits: [ByteEdit] = [
            ByteEdit(range: 1..<3, replacement: "X"),
            .insert("I", at: 3),
            .insert("Y", at: 5),
            ByteEdit(range: 6..<7, replacement: ""),
            .insert("W", at: 8),
            ByteEdit(range: 8..<10, replacement: "ZZ"),
        ]
        let orders = permutations(edits)
        XCTAssertEqual(orders.count, 720)
        for order in orders {
            let (result, application) = apply(order.map { [$0] })
            XCTAssertEqual(result, "aXIdeYfhWZZ")
            XCTAssertEqual(application.deferred, [])
            XCTAssertEqual(application.applied, Array(0..<6))
            XCTAssertEqual(application.appliedEdits, edits)
        }
    }

    func testOverlappingEditsApplyOneAndDeferTheOtherInAnyOrder() {
        let first = ByteEdit(range: 2..<5, replacement: "A")
        let second = ByteEdit(range: 4..<7, replacement: "B")
        let forward = apply([[first], [second]])
        let backward = apply([[second], [first]])
        XCTAssertEqual(forward.text, "abAfghij")
        XCTAssertEqual(backward.text, "abAfghij")
        XCTAssertEqual(forward.application.applied, [0])
        XCTAssertEqual(forward.application.deferred, [1])
        XCTAssertEqual(backward.application.applied, [1])
        XCTAssertEqual(backward.application.deferred, [0])
    }

    func testOverlapWithTheSameStartIsDeterministic() {
        let short = ByteEdit(range: 2..<4, replacement: "P")
        let long = ByteEdit(range: 2..<6, replacement: "Q")
        let sameRange = ByteEdit(range: 2..<4, replacement: "O")
        for order in permutations([short, long, sameRange]) {
            let (result, application) = apply(order.map { [$0] })
            XCTAssertEqual(result, "abOefghij")
            XCTAssertEqual(application.applied.count, 1)
            XCTAssertEqual(application.deferred.count, 2)
        }
    }

    func testInsertionsAtTheSamePointApplyOneInAnyOrder() {
        let a = ByteEdit.insert("1", at: 3)
        let b = ByteEdit.insert("2", at: 3)
        XCTAssertTrue(a.overlaps(b))
        XCTAssertEqual(apply([[a], [b]]).text, "abc1defghij")
        XCTAssertEqual(apply([[b], [a]]).text, "abc1defghij")
        XCTAssertEqual(apply([[b], [a]]).application.deferred, [0])
    }

    func testInsertionAtTheEdgeOfAReplacementIsNotAnOverlap() {
        let replacement = ByteEdit(range: 3..<5, replacement: "R")
        let before = ByteEdit.insert("<", at: 3)
        let after = ByteEdit.insert(">", at: 5)
        let inside = ByteEdit.insert("!", at: 4)
        XCTAssertFalse(replacement.overlaps(before))
        XCTAssertFalse(replacement.overlaps(after))
        XCTAssertTrue(replacement.overlaps(inside))
        for order in permutations([replacement, before, after]) {
            XCTAssertEqual(apply(order.map { [$0] }).text, "abc<R>fghij")
        }
    }

    func testEditGroupsApplyAtomically() {
        let early = [ByteEdit(range: 1..<2, replacement: "Q"), ByteEdit(range: 8..<10, replacement: "R")]
        let late = [ByteEdit(range: 4..<5, replacement: "X"), ByteEdit(range: 8..<9, replacement: "Y")]
        for order in permutations([early, late]) {
            let (result, application) = apply(order)
            XCTAssertEqual(result, "aQcdefghR", "the late group's non-overlapping edit is not applied either")
            XCTAssertEqual(application.applied.count, 1)
            XCTAssertEqual(application.deferred.count, 1)
        }
    }

    func testGroupsWithOverlappingOrOutOfRangeEditsAreDeferred() {
        let selfOverlapping = [ByteEdit(range: 1..<4, replacement: "S"), ByteEdit(range: 3..<5, replacement: "T")]
        let outOfRange = [ByteEdit(range: 8..<12, replacement: "O")]
        let fine = [ByteEdit(range: 0..<1, replacement: "A")]
        let (result, application) = apply([selfOverlapping, outOfRange, fine])
        XCTAssertEqual(result, "Abcdefghij")
        XCTAssertEqual(application.applied, [2])
        XCTAssertEqual(application.deferred, [0, 1])
    }

    func testMultiByteReplacementsKeepTheOtherBytes() {
        let text = Array("let é = \"ü\"".utf8)
        let application = EditApplication(text: text, groups: [[ByteEdit(range: 4..<6, replacement: "e")]])
        XCTAssertEqual(String(decoding: application.text, as: UTF8.self), "let e = \"ü\"")
    }

    /// A group is deferred exactly when two of its edits overlap as `ByteEdit.overlaps` says, in
    /// any mix of insertions and replacements, many or few (seeded random groups of a 20-byte text).
    func testAGroupWhoseOwnEditsOverlapIsDeferredWhateverItsSize() {
        var random = SeededGenerator(seed: 24)
        let text = Array("abcdefghijklmnopqrst".utf8)
        var (deferred, applied) = (0, 0)
        for _ in 0..<2000 {
            let count = Int.random(in: 2...12, using: &random)
            let group = (0..<count).map { _ -> ByteEdit in
                let start = Int.random(in: 0...20, using: &random)
                let end = Bool.random(using: &random) ? start : Int.random(in: start...min(20, start + 4), using: &random)
                return ByteEdit(range: start..<end, replacement: "x")
            }
            let overlapping = group.indices.contains { first in group[(first + 1)...].contains { $0.overlaps(group[first]) } }
            let application = EditApplication(text: text, groups: [group])
            XCTAssertEqual(application.deferred, overlapping ? [0] : [], "\(group.map(\.range))")
            if overlapping { deferred += 1 } else { applied += 1 }
        }
        XCTAssertGreaterThan(min(deferred, applied), 100, "both outcomes are tried")
    }
}
