import SwiftParser
import SwiftSyntax
@testable import SwiftUIMigrate
import XCTest

/// Fingerprints survive edits elsewhere and change with the finding's own code; the engine
/// attaches them and asks its `decide` hook before applying a fix.
final class FingerprintTests: XCTestCase {
    private let source = """
        struct Feed {
            func reload(force: Bool) {
                store.load()
            }
            var body: Int {
                store.load()
            }
        }

        """

    private func fingerprints(_ text: String, rule: any Rule = TestRules.reportCalls("load")) -> [String] {
        MigrationEngine(configuration: Configuration(), rules: [rule]).migrate(source: text).migration.findings.map(\.fingerprint)
    }

    func testScopeNamesTheEnclosingTypeAndMember() throws {
        let text = source + "extension Array<Int> {\n    subscript(i: Int) -> Int { load() }\n}\n"
        let tree = Parser.parse(source: text)
        let offsets = text.utf8.indices(of: "load()")
        XCTAssertEqual(offsets.count, 3)
        XCTAssertEqual(Fingerprint.scope(of: tree.token(at: AbsolutePosition(utf8Offset: offsets[0]))), "Feed.reload(force:)")
        XCTAssertEqual(Fingerprint.scope(of: tree.token(at: AbsolutePosition(utf8Offset: offsets[1]))), "Feed.body")
        XCTAssertEqual(Fingerprint.scope(of: tree.token(at: AbsolutePosition(utf8Offset: offsets[2]))), "Array<Int>.subscript")
        XCTAssertEqual(Fingerprint.scope(of: Parser.parse(source: "let x = 1\n").token(at: AbsolutePosition(utf8Offset: 0))), "x")
    }

    func testNormalizedLineDropsWhitespace() {
        let bytes = Array("a\n\t  store . load( )  \r\nb".utf8)
        XCTAssertEqual(Fingerprint.normalizedLine(at: 8, in: bytes), "store.load()")
        XCTAssertEqual(Fingerprint.normalizedLine(at: 0, in: bytes), "a")
        XCTAssertEqual(Fingerprint.normalizedLine(at: bytes.count, in: bytes), "b")
    }

    func testEngineGivesEveryFindingADistinctFingerprint() {
        let prints = fingerprints(source)
        XCTAssertEqual(prints.count, 2)
        XCTAssertEqual(Set(prints).count, 2, "same line text in two members")
        XCTAssertTrue(prints.allSatisfy { $0.count == 16 && $0.allSatisfy(\.isHexDigit) }, "\(prints)")
    }

    func testInsertedLinesAndReindentingKeepTheFingerprint() {
        let moved = "// a comment\n\nimport Foundation\n\n" + source.replacingOccurrences(of: "        store.load()", with: "  store.load( )")
        XCTAssertEqual(fingerprints(moved), fingerprints(source))
    }

    func testChangedLineOrScopeChangesTheFingerprint() {
        let original = fingerprints(source)
        let changedLine = fingerprints(source.replacingOccurrences(of: "func reload(force: Bool) {\n        store.load()", with: "func reload(force: Bool) {\n        cache.load()"))
        XCTAssertNotEqual(changedLine[0], original[0])
        XCTAssertEqual(changedLine[1], original[1])
        let renamedMember = fingerprints(source.replacingOccurrences(of: "var body", with: "var content"))
        XCTAssertEqual(renamedMember[0], original[0])
        XCTAssertNotEqual(renamedMember[1], original[1])
    }

    func testIdenticalLinesInOneScopeAreToldApartByOrder() {
        let twice = "func f() {\n    load()\n    load()\n}\n"
        let prints = fingerprints(twice)
        XCTAssertEqual(prints.count, 2)
        XCTAssertNotEqual(prints[0], prints[1])
        XCTAssertEqual(Array(fingerprints("// moved\n" + twice)), prints)
    }

    func testFingerprintIsStableAcrossRuns() {
        // FNV-1a, not Swift's per-process seeded Hasher: the same input gives the same digits everywhere.
        let triple = Fingerprint.triple(rule: "r", scope: "S.m", text: "x()")
        XCTAssertEqual(Fingerprint.make(triple: triple, occurrence: 0), Fingerprint.make(triple: triple, occurrence: 0))
        XCTAssertEqual(Fingerprint.make(triple: Fingerprint.triple(rule: "", scope: "", text: ""), occurrence: 0).count, 16)
        XCTAssertNotEqual(Fingerprint.make(triple: triple, occurrence: 0), Fingerprint.make(triple: triple, occurrence: 1))
    }

    func testDecideDeclinesAFixWithAReasonAndHidesAFinding() {
        var engine = MigrationEngine(configuration: Configuration(), rules: [TestRules.rename("foo", to: "bar")])
        let text = "let a = foo\nlet b = foo\n"
        let all = engine.migrate(source: text).migration.findings
        XCTAssertEqual(all.count, 2)
        let hidden = all[1].fingerprint
        engine.decide = { finding in
            finding.fingerprint == hidden ? .hide : .decline(.notReviewed)
        }
        let (output, migration) = engine.migrate(source: text)
        XCTAssertEqual(output, text, "neither fix applied")
        XCTAssertEqual(migration.findings.count, 1)
        XCTAssertEqual(migration.findings[0].action, .skip)
        XCTAssertEqual(migration.findings[0].reason, RunDecline.notReviewed.reason())
        XCTAssertEqual(migration.findings[0].reasonID, "rename/not-reviewed")
        XCTAssertEqual(migration.findings[0].edits, [])
        XCTAssertEqual(migration.findings[0].line, 1)
    }

    func testDecideAllowingSomeFixesAppliesOnlyThose() {
        var engine = MigrationEngine(configuration: Configuration(), rules: [TestRules.rename("foo", to: "bar")])
        engine.decide = { $0.line == 2 ? .allow : .decline(.rejectedInReview) }
        let (output, migration) = engine.migrate(source: "let a = foo\nlet b = foo\n")
        XCTAssertEqual(output, "let a = foo\nlet b = bar\n")
        XCTAssertEqual(migration.findings.map(\.action), [.skip, .rewrite])
    }

    func testDeclinedFixStaysDeclinedWhenALaterPassFindsItAgain() {
        // unwrap(unwrap(x)): declining the outer call applies the inner one in pass 1; pass 2 finds
        // the outer call again (at the same original offset) and must decline it again.
        var engine = MigrationEngine(configuration: Configuration(), rules: [TestRules.unwrap("unwrap")])
        let text = "let a = unwrap(unwrap(x))\n"
        let all = engine.migrate(source: text)
        XCTAssertEqual(all.text, "let a = x\n")
        let outer = all.migration.findings.first?.fingerprint
        engine.decide = { $0.fingerprint == outer ? .decline(.rejectedInReview) : .allow }
        let (output, migration) = engine.migrate(source: text)
        XCTAssertEqual(output, "let a = unwrap(x)\n")
        XCTAssertEqual(migration.findings.map(\.action), [.skip, .rewrite])
    }
}

private extension String.UTF8View {
    /// The byte offsets where `word` starts.
    func indices(of word: String) -> [Int] {
        let bytes = Array(self)
        let needle = Array(word.utf8)
        return (0...(bytes.count - needle.count)).filter { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }
}
