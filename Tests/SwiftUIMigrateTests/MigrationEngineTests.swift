@testable import SwiftUIMigrate
import XCTest

/// The engine's guarantees (edits of a pass applied together, fixpoint, re-parse, idempotence), checked with test-only rules.
final class MigrationEngineTests: XCTestCase {
    private func engine(_ rules: [any Rule], _ configuration: Configuration = Configuration()) -> MigrationEngine {
        MigrationEngine(configuration: configuration, rules: rules)
    }

    func testFileWithSyntaxErrorsIsScannedButNeverRewritten() {
        let source = "struct A {\n    func f( \n}\nx.onAppear()\n"
        let (text, migration) = engine([TestRules.rename("onAppear", to: "onDisappear")]).migrate(source: source)
        XCTAssertEqual(text, source)
        XCTAssertTrue(migration.hasSyntaxErrors)
        XCTAssertFalse(migration.changed)
        XCTAssertNil(migration.internalError)
        XCTAssertEqual(migration.findings.map(\.action), [.report])
        XCTAssertEqual(migration.findings.first?.edits, [])
        XCTAssertEqual(migration.findings.first?.line, 4)
        XCTAssertTrue(migration.findings.first?.reason?.contains("syntax errors") ?? false)
    }

    func testRewriteThatBreaksParsingLeavesTheFileUnchanged() {
        let source = "let a = 1\nx.onAppear()\n"
        let (text, migration) = engine([TestRules.breaksParsing("onAppear")]).migrate(source: source)
        XCTAssertEqual(text, source)
        XCTAssertFalse(migration.changed)
        XCTAssertFalse(migration.hasSyntaxErrors)
        XCTAssertEqual(migration.internalError, "a rewrite produced code that does not parse")
        XCTAssertEqual(migration.findings.map(\.action), [.report])
        XCTAssertTrue(migration.findings.first?.reason?.hasPrefix("internal error") ?? false)
    }

    func testOverlappingFindingsConvergeOverSeveralPasses() {
        let source = "let v = wrap(wrap(wrap(1)))\nlet w = wrap(2)\n"
        let (text, migration) = engine([TestRules.unwrap("wrap")]).migrate(source: source)
        XCTAssertEqual(text, "let v = 1\nlet w = 2\n")
        XCTAssertNil(migration.internalError)
        XCTAssertEqual(migration.findings.map(\.line), [1, 1, 1, 2])
        XCTAssertEqual(migration.findings.map(\.column), [9, 14, 19, 9])
        XCTAssertTrue(migration.findings.allSatisfy { $0.action == .rewrite })
        XCTAssertEqual(engine([TestRules.unwrap("wrap")]).migrate(source: text).text, text, "idempotent")
    }

    func testRewriteMadePossibleInALaterPassReplacesTheEarlierSkip() {
        // `gate` skips `open` while a `lock` call is in the file; `unwrap` removes the lock in pass 1,
        // so `gate` rewrites in pass 2: the report must say rewritten, as the text is.
        let gate = ClosureRule(id: "gate", triggerWords: ["open"]) { context, id in
            let locked = !TestRules.calls(named: "lock", in: context.tree).isEmpty
            return context.tree.tokens(viewMode: .sourceAccurate).filter { $0.text == "open" }.map { token in
                locked
                    ? context.finding(id, at: token, message: "open", action: .skip, reason: "locked")
                    : context.finding(
                        id, at: token, message: "open", action: .rewrite, safety: .preserving,
                        edits: [context.replace(token, with: "opened")])
            }
        }
        let source = "let a = lock(1)\nlet b = open\n"
        for rules in [[gate, TestRules.unwrap("lock")], [TestRules.unwrap("lock"), gate]] as [[any Rule]] {
            let (text, migration) = engine(rules).migrate(source: source)
            XCTAssertEqual(text, "let a = 1\nlet b = opened\n")
            let gated = migration.findings.filter { $0.ruleID == "gate" }
            XCTAssertEqual(gated.map(\.action), [.rewrite])
            XCTAssertEqual(gated.first?.line, 2)
            XCTAssertNil(gated.first?.reason)
        }
    }

    func testRuleThatNeverSettlesHitsThePassBound() {
        let source = "let spin = 1\n"
        let (text, migration) = engine([TestRules.neverSettles()]).migrate(source: source)
        XCTAssertEqual(text, source)
        XCTAssertEqual(migration.internalError, "rewrites did not settle after \(MigrationEngine.maximumPasses) passes")
        XCTAssertTrue(migration.findings.allSatisfy { $0.action != .rewrite && $0.edits.isEmpty })
    }

    func testFilesWithoutTriggerWordsAreNotParsed() {
        let calls = CallCount()
        let rule = ClosureRule(id: "counted", triggerWords: ["onAppear"]) { context, id in
            calls.increment()
            return [context.finding(id, at: context.tree, message: "seen", action: .report)]
        }
        let engine = engine([rule])
        XCTAssertEqual(engine.triggerWords, ["onAppear"])
        XCTAssertEqual(engine.migrate(source: "let x = 1\n").migration.findings, [])
        XCTAssertEqual(calls.count, 0)
        XCTAssertEqual(engine.migrate(source: "x.onAppear()\n").migration.findings.count, 1)
        XCTAssertEqual(calls.count, 1)
    }

    func testFilesWithoutARulesRequiredWordsAreNotParsedForIt() {
        let calls = CallCount()
        var rule = ClosureRule(id: "counted", triggerWords: ["onAppear", "Appear {"]) { context, id in
            calls.increment()
            return [context.finding(id, at: context.tree, message: "seen", action: .report)]
        }
        rule.requiredWords = ["Group"]
        let engine = engine([rule])
        XCTAssertEqual(engine.migrate(source: "x.onFirstAppear { }\n").migration.findings, [])
        XCTAssertEqual(calls.count, 0, "a trigger word without the required word")
        XCTAssertEqual(engine.migrate(source: "let g = DispatchGroup()\nGroupBox { x }.onFirstAppear { }\n").migration.findings, [])
        XCTAssertEqual(calls.count, 0, "the required word only inside other identifiers")
        XCTAssertEqual(engine.migrate(source: "Group { x }.onFirstAppear { }\n").migration.findings.count, 1)
        XCTAssertEqual(calls.count, 1)
        // Another rule's trigger word is enough for the file to be parsed, and then every rule runs.
        let other = ClosureRule(id: "other", triggerWords: ["onFirstAppear"]) { _, _ in [] }
        XCTAssertEqual(self.engine([rule, other]).migrate(source: "x.onFirstAppear { }\n").migration.findings.count, 1)
        XCTAssertEqual(calls.count, 2)
    }

    func testFindingsOfLaterPassesAreReportedAtOriginalLines() {
        // Pass 1 adds a header line and renames alpha; pass 2 reports beta (inside the
        // rename) and gamma (reported only once the header exists, so only in pass 2).
        let reporter = ClosureRule(id: "reporter", triggerWords: ["beta", "gamma"]) { context, id in
            let headed = context.bytes.starts(with: Array("// migrated".utf8))
            return context.tree.tokens(viewMode: .sourceAccurate)
                .filter { $0.text == "beta" || ($0.text == "gamma" && headed) }
                .map { context.finding(id, at: $0, message: "saw \($0.text)", action: .report) }
        }
        let source = "let a = 1\nlet b = alpha\nlet c = gamma\n"
        let rules: [any Rule] = [TestRules.insertHeader(), TestRules.rename("alpha", to: "beta"), reporter]
        let (text, migration) = engine(rules).migrate(source: source)
        XCTAssertEqual(text, "// migrated\nlet a = 1\nlet b = beta\nlet c = gamma\n")
        let reported = migration.findings.filter { $0.ruleID == "reporter" }
        XCTAssertEqual(reported.map(\.message), ["saw beta", "saw gamma"])
        XCTAssertEqual(reported.map(\.line), [2, 3])
        XCTAssertEqual(reported.map(\.column), [9, 9])
        XCTAssertEqual(reported.map(\.offset), [18, 32])
        XCTAssertEqual(migration.findings.map(\.ruleID), ["header", "rename", "reporter", "reporter"], "sorted by position")
    }

    func testDisabledRulesDoNotRun() {
        var configuration = Configuration()
        configuration.rules["rename"] = false
        let engine = engine([TestRules.rename("onAppear", to: "task")], configuration)
        XCTAssertTrue(engine.rules.isEmpty)
        XCTAssertFalse(engine.migrate(source: "x.onAppear()").migration.changed)
        var optIn = TestRules.rename("onAppear", to: "task")
        optIn.isEnabledByDefault = false
        XCTAssertTrue(MigrationEngine(configuration: Configuration(), rules: [optIn]).rules.isEmpty)
    }

    func testUneditedBytesStayIdentical() {
        let source = "let x = 1\t\r\n\r\n  // comment ü\r\nx.onAppear()   \r\n"
        let (text, migration) = engine([TestRules.rename("onAppear", to: "task")]).migrate(source: source)
        XCTAssertEqual(text, "let x = 1\t\r\n\r\n  // comment ü\r\nx.task()   \r\n")
        XCTAssertEqual(migration.findings.first.map { [$0.line, $0.column] }, [4, 3])
    }

    func testOffsetMapMapsBackThroughInsertionsDeletionsAndReplacements() {
        let map = OffsetMap(appliedEdits: [
            .insert("abc", at: 2), ByteEdit(range: 5..<8, replacement: ""), ByteEdit(range: 10..<12, replacement: "WXYZ"),
        ])
        XCTAssertEqual(map.originalOffset(0), 0)
        XCTAssertEqual(map.originalOffset(3), 2, "inside the insertion")
        XCTAssertEqual(map.originalOffset(5), 2)
        XCTAssertEqual(map.originalOffset(6), 3)
        XCTAssertEqual(map.originalOffset(8), 8, "just after the deletion")
        XCTAssertEqual(map.originalOffset(10), 10, "start of the replacement")
        XCTAssertEqual(map.originalOffset(13), 10, "inside the replacement")
        XCTAssertEqual(map.originalOffset(14), 12)
    }

    func testLineTable() {
        let table = LineTable(bytes: Array("ab\ncd\r\n\nü".utf8))
        XCTAssertEqual(table.location(of: 0).line, 1)
        XCTAssertEqual(table.location(of: 4).line, 2)
        XCTAssertEqual(table.location(of: 4).column, 2)
        XCTAssertEqual(table.location(of: 7).line, 3)
        XCTAssertEqual(table.location(of: 8).line, 4)
    }
}
