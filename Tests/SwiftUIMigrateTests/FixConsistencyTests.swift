import Foundation
@testable import SwiftUIMigrate
import XCTest

/// The fixes a run reports are the change it makes: on every fixture, with the fixture's rule and
/// with every rule on, the reported edits never overlap, applying them all at once (as a SARIF
/// consumer does) gives exactly the migrated bytes, every rewrite carries edits or names the
/// finding whose fix carries it, and no rule reports one place twice.
final class FixConsistencyTests: XCTestCase {
    func testEveryFixturesReportedFixesReproduceTheMigration() throws {
        let fixtures = FixtureCase.discoverRepositoryFixtures().cases
        XCTAssertFalse(fixtures.isEmpty)
        for fixture in fixtures {
            let before = try [UInt8](Data(contentsOf: fixture.before))
            var configuration = Configuration()
            if let url = fixture.configuration { configuration = try Configuration.load(path: url.path) }
            let ownRule = RuleRegistry.all.filter { $0.id == fixture.ruleID }
            var everyRule = configuration
            for rule in RuleRegistry.all { everyRule.rules[rule.id] = true }
            for (label, engine) in [
                ("\(fixture.displayName) [own rule]", MigrationEngine(configuration: configuration, rules: ownRule)),
                ("\(fixture.displayName) [every rule]", MigrationEngine(configuration: everyRule)),
            ] {
                let migration = engine.migrate(bytes: before, file: fixture.before.lastPathComponent)
                check(migration, label: label)
            }
        }
    }

    func testRewritesFixedOverSeveralPassesReportOneFix() {
        // Nested calls give overlapping edits: one is applied per pass, and the deferred ones are
        // found again inside text an earlier pass rewrote.
        let source = "let x = wrap(wrap(wrap(1)))\nlet y = wrap(2)\n"
        let engine = MigrationEngine(configuration: Configuration(), rules: [TestRules.unwrap("wrap")])
        let migration = engine.migrate(bytes: Array(source.utf8), file: "x.swift")
        XCTAssertEqual(String(decoding: migration.migrated, as: UTF8.self), "let x = 1\nlet y = 2\n")
        check(migration, label: "nested calls")
        XCTAssertEqual(migration.findings.map(\.column), [9, 14, 19, 9], "every call at its own place")
        XCTAssertEqual(migration.findings.map(\.edits.count), [1, 0, 0, 1])
        XCTAssertEqual(migration.findings[0].edits, [ByteEdit(range: 8..<27, replacement: "1")])
        XCTAssertEqual(migration.findings[1].reason, "rewritten together with the unwrap finding at line 1, whose fix carries this one")
    }

    private func check(_ migration: FileMigration, label: String) {
        let edits = migration.findings.flatMap(\.edits)
        for (i, edit) in edits.enumerated() {
            for other in edits[(i + 1)...] where edit.overlaps(other) || edit.range == other.range {
                XCTFail("\(label): reported fixes overlap: \(edit) and \(other)")
            }
        }
        let applied = EditApplication(text: migration.original, groups: [edits]).text
        XCTAssertEqual(String(decoding: applied, as: UTF8.self), String(decoding: migration.migrated, as: UTF8.self),
                       "\(label): applying every reported fix at once differs from the migration")
        XCTAssertEqual(sarifApplied(migration), migration.migrated, "\(label): applying every SARIF fix differs from the migration")
        for finding in migration.findings where finding.action == .rewrite && finding.edits.isEmpty {
            XCTAssertTrue(finding.reason?.hasPrefix("rewritten together with") ?? false,
                          "\(label): rewrite without edits at line \(finding.line): \(finding.message)")
        }
        var places = Set<String>()
        for finding in migration.findings {
            XCTAssertTrue(places.insert("\(finding.ruleID)@\(finding.offset)").inserted,
                          "\(label): \(finding.ruleID) reports line \(finding.line) twice")
        }
    }

    /// The original bytes with every `fixes[].artifactChanges[].replacements[]` of the SARIF log applied.
    private func sarifApplied(_ migration: FileMigration) -> [UInt8] {
        let text = SARIFFormat().render([migration], ReportContext(toolVersion: "0"))
        guard let log = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let results = (log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] else { return [] }
        var edits: [ByteEdit] = []
        for result in results {
            for fix in result["fixes"] as? [[String: Any]] ?? [] {
                for change in fix["artifactChanges"] as? [[String: Any]] ?? [] {
                    for replacement in change["replacements"] as? [[String: Any]] ?? [] {
                        guard let deleted = replacement["deletedRegion"] as? [String: Any],
                              let offset = deleted["byteOffset"] as? Int, let length = deleted["byteLength"] as? Int else { continue }
                        let inserted = (replacement["insertedContent"] as? [String: Any])?["text"] as? String ?? ""
                        edits.append(ByteEdit(range: offset..<(offset + length), replacement: inserted))
                    }
                }
            }
        }
        return EditApplication(text: migration.original, groups: [edits]).text
    }
}
