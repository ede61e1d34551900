import Foundation
@testable import MigrationFuzzing
import SwiftUIMigrate
import XCTest

/// The inputs the fuzzer once broke the engine with (fixtures/fuzz-regressions), checked under every
/// strategy; and the fuzzer's own pieces.
final class FuzzRegressionTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEveryRegressionInputKeepsTheEnginesPromises() throws {
        let folder = Self.root.appendingPathComponent("fixtures/fuzz-regressions")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertFalse(names.isEmpty, "fixtures/fuzz-regressions holds no inputs")
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            for strategy in GroupStrategy.allCases {
                let violations = InvariantCheck(engine: InvariantCheck.allRules(strategy: strategy)).violations(bytes)
                XCTAssertEqual(violations, [], "\(name) (\(strategy.rawValue))")
            }
        }
    }

    func testTheCheckCatchesAnEngineThatChangesUntouchedBytes() {
        // CleanSpan is what the bytes-outside-edits check rests on: an insertion splits a span, a
        // replacement cuts it, and later spans move by the size change.
        let edits = [ByteEdit.insert("ab", at: 2), ByteEdit(range: 5..<7, replacement: "x")]
        let spans = CleanSpan.after(edits, [CleanSpan(current: 0, original: 0, count: 10)])
        XCTAssertEqual(spans.map(\.current), [0, 4, 8])
        XCTAssertEqual(spans.map(\.original), [0, 2, 7])
        XCTAssertEqual(spans.map(\.count), [2, 3, 3])
    }

    func testMutantsAreReproducibleFromTheSeedAndValidUTF8() {
        let mutator = SourceMutator(corpus: [Array("import SwiftUI\nstruct A: View {\n    var body: some View { Group { Text(\"é\") } }\n}\n".utf8)])
        var first = SeededGenerator(seed: 42)
        var second = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            let mutant = mutator.mutant(using: &first)
            XCTAssertEqual(mutant, mutator.mutant(using: &second))
            XCTAssertNotNil(String(validating: mutant, as: UTF8.self))
        }
    }
}
