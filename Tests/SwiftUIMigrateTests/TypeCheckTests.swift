import Foundation
import SwiftUIMigrate
import XCTest

/// Every fixture, rule example and the demo type-check against the SwiftUI
/// stand-in (`fixtures/SwiftUIStub`) with `fixtures/TypeCheckSupport/*.swift`,
/// in Swift 6 language mode (a rewrite that does not type-check is a bug).
///
/// Set `SWIFTUI_MIGRATE_TEST_RULES=rule-id` to check only that rule's fixtures and examples.
final class TypeCheckTests: XCTestCase {
    private func assertTypeChecks(_ units: [TypeChecker.Unit], file: StaticString = #filePath, line: UInt = #line) {
        for result in TypeChecker.shared.check(units) where !result.succeeded {
            XCTFail(result.failureMessage, file: file, line: line)
        }
    }

    func testStandInModuleBuildsAndSamplesTypeCheck() {
        XCTAssertNil(TypeChecker.shared.moduleError)
        let samples = RepositoryPaths.swiftFiles(in: RepositoryPaths.swiftUIStub.appendingPathComponent("Samples"))
        XCTAssertFalse(samples.isEmpty, "fixtures/SwiftUIStub/Samples holds the stand-in's smoke sample")
        assertTypeChecks(samples.map { TypeChecker.Unit(name: "SwiftUIStub/Samples/\($0.lastPathComponent)", files: [$0]) })
    }

    func testTypeCheckerReportsErrors() {
        let unit = TypeChecker.shared.unit(named: "broken", source: """
            import SwiftUI
            struct Broken: View {
                var flag = true
                var content: some View {
                    if flag { Text("a") } else { Color.red }
                }
                var body: some View { Text("b").task(id: (1, 2)) {} }
            }
            """)
        let result = TypeChecker.shared.check(unit)
        XCTAssertFalse(result.succeeded)
        XCTAssertTrue(result.output.contains("mismatching types"), result.output)
        XCTAssertTrue(result.output.contains("Equatable"), result.output)
    }

    func testFixturesTypeCheckBeforeAndAfter() {
        let ruleIDs = Set(TestedRules.all.map(\.id))
        var units: [TypeChecker.Unit] = []
        for fixture in FixtureCase.discoverRepositoryFixtures().cases where ruleIDs.contains(fixture.ruleID) {
            let module = fixture.module.map { [$0] } ?? []
            units.append(TypeChecker.Unit(name: "fixtures/\(fixture.displayName).before.swift", files: [fixture.before] + module))
            if let after = fixture.after {
                units.append(TypeChecker.Unit(name: "fixtures/\(fixture.displayName).after.swift", files: [after] + module))
            }
        }
        assertTypeChecks(units)
    }

    func testRuleExamplesTypeCheck() {
        assertTypeChecks(TestedRules.all.flatMap(Self.exampleUnits))
    }

    /// One unit per example of `rule`, and two per correction (before and after).
    static func exampleUnits(of rule: any Rule) -> [TypeChecker.Unit] {
        let examples = rule.examples
        var sources: [(String, String)] = []
        for (index, example) in examples.triggering.enumerated() { sources.append(("triggering-\(index + 1)", example.code)) }
        for (index, example) in examples.nonTriggering.enumerated() { sources.append(("non-triggering-\(index + 1)", example.code)) }
        for (index, correction) in examples.corrections.enumerated() {
            sources.append(("correction-\(index + 1)-before", correction.before))
            sources.append(("correction-\(index + 1)-after", correction.after))
        }
        return sources.map { name, code in TypeChecker.shared.unit(named: "\(rule.id).\(name)", source: completeFile(code)) }
    }

    func testDemoProjectTypeChecks() {
        let files = RepositoryPaths.swiftFilesRecursively(in: RepositoryPaths.demo)
        XCTAssertGreaterThanOrEqual(files.count, 4, "fixtures/demo holds the demo app")
        assertTypeChecks([TypeChecker.Unit(name: "fixtures/demo", files: files)])
    }

    /// An example's code without `↓` markers, with `import SwiftUI` put first when it lacks it.
    /// (Compiler line numbers then count the added import line.)
    static func completeFile(_ code: String) -> String {
        let stripped = ExampleMarkers(parsing: code).code
        let importsSwiftUI = stripped.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("import SwiftUI") }
        return importsSwiftUI ? stripped : "import SwiftUI\n" + stripped
    }
}
