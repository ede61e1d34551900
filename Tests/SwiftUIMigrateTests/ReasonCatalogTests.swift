import Foundation
@testable import SwiftUIMigrate
import XCTest

/// Every reason id a rule produces is in the catalog `explain` prints, and no finding's headline
/// contradicts its decision: run over every rule's examples and fixtures. The checks of one rule are
/// functions, which `DocumentedRuleTests` runs over the rule docs/adding-a-rule.md writes.
final class ReasonCatalogTests: XCTestCase {
    /// Every finding the rule gives on its examples and fixtures (the rule on, the registered others as
    /// configured).
    static func findings(of rule: any Rule) throws -> [Finding] {
        var sources: [(String, Configuration, ModuleIndex?)] = rule.examples.triggering.map { ($0.code.replacingOccurrences(of: "↓", with: ""), $0.configuration, nil) }
        sources += rule.examples.nonTriggering.map { ($0.code, $0.configuration, nil) }
        sources += rule.examples.corrections.map { ($0.before, $0.configuration, nil) }
        let folder = RepositoryPaths.fixtures.appendingPathComponent(rule.id)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".before.swift") {
            // The case's own configuration (a floor, an option) when it has one.
            let json = folder.appendingPathComponent(String(name.dropLast(".before.swift".count)) + ".json")
            let configuration = FileManager.default.fileExists(atPath: json.path)
                ? try Configuration.load(path: json.path, rules: RuleRegistry.all) : Configuration()
            // The case's other file of its module, when it has one.
            let other = folder.appendingPathComponent(String(name.dropLast(".before.swift".count)) + ".module.swift").path
            let module = FileManager.default.fileExists(atPath: other)
                ? ModuleIndex(files: { [other] }) { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } } : nil
            sources.append((try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), configuration, module))
        }
        let rules = RuleRegistry.rule(id: rule.id) == nil ? RuleRegistry.all + [rule] : RuleRegistry.all
        return sources.flatMap { source, configuration, module -> [Finding] in
            var configuration = configuration
            configuration.rules[rule.id] = true
            return MigrationEngine(configuration: configuration, rules: rules).migrate(bytes: Array(source.utf8), file: "<input>", module: module).findings
                .filter { $0.ruleID == rule.id }
        }
    }

    func testEveryReasonIDARuleProducesIsInItsExplainCatalog() throws {
        for rule in RuleRegistry.all { try Self.assertCatalogHolds(for: rule) }
    }

    /// `rule`'s catalog lists each id once, `explain` lists its entries, and every finding it gives on its examples
    /// and fixtures names an entry of it with the entry's action (and, for a registered rule, `explain` answers the id).
    static func assertCatalogHolds(for rule: any Rule) throws {
        let catalog = rule.reasonCatalog.map { $0.id(in: rule.id) }
        XCTAssertEqual(Set(catalog).count, catalog.count, "\(rule.id): a reason id is listed twice")
        let explained = RuleExplanation.render(rule)
        let shared = rule.reasonFamily?.reasons ?? []
        for reason in rule.reasonCatalog where !shared.contains(reason) {
            XCTAssertTrue(explained.contains(reason.id(in: rule.id)), "\(rule.id): explain does not list \(reason.id(in: rule.id))")
        }
        if let family = rule.reasonFamily {
            // A family's reasons are worded once, by `explain FAMILY`; the rule names the family and each decision.
            XCTAssertTrue(explained.contains("explain \(family.id)`"), rule.id)
            let familyText = RuleExplanation.render(family)
            for reason in shared {
                XCTAssertTrue(familyText.contains("- \(reason.decision) ("), "\(family.id) does not list \(reason.decision)")
                XCTAssertFalse(explained.contains(reason.meaning), "\(rule.id) words \(reason.decision) again")
            }
        }
        let produced = try findings(of: rule)
        XCTAssertFalse(produced.isEmpty, rule.id)
        for finding in produced {
            XCTAssertTrue(catalog.contains(finding.reasonID), "\(rule.id): \(finding.reasonID) is not in its catalog")
            XCTAssertEqual(rule.reason(withID: finding.reasonID)?.action, finding.action, finding.reasonID)
            if RuleRegistry.rule(id: rule.id) != nil {
                XCTAssertNotNil(RuleExplanation.render(id: finding.reasonID), "explain does not answer \(finding.reasonID)")
            }
        }
    }

    /// The other direction: a catalog entry no example or fixture produces is a decision nothing checks.
    /// `fixtures/unproduced-reasons.txt` lists those still without one; the list may only shrink: a new
    /// reason comes with its fixture, and a fixture that covers a listed one takes it off the list.
    func testEveryCatalogEntryIsProducedByAnExampleOrFixtureOrListedAsNotYet() throws {
        let listFile = RepositoryPaths.fixtures.appendingPathComponent("unproduced-reasons.txt")
        let listed = Set(try String(contentsOf: listFile, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") })
        var missing: Set<String> = []
        for rule in RuleRegistry.all { missing.formUnion(try Self.unproducedReasons(of: rule)) }
        XCTAssertEqual(missing.subtracting(listed).sorted(), [], "no example or fixture produces these reasons: add a fixture for each")
        XCTAssertEqual(listed.subtracting(missing).sorted(), [], "these are produced now: take them off fixtures/unproduced-reasons.txt")
    }

    /// A brace in a decision's words is either a blank or plain text that cannot be read as one
    /// (`Task { }`, `{ @MainActor in … }`, `{"View": …}`): what looks like a blank but is not one (a
    /// phrase ending in a space) would reach the user with its braces.
    func testEveryBlankInTheWordsIsFilledOrPlainText() {
        for rule in RuleRegistry.all {
            for entry in rule.reasonCatalog {
                for text in [entry.generalMeaning, entry.words().headline] {
                    XCTAssertNil(text.range(of: #"\{[^ "]"#, options: .regularExpression), "\(entry.id(in: rule.id)): \(text)")
                }
            }
        }
    }

    /// The ids of `rule`'s own and its family's decisions that none of its examples and fixtures produces, in
    /// catalog order. The run's declines (`RunDecline`), which no rule makes, are checked once, for any rule, by
    /// `testTheEngineMakesEveryRunDecline`.
    static func unproducedReasons(of rule: any Rule) throws -> [String] {
        let produced = Set(try findings(of: rule).map(\.reasonID))
        return rule.reasonCatalog.filter { !RunDecline.catalog.contains($0) }.map { $0.id(in: rule.id) }.filter { !produced.contains($0) }
    }

    /// Every decline of the run is made by the engine whatever the rule: the six a run's choices make
    /// (`MigrationEngine.decide`: `--only`, a review, the baseline), a file with syntax errors, and a
    /// rewrite that fails the engine's check.
    func testTheEngineMakesEveryRunDecline() {
        let rename = TestRules.rename("onAppear", to: "onDisappear", id: "test")
        var made: [String] = []
        for decline in [RunDecline.notPreserving, .changesRuntime, .rejectedInReview, .rejectedEarlier, .notReviewed, .appearsAfterOthers] {
            var engine = MigrationEngine(configuration: Configuration(), rules: [rename])
            engine.decide = { _ in .decline(decline) }
            let (text, migration) = engine.migrate(source: "x.onAppear()\n")
            XCTAssertEqual(text, "x.onAppear()\n", decline.decision)
            made += migration.findings.map(\.reasonID)
        }
        let syntaxErrors = MigrationEngine(configuration: Configuration(), rules: [rename]).migrate(source: "struct A {\n    func f( \n}\nx.onAppear()\n")
        let internalError = MigrationEngine(configuration: Configuration(), rules: [TestRules.breaksParsing("onAppear", id: "test")])
            .migrate(source: "x.onAppear()\n")
        made += syntaxErrors.1.findings.map(\.reasonID) + internalError.1.findings.map(\.reasonID)
        XCTAssertEqual(made.sorted(), RunDecline.catalog.map { $0.id(in: "test") }.sorted())
    }

    func testNoHeadlineContradictsItsDecision() throws {
        var checked = 0
        var deniedNames = 0
        for rule in RuleRegistry.all {
            let counts = try Self.assertHeadlinesFit(rule)
            checked += counts.checked
            deniedNames += counts.deniedNames
        }
        XCTAssertGreaterThan(checked, 50, "the examples and fixtures hold many skips, keeps and reports")
        XCTAssertGreaterThan(deniedNames, 0, "the fixtures hold a flag that is set back, so not a run-once flag")
    }

    /// Asserts each headline `rule` gives on its examples and fixtures is lowercase and none contradicts its
    /// decision; returns how many findings that are not rewrites it checked, and how many deny a name.
    static func assertHeadlinesFit(_ rule: any Rule) throws -> (checked: Int, deniedNames: Int) {
        let hazards = Set((TaskMoveFact.hazards + [TaskMoveFact.belowFloor]).map(\.decision))
        var checked = 0
        var deniedNames = 0
        let produced = try findings(of: rule)
        let rewriteHeadlines = Set(produced.filter { $0.action == .rewrite }.map(\.message))
        for finding in produced {
            XCTAssertFalse(finding.message.isEmpty, finding.reasonID)
            XCTAssertEqual(finding.message.first.map { String($0) }, finding.message.first.map { String($0).lowercased() }, finding.message)
            guard finding.action != .rewrite else { continue }
            checked += 1
            // A site the rule did not rewrite never tells the user to make the rewrite it declined.
            XCTAssertFalse(rewriteHeadlines.contains(finding.message), "\(finding.reasonID): \(finding.message)")
            XCTAssertFalse(finding.message.contains("instead of"), "\(finding.reasonID): \(finding.message)")
            // Nor does it call the code what its reason says it is not ("keep the run-once flag: … so it is not
            // a run-once flag").
            for name in ["run-once flag", "loading pair", "sentinel"] where finding.reason?.contains("not a \(name)") ?? false {
                XCTAssertFalse(finding.message.contains(name), "\(finding.reasonID): \(finding.message): \(finding.reason ?? "")")
                deniedNames += 1
            }
            let decision = String(finding.reasonID.split(separator: "/").last ?? "")
            if hazards.contains(decision) {
                // A hazard (or a floor below the API) says to keep the code as it is and what to check.
                XCTAssertTrue(finding.message.hasPrefix("keep "), "\(finding.reasonID): \(finding.message)")
                XCTAssertFalse(finding.message.contains("into task"), "\(finding.reasonID): \(finding.message)")
            }
        }
        return (checked, deniedNames)
    }

    func testEveryHazardSkipSaysToKeepTheCodeAsItIs() {
        let branch = HostBranch(code: "!isLoadingMore", isSwitch: false, isInsideGroup: false)
        let hazards: [CancellationHazard] = [
            .sentinelHost(host: "Color.clear"), .lazyRow(container: "List"), .menuContent(menu: "Menu"), .workRemovesHost(branch: branch, property: "isLoadingMore"),
            .hiddenInFlightFlag(property: "isLoading"),
            .objectMethodRemovesHost(branch: branch, call: "model.load()", property: "phase"),
            .objectMethodUnseen(branch: branch, call: "model.load()", method: "load", property: "model.phase", isNested: false),
            .outsideView, .noOwnedState, .awaitedOperation("export()"),
        ]
        let words = hazards.map { TaskMoveFact.hazard($0).words(keeping: "the Task") }
        XCTAssertEqual(Set(words.map(\.entry)), Set(TaskMoveFact.hazards), "one case per entry")
        for headline in words.map(\.headline) {
            XCTAssertTrue(headline.hasPrefix("keep the Task"), headline)
            XCTAssertFalse(headline.contains(" move ") || headline.contains("into task"), headline)
        }
    }
}
