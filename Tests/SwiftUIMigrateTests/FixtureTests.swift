import Foundation
import SwiftUIMigrate
import XCTest

/// Runs every `fixtures/<rule-id>/<case>.before.swift` through its rule and
/// compares the output byte for byte with `<case>.after.swift` (or with the
/// input, for a negative case without `.after`).
///
/// Set `SWIFTUI_MIGRATE_TEST_RULES=rule-id` to check only that rule's cases.
final class FixtureTests: XCTestCase {
    /// The number of cases each default-on rule must have.
    static let minimumCasesPerDefaultRule = 12

    func testFixtureLayout() {
        for problem in FixtureCase.discoverRepositoryFixtures().problems { XCTFail(problem) }
    }

    func testFixturesRewriteToAfterAndAreIdempotent() {
        let tested = TestedRules.all
        for fixture in FixtureCase.discoverRepositoryFixtures().cases {
            guard let rule = tested.first(where: { $0.id == fixture.ruleID }) else { continue }
            for failure in FixtureVerifier(rule: rule).failures(of: fixture) { XCTFail(failure) }
        }
    }

    func testEveryDefaultRuleHasEnoughFixtures() {
        let cases = FixtureCase.discoverRepositoryFixtures().cases
        for rule in TestedRules.all where rule.isEnabledByDefault {
            let count = cases.filter { $0.ruleID == rule.id }.count
            XCTAssertGreaterThanOrEqual(
                count, Self.minimumCasesPerDefaultRule,
                "fixtures/\(rule.id) has \(count) cases; a default rule needs \(Self.minimumCasesPerDefaultRule)")
        }
    }

    func testFixturesStartWithImportSwiftUI() {
        for fixture in FixtureCase.discoverRepositoryFixtures().cases {
            for url in [fixture.before] + (fixture.after.map { [$0] } ?? []) {
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                let code = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .first { !$0.isEmpty && !$0.hasPrefix("//") }
                XCTAssertTrue(code?.hasPrefix("import SwiftUI") ?? false, "\(fixture.displayName): \(url.lastPathComponent) does not start with import SwiftUI")
            }
        }
    }
}

/// Checks the fixture harness on a temporary fixtures folder and a test-only rule.
final class FixtureHarnessTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-harness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("test-rename"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: root.appendingPathComponent(name))
    }

    private var rule: ClosureRule {
        var rule = TestRules.rename("onAppear", to: "onDisappear", id: "test-rename")
        rule.isEnabledByDefault = false
        return rule
    }

    private func failures(_ name: String) -> [String] {
        let found = FixtureCase.discover(in: root, ruleIDs: ["test-rename"], supportFolders: ["SwiftUIStub"])
        guard let fixture = found.cases.first(where: { $0.name == name }) else { return ["no case \(name)"] }
        return FixtureVerifier(rule: rule, checksSnapshots: false).failures(of: fixture)
    }

    func testDiscoveryPairsFilesAndReportsStrays() throws {
        try write("test-rename/a.before.swift", "x.onAppear()\n")
        try write("test-rename/a.after.swift", "x.onDisappear()\n")
        try write("test-rename/a.json", "{}")
        try write("test-rename/b.before.swift", "x\n")
        try write("test-rename/orphan.after.swift", "x\n")
        try write("test-rename/stray.swift", "x\n")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("no-such-rule"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("SwiftUIStub"), withIntermediateDirectories: true)
        let found = FixtureCase.discover(in: root, ruleIDs: ["test-rename"], supportFolders: ["SwiftUIStub"])
        XCTAssertEqual(found.cases.map(\.displayName), ["test-rename/a", "test-rename/b"])
        XCTAssertNotNil(found.cases[0].after)
        XCTAssertNotNil(found.cases[0].configuration)
        XCTAssertNil(found.cases[1].after)
        XCTAssertEqual(found.problems.count, 3, "\(found.problems)")
    }

    func testPassingPositiveAndNegativeCases() throws {
        try write("test-rename/positive.before.swift", "x.onAppear()\r\n")
        try write("test-rename/positive.after.swift", "x.onDisappear()\r\n")
        try write("test-rename/negative.before.swift", "x.task()\n")
        XCTAssertEqual(failures("positive"), [])
        XCTAssertEqual(failures("negative"), [])
    }

    func testWrongAfterFailsWithADiff() throws {
        try write("test-rename/wrong.before.swift", "x.onAppear()\n")
        try write("test-rename/wrong.after.swift", "x.onDisappear()\r\n")
        let result = failures("wrong")
        XCTAssertEqual(result.count, 1)
        XCTAssertTrue(result.first?.contains("test-rename/wrong: the output differs from .after") ?? false, "\(result)")
        XCTAssertTrue(result.first?.contains("␍␊") ?? false, "line endings are shown: \(result)")
    }

    func testChangedNegativeFails() throws {
        try write("test-rename/changed.before.swift", "x.onAppear()\n")
        XCTAssertTrue(failures("changed").first?.contains("a negative case (no .after) changed") ?? false)
    }

    func testAfterEqualToBeforeFails() throws {
        try write("test-rename/same.before.swift", "x\n")
        try write("test-rename/same.after.swift", "x\n")
        XCTAssertEqual(failures("same").count, 1)
    }

    func testConfigurationIsReadAndBadOnesFail() throws {
        try write("test-rename/configured.before.swift", "x.onAppear()\n")
        try write("test-rename/configured.after.swift", "x.onDisappear()\n")
        try write("test-rename/configured.json", "{\"strategy\": \"distribute\", \"rules\": {\"test-rename\": false}}")
        XCTAssertEqual(failures("configured"), [], "the case's rule is turned on even when the configuration turns it off")
        try write("test-rename/configured.json", "{\"strategy\": \"sideways\"}")
        XCTAssertTrue(failures("configured").first?.contains("bad configuration") ?? false)
    }

    func testNonIdempotentAfterFails() throws {
        var spin = TestRules.neverSettles(id: "test-rename")
        spin.triggerWords = ["spin"]
        try write("test-rename/spin.before.swift", "let spin = 1\n")
        try write("test-rename/spin.after.swift", "let spinx = 1\n")
        let found = FixtureCase.discover(in: root, ruleIDs: ["test-rename"], supportFolders: [])
        let result = FixtureVerifier(rule: spin).failures(of: found.cases[0])
        XCTAssertFalse(result.isEmpty)
    }
}
