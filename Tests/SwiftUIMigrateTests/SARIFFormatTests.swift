import Foundation
@testable import SwiftUIMigrate
import XCTest

/// The SARIF log's content (the CLI tests validate whole logs against the official schema).
final class SARIFFormatTests: XCTestCase {
    private func log(_ migrations: [FileMigration]) throws -> [String: Any] {
        let text = SARIFFormat().render(migrations, ReportContext(toolVersion: "9.9.9"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func run(_ log: [String: Any]) throws -> [String: Any] {
        try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
    }

    func testDriverListsEveryRuleWithDescriptionsAndHelp() throws {
        let empty = try run(log([]))
        XCTAssertEqual((empty["results"] as? [Any])?.count, 0)
        let driver = try XCTUnwrap((empty["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "swiftui-migrate")
        XCTAssertEqual(driver["version"] as? String, "9.9.9")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.map { $0["id"] as? String }, RuleRegistry.all.map(\.id))
        for (rule, descriptor) in zip(RuleRegistry.all, rules) {
            XCTAssertEqual((descriptor["shortDescription"] as? [String: Any])?["text"] as? String, rule.documentation.summary)
            XCTAssertNotNil((descriptor["fullDescription"] as? [String: Any])?["text"] as? String)
            let help = try XCTUnwrap(descriptor["help"] as? [String: Any])
            // A SARIF file stands alone: its help lists the rule's family's reasons too.
            XCTAssertEqual(help["text"] as? String, RuleExplanation.render(rule, listingFamily: true))
            XCTAssertTrue((help["markdown"] as? String)?.contains("**Fix:**") ?? false)
            XCTAssertEqual((descriptor["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool, rule.isEnabledByDefault)
        }
    }

    func testRewriteResultCarriesLocationFingerprintAndFix() throws {
        let source = "import SwiftUI\n// café\nstruct A { var v: some View { Group { Text(\"é\") }.onAppear { go() } } }\n"
        let engine = MigrationEngine(configuration: Configuration(), rules: [TestRules.rename("onAppear", to: "task")])
        let migration = engine.migrate(bytes: Array(source.utf8), file: "Sources/My View.swift")
        let results = try XCTUnwrap(run(log([migration]))["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 1)
        let result = results[0]
        XCTAssertEqual(result["ruleId"] as? String, "rename")
        XCTAssertNil(result["ruleIndex"], "a rule not in the registry has no index")
        XCTAssertEqual(result["level"] as? String, "warning")
        XCTAssertEqual((result["message"] as? [String: Any])?["text"] as? String, "rename onAppear to task (preserving)")
        let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((location["artifactLocation"] as? [String: Any])?["uri"] as? String, "Sources/My%20View.swift")
        let region = try XCTUnwrap(location["region"] as? [String: Any])
        XCTAssertEqual(region["startLine"] as? Int, 3)
        let onAppear = try XCTUnwrap(source.components(separatedBy: "\n")[2].range(of: "onAppear"))
        let characterColumn = source.components(separatedBy: "\n")[2].unicodeScalars.distance(
            from: source.components(separatedBy: "\n")[2].unicodeScalars.startIndex, to: onAppear.lowerBound) + 1
        XCTAssertEqual(region["startColumn"] as? Int, characterColumn)
        XCTAssertEqual(region["startColumn"] as? Int, migration.findings[0].column - 1, "é is two bytes, one code point")
        XCTAssertEqual((result["partialFingerprints"] as? [String: String])?[SARIFFormat.fingerprintKey], migration.findings[0].fingerprint)
        let fix = try XCTUnwrap((result["fixes"] as? [[String: Any]])?.first)
        let change = try XCTUnwrap((fix["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try XCTUnwrap((change["replacements"] as? [[String: Any]])?.first)
        let deleted = try XCTUnwrap(replacement["deletedRegion"] as? [String: Any])
        XCTAssertEqual(deleted["byteOffset"] as? Int, migration.findings[0].offset)
        XCTAssertEqual(deleted["byteLength"] as? Int, "onAppear".utf8.count)
        XCTAssertEqual((replacement["insertedContent"] as? [String: Any])?["text"] as? String, "task")
        XCTAssertEqual(try run(log([migration]))["columnKind"] as? String, "unicodeCodePoints")
    }

    func testShippedRuleResultsHaveTheirRuleIndexAndNotesHaveNoFix() throws {
        let finding = Finding(
            ruleID: RuleRegistry.all[1].id, file: "/abs/a.swift", line: 1, column: 1, offset: 0,
            message: "keep the flag", action: .keep, reason: "kept: no identity to key on",
            reasonID: "guard-flag-load/no-identity")
        let migration = FileMigration(file: "/abs/a.swift", original: Array("x\n".utf8), migrated: [], findings: [finding], hasSyntaxErrors: false)
        let result = try XCTUnwrap((run(log([migration]))["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(result["ruleIndex"] as? Int, 1)
        XCTAssertEqual(result["level"] as? String, "note")
        XCTAssertNil(result["fixes"])
        XCTAssertEqual((result["message"] as? [String: Any])?["text"] as? String, "keep the flag: kept: no identity to key on")
        XCTAssertEqual((result["properties"] as? [String: Any])?["action"] as? String, "keep")
        XCTAssertEqual((result["properties"] as? [String: Any])?["reasonID"] as? String, "guard-flag-load/no-identity")
        XCTAssertEqual(SARIFFormat.uri(for: "/abs/a b.swift"), "file:///abs/a%20b.swift")
    }
}
