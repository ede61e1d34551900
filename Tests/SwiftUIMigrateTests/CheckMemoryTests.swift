import Foundation
@testable import SwiftUIMigrate
import XCTest

/// An editor's next text checked with what the check of the one before left (`MigrationEngine.memory`)
/// gives exactly what a check from scratch gives — findings, words, edits and the migrated text —
/// whatever changed; and it looks again only at the top-level items that changed.
final class CheckMemoryTests: XCTestCase {
    private let source = """
        import SwiftUI

        struct ShelfView: View {
            @State private var title = "Shelf 📚"
            @State private var hasLoaded = false

            var body: some View {
                Group {
                    if title.isEmpty {
                        ProgressView()
                    } else {
                        Text(title)
                    }
                }
                .onAppear {
                    guard !hasLoaded else { return }
                    hasLoaded = true
                    Task { await model.load() }
                }
            }
        }

        struct OtherView: View {
            var body: some View {
                Text("other")
                    .onAppear {
                        Task { await refresh() }
                    }
            }

            func refresh() async {}
        }

        """

    private func migrated(_ text: String, memory: CheckMemory?, engine: MigrationEngine = MigrationEngine(configuration: Configuration())) -> FileMigration {
        var engine = engine
        engine.memory = memory
        return engine.migrate(bytes: Array(text.utf8), file: "ShelfView.swift")
    }

    /// Checks `edited` after `original` with one memory, and from scratch, and compares everything.
    private func sameAsFromScratch(
        _ original: String, _ edited: String, engine: MigrationEngine = MigrationEngine(configuration: Configuration())
    ) -> [String] {
        let memory = CheckMemory()
        _ = migrated(original, memory: memory, engine: engine)
        let remembering = migrated(edited, memory: memory, engine: engine)
        let scratch = migrated(edited, memory: nil, engine: engine)
        var failures: [String] = []
        if remembering.migrated != scratch.migrated { failures.append("the migrated texts differ") }
        if remembering.findings != scratch.findings {
            failures.append("the findings differ:\n" + RuleExampleVerifier.describe(remembering.findings) + "\nfrom scratch:\n"
                + RuleExampleVerifier.describe(scratch.findings))
        }
        return failures
    }

    func testAnEditedTextGivesWhatACheckFromScratchGives() {
        XCTAssertEqual(migrated(source, memory: nil).findings.count, 3, "the source has findings to recall")
        for edited in [
            source.replacingOccurrences(of: "\"other\"", with: "\"other\" // edited"),
            source.replacingOccurrences(of: "Group {", with: "VStack {"),
            source.replacingOccurrences(of: "Text(\"other\")", with: "Text(\"other\")\n\n"),
            source.replacingOccurrences(of: "func refresh() async {}", with: "func refresh() {}"),
            source.replacingOccurrences(of: "struct OtherView", with: "struct ShelfView"),
            source.replacingOccurrences(of: "📚", with: "📖"),
            source + "\nextension ShelfView { var model: Model { Model() } }\n",
            source.replacingOccurrences(of: "    ", with: "\t"),
            source,
        ] {
            XCTAssertEqual(sameAsFromScratch(source, edited), [], edited)
            XCTAssertEqual(sameAsFromScratch(edited, source), [], edited)
        }
    }

    /// Every fixture, edited in every top-level item in turn: a comment typed at the end of its
    /// middle line, a line added before it, its first identifier renamed — checked with the memory of
    /// the text before, then of the text after (the edit undone), each equal to a check from scratch.
    func testEveryFixtureEditedItemByItemGivesWhatACheckFromScratchGives() throws {
        let (cases, problems) = FixtureCase.discoverRepositoryFixtures()
        XCTAssertEqual(problems, [])
        XCTAssertGreaterThan(cases.count, 100)
        var failures: [String] = []
        for fixture in cases {
            let text = try String(contentsOf: fixture.before, encoding: .utf8)
            let configuration = try fixture.configuration.map { try Configuration.load(path: $0.path) } ?? Configuration()
            let engine = MigrationEngine(configuration: configuration)
            for edited in Self.edits(of: text) {
                failures += sameAsFromScratch(text, edited, engine: engine).map { "\(fixture.displayName): \($0)" }
                failures += sameAsFromScratch(edited, text, engine: engine).map { "\(fixture.displayName), undone: \($0)" }
            }
        }
        XCTAssertEqual(failures, [])
    }

    /// Three edits of each top-level item of `text`.
    private static func edits(of text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        // The lines where a top-level item starts: no indentation, not a closing brace or blank.
        let starts = lines.indices.filter { index in
            let line = lines[index]
            return !line.isEmpty && !line.hasPrefix(" ") && !line.hasPrefix("\t") && !line.hasPrefix("}") && !line.hasPrefix("//")
        }
        var edits: [String] = []
        for (number, start) in starts.enumerated() {
            let end = number + 1 < starts.count ? starts[number + 1] : lines.count
            var commented = lines
            let middle = (start + end) / 2
            commented[middle] += " // typed"
            edits.append(commented.joined(separator: "\n"))
            var pushed = lines
            pushed.insert("", at: start)
            edits.append(pushed.joined(separator: "\n"))
            var renamed = lines
            if let word = renamed[start].split(whereSeparator: { !$0.isLetter }).dropFirst().first {
                renamed[start] = renamed[start].replacingOccurrences(of: String(word), with: word + "Renamed")
                edits.append(renamed.joined(separator: "\n"))
            }
        }
        return edits
    }

    func testAnEditInOneItemLooksAgainOnlyAtThatItem() {
        let seen = SeenCalls()
        let rule = ClosureRule(id: "count-calls", triggerWords: ["onAppear"]) { context, id in
            seen.add(context.calls(named: ["onAppear", "Group", "ProgressView", "Text", "Task", "load", "refresh"]).map { context.line(of: $0) })
            return []
        }
        let engine = MigrationEngine(configuration: Configuration(), rules: [rule])
        let memory = CheckMemory()
        _ = migrated(source, memory: memory, engine: engine)
        XCTAssertEqual(seen.take().count, 10, "the first check looks at every call")
        _ = migrated(source.replacingOccurrences(of: "\"other\"", with: "\"another\""), memory: memory, engine: engine)
        XCTAssertEqual(seen.take(), [25, 25, 27, 27], "only the calls of the item that changed (a chain's calls start where it starts)")
        _ = migrated(source.replacingOccurrences(of: "\"other\"", with: "\"another\""), memory: memory, engine: engine)
        XCTAssertEqual(seen.take(), [], "nothing changed")
        _ = migrated(source.replacingOccurrences(of: "\"other\"", with: "\"another\"").replacingOccurrences(of: "struct OtherView", with: "extension ShelfView"), memory: memory, engine: engine)
        XCTAssertEqual(seen.take().count, 10, "an item that now extends the other: both are looked at again")
    }

    func testAChainOfEditsIsParsedFromScratchNowAndThenSoNoTreeHoldsEveryEarlierVersion() {
        let memory = CheckMemory()
        _ = migrated(source, memory: memory)
        var reuses: [Int] = []
        for change in 1...(ParsedText.maximumReuses + 2) {
            let text = source.replacingOccurrences(of: "\"other\"", with: "\"other \(change)\"")
            _ = migrated(text, memory: memory)
            XCTAssertEqual(memory.check.parses.first?.result.tree.description, text)
            reuses.append(memory.check.parses.first?.reuses ?? -1)
        }
        XCTAssertEqual(reuses, Array(1...ParsedText.maximumReuses) + [0, 1])
    }

    func testAnEditInsideAMultiByteCharacterWidensToTheWholeCharacter() {
        let memory = CheckMemory()
        _ = migrated(source, memory: memory)
        let earlier = ParsedText(bytes: Array("a📚b".utf8), result: memory.check.parses[0].result)
        let edit = earlier.edit(to: Array("a📖b".utf8))
        XCTAssertEqual(edit.range, 1..<5)
        XCTAssertEqual(edit.replacement, "📖")
        XCTAssertEqual(earlier.edit(to: Array("a📚b".utf8)), ByteEdit(range: 6..<6, replacement: ""))
    }
}

/// The lines of the calls a test rule was shown, across checks.
private final class SeenCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [Int] = []

    func add(_ more: [Int]) { lock.withLock { lines += more } }

    func take() -> [Int] {
        lock.withLock {
            defer { lines = [] }
            return lines
        }
    }
}
