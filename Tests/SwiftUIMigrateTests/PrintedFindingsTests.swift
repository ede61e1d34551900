import Foundation
@testable import SwiftUIMigrate
import SwiftParser
import SwiftSyntax
import XCTest

/// What a person reads (DESIGN §8), over every fixture's findings as `scan` makes them: the default rules
/// and the case's own, with the case's configuration and module file.
final class PrintedFindingsTests: XCTestCase {
    /// Each case's original text and its findings.
    private func runs() throws -> [(name: String, text: [UInt8], findings: [Finding])] {
        try FixtureCase.discoverRepositoryFixtures().cases.map { fixture in
            var configuration = try fixture.configuration.map { try Configuration.load(path: $0.path, rules: RuleRegistry.all) }
                ?? Configuration()
            configuration.rules[fixture.ruleID] = true
            let module = fixture.module.map { url in
                ModuleIndex(files: { [url.path] }) { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
            }
            let text = [UInt8](try Data(contentsOf: fixture.before))
            let migration = MigrationEngine(configuration: configuration).migrate(bytes: text, file: fixture.before.lastPathComponent, module: module)
            return (fixture.displayName, text, migration.findings)
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
        XCTAssertGreaterThan(checked, 40)
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
