import Foundation
@testable import SwiftUIMigrate
import XCTest

/// An editor's next text parsed from the parse of the one before (`MigrationEngine.reusableParse`)
/// gives exactly what a parse from scratch gives, whatever changed, multi-byte characters included.
final class IncrementalParseTests: XCTestCase {
    private let source = """
        import SwiftUI

        struct ShelfView: View {
            @State private var title = "Shelf 📚"

            var body: some View {
                Group {
                    if title.isEmpty {
                        ProgressView()
                    } else {
                        Text(title)
                    }
                }
                .onAppear {
                    print("appeared")
                }
            }
        }

        """

    private func migrated(_ text: String, reusing earlier: ParsedText?) -> FileMigration {
        var engine = MigrationEngine(configuration: Configuration())
        engine.reusableParse = earlier
        engine.keepsParse = true
        return engine.migrate(bytes: Array(text.utf8), file: "ShelfView.swift")
    }

    private func assertSameAsFromScratch(_ edited: String, file: StaticString = #filePath, line: UInt = #line) {
        let earlier = migrated(source, reusing: nil).parse
        XCTAssertNotNil(earlier, file: file, line: line)
        let incremental = migrated(edited, reusing: earlier)
        let scratch = migrated(edited, reusing: nil)
        XCTAssertEqual(incremental.migrated, scratch.migrated, file: file, line: line)
        XCTAssertEqual(incremental.findings.map { "\($0.line):\($0.column) \($0.reasonID)" },
                       scratch.findings.map { "\($0.line):\($0.column) \($0.reasonID)" }, file: file, line: line)
        XCTAssertEqual(incremental.parse?.result.tree.description, edited, file: file, line: line)
    }

    func testAnEditedTextGivesWhatAParseFromScratchGives() {
        XCTAssertFalse(migrated(source, reusing: nil).findings.isEmpty, "the source has a finding to keep")
        assertSameAsFromScratch(source.replacingOccurrences(of: "print(\"appeared\")", with: "print(\"shown\") // edited"))
        assertSameAsFromScratch(source.replacingOccurrences(of: "Group {", with: "VStack {"))
        assertSameAsFromScratch(source.replacingOccurrences(of: ".onAppear {", with: ".onDisappear {"))
        assertSameAsFromScratch(source + "\nstruct Other: View { var body: some View { Text(\"x\") } }\n")
        assertSameAsFromScratch(source)
    }

    func testAChainOfEditsIsParsedFromScratchNowAndThenSoNoTreeHoldsEveryEarlierVersion() {
        var parse = migrated(source, reusing: nil).parse
        var reuses: [Int] = []
        for change in 1...(ParsedText.maximumReuses + 2) {
            let text = source.replacingOccurrences(of: "appeared", with: "appeared \(change)")
            let next = migrated(text, reusing: parse)
            XCTAssertEqual(next.parse?.result.tree.description, text)
            reuses.append(next.parse?.reuses ?? -1)
            parse = next.parse
        }
        XCTAssertEqual(reuses, Array(1...ParsedText.maximumReuses) + [0, 1])
    }

    func testAnEditInsideAMultiByteCharacterWidensToTheWholeCharacter() {
        // 📚 and 📖 share their first three bytes: the edit must not start inside the character.
        assertSameAsFromScratch(source.replacingOccurrences(of: "📚", with: "📖"))
        let earlier = ParsedText(bytes: Array("a📚b".utf8), result: migrated(source, reusing: nil).parse!.result)
        let edit = earlier.edit(to: Array("a📖b".utf8))
        XCTAssertEqual(edit.range, 1..<5)
        XCTAssertEqual(edit.replacement, "📖")
        XCTAssertEqual(earlier.edit(to: Array("a📚b".utf8)), SourceEdit(range: 6..<6, replacement: ""))
    }
}
