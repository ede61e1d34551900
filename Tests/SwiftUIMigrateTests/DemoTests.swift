import Foundation
import SwiftUIMigrate
import XCTest

/// `fixtures/demo` holds each default rule's pattern; migrating it rewrites each
/// one, the output still type-checks, and a second run changes nothing.
final class DemoTests: XCTestCase {
    private struct MigratedFile {
        var relativePath: String
        var migration: FileMigration
    }

    private func migrateDemo() -> [MigratedFile] {
        let engine = MigrationEngine(configuration: Configuration(), rules: RuleRegistry.all)
        let root = RepositoryPaths.demo.path + "/"
        return RepositoryPaths.swiftFilesRecursively(in: RepositoryPaths.demo).map { url in
            let bytes = [UInt8](FileManager.default.contents(atPath: url.path) ?? Data())
            let relative = url.path.hasPrefix(root) ? String(url.path.dropFirst(root.count)) : url.lastPathComponent
            return MigratedFile(relativePath: relative, migration: engine.migrate(bytes: bytes, file: relative))
        }
    }

    func testDemoTriggersEveryDefaultRule() {
        let files = migrateDemo()
        XCTAssertGreaterThanOrEqual(files.count, 4)
        for file in files {
            XCTAssertNil(file.migration.internalError, "\(file.relativePath): \(file.migration.internalError ?? "")")
        }
        let rewritten = Set(files.flatMap { $0.migration.findings.filter { $0.action == .rewrite }.map(\.ruleID) })
        for rule in RuleRegistry.all where rule.isEnabledByDefault {
            XCTAssertTrue(rewritten.contains(rule.id), "the demo has no \(rule.id) rewrite\(RuleExampleVerifier.describe(files.flatMap(\.migration.findings)))")
        }
        let untouched = files.filter { !$0.migration.changed }.map(\.relativePath)
        XCTAssertFalse(untouched.isEmpty, "the demo also holds code the tool leaves alone")
    }

    func testMigratedDemoTypeChecksAndIsStable() throws {
        let files = migrateDemo()
        let folder = TypeChecker.shared.workDirectory.appendingPathComponent("migrated-demo-\(UUID().uuidString)")
        var urls: [URL] = []
        let engine = MigrationEngine(configuration: Configuration(), rules: RuleRegistry.all)
        for file in files {
            let url = folder.appendingPathComponent(file.relativePath)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.migration.migrated).write(to: url)
            urls.append(url)
            let again = engine.migrate(bytes: file.migration.migrated, file: file.relativePath)
            XCTAssertFalse(again.changed, "\(file.relativePath): a second run changes the migrated demo")
            XCTAssertEqual(again.findings.filter { $0.action == .rewrite }.count, 0, "\(file.relativePath)")
        }
        let result = TypeChecker.shared.check(TypeChecker.Unit(name: "migrated fixtures/demo", files: urls))
        XCTAssertTrue(result.succeeded, result.failureMessage)
    }
}
