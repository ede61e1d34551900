import Foundation
@testable import SwiftUIMigrate
import SwiftParser
import SwiftSyntax
import XCTest

/// What a person reads (DESIGN §8), over every fixture's findings as `scan` makes them: the default rules
/// and the case's own, with the case's configuration and module file.
final class PrintedFindingsTests: XCTestCase {
    /// Each case's original text and its findings.
    private func runs(
        _ adjust: (inout Configuration) -> Void = { _ in }
    ) throws -> [(name: String, text: [UInt8], findings: [Finding], floor: DeploymentFloor?)] {
        try FixtureCase.discoverRepositoryFixtures().cases.map { fixture in
            var configuration = try fixture.configuration.map { try Configuration.load(path: $0.path, rules: RuleRegistry.all) }
                ?? Configuration()
            configuration.rules[fixture.ruleID] = true
            adjust(&configuration)
            let module = fixture.module.map { url in
                ModuleIndex(files: { [url.path] }) { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
            }
            let text = [UInt8](try Data(contentsOf: fixture.before))
            let migration = MigrationEngine(configuration: configuration).migrate(bytes: text, file: fixture.before.lastPathComponent, module: module)
            return (fixture.displayName, text, migration.findings, configuration.deploymentTarget)
        }
    }

    /// A modifier the run rewrites is not also skipped or reported, by the place of the modifier's name in the
    /// original file: a finding on a Group stands for the Group's lifecycle modifiers, and a rewrite that deletes
    /// a modifier rewrites it.
    func testNoModifierIsBothRewrittenAndReported() throws {
        var checked = 0
        for run in try runs() {
            let tree = Parser.parse(source: String(decoding: run.text, as: UTF8.self))
            func modifiers(_ finding: Finding) -> Set<Int> {
                var places: Set<Int> = [finding.offset]
                if finding.action != .rewrite, finding.ruleID == GroupLifecycleRule.id {
                    places.formUnion(Self.lifecycleModifierNames(ofGroupAt: finding.offset, in: tree))
                }
                for edit in finding.edits where edit.replacement.allSatisfy(\.isWhitespace) {
                    places.formUnion(Self.modifierNames(in: tree).filter { edit.range.contains($0) })
                }
                return places
            }
            let rewritten = run.findings.filter { $0.action == .rewrite }.reduce(into: Set<Int>()) { $0.formUnion(modifiers($1)) }
            for finding in run.findings where finding.action == .skip || finding.action == .report {
                checked += 1
                let both = modifiers(finding).intersection(rewritten)
                XCTAssertTrue(both.isEmpty, "\(run.name): \(finding.line):\(finding.column) \(finding.reasonID) is on a modifier the run rewrites")
            }
        }
        XCTAssertGreaterThan(checked, 30)
    }

    /// A default line (what `scan` prints: not the keeps) says at most `XcodeFormat.budget` characters after its
    /// location, offers no two opposite actions, and asks something: no printed skip's to-do is "nothing".
    func testEveryPrintedLineIsWithinTheBudgetAndAsksSomething() throws {
        var printed = 0
        for run in try runs() {
            for finding in run.findings where finding.action != .keep {
                printed += 1
                let text = XcodeFormat.text(of: finding)
                XCTAssertLessThanOrEqual(text.count, XcodeFormat.budget, "\(run.name): \(finding.reasonID): \(text)")
                XCTAssertFalse(finding.message.hasPrefix("keep ") && finding.message.contains(", or "),
                               "\(run.name): \(finding.reasonID) offers two opposite actions: \(finding.message)")
                let entry = try XCTUnwrap(RuleRegistry.reason(withID: finding.reasonID)?.reason, finding.reasonID)
                XCTAssertFalse(entry.whatToDo.hasPrefix("nothing"), "\(run.name): \(finding.reasonID) is printed and asks nothing: \(text)")
            }
        }
        XCTAssertGreaterThan(printed, 150)
    }

    /// No advice contradicts another decision: a keep that offers `syncWork: onChangeInitial` is rewritten with it,
    /// not kept again under another reason.
    func testTheSyncWorkOptionAKeepOffersRewritesThePair() throws {
        let option = #""syncWork": "onChangeInitial""#
        let offered = try runs().flatMap { run in run.findings.filter { $0.reason?.contains(option) ?? false }.map { (run.name, $0) } }
        XCTAssertFalse(offered.isEmpty, "a fixture's keep offers the option")
        let withOption = try runs { $0.ruleOptions[AppearChangeLoadRule.id, default: [:]]["syncWork"] = "onChangeInitial" }
        for (name, keep) in offered {
            let run = try XCTUnwrap(withOption.first { $0.name == name })
            let after = run.findings.first { $0.ruleID == keep.ruleID && $0.offset == keep.offset }
            XCTAssertEqual(after?.action, .rewrite, "\(name): \(after?.reasonID ?? "nothing") with the option its keep offered")
        }
    }

    /// Platform words match the file's floor: no iOS version in the words of a file built for no iOS.
    func testAFileWithoutIOSIsNotToldAboutIOS() throws {
        var checked = 0
        for run in try runs() {
            guard let floor = run.floor, floor.isKnown, floor.minimums[.iOS] == nil, floor.minimums[.macCatalyst] == nil else { continue }
            for finding in run.findings {
                checked += 1
                let words = [finding.message, finding.reason ?? "", finding.safety?.explanation ?? ""].joined(separator: " ")
                XCTAssertFalse(words.contains("iOS"), "\(run.name): \(finding.reasonID): \(words)")
            }
        }
        XCTAssertGreaterThan(checked, 0, "a fixture with a floor without iOS")
    }

    /// The names of the lifecycle modifiers of the `Group { … }` whose name is at `offset`.
    private static func lifecycleModifierNames(ofGroupAt offset: Int, in tree: SourceFileSyntax) -> [Int] {
        guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)),
              let call = token.parent?.parent?.as(FunctionCallExprSyntax.self), let group = GroupCall(call) else { return [] }
        return ModifierChain(above: group.call).modifiers.filter { GroupModifierKind.isLifecycle($0.name) }
            .map { $0.memberAccess.declName.baseName.positionAfterSkippingLeadingTrivia.utf8Offset }
    }

    /// The places of every modifier name (`.name` of a member access with a base or in a chain) in `tree`.
    private static func modifierNames(in tree: SourceFileSyntax) -> [Int] {
        final class Names: SyntaxVisitor {
            var offsets: [Int] = []
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                offsets.append(node.declName.baseName.positionAfterSkippingLeadingTrivia.utf8Offset)
                return .visitChildren
            }
        }
        let names = Names(viewMode: .sourceAccurate)
        names.walk(tree)
        return names.offsets
    }
}
