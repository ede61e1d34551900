import SwiftUIMigrate
import XCTest

/// Runs `rules`, all turned on, over `source` and checks what every rewrite must hold:
/// no internal error, and a second run on the output changes nothing and rewrites nothing.
func checkedMigration(
    _ source: String, rules: [any Rule], configuration: Configuration = Configuration(),
    file: StaticString = #filePath, line: UInt = #line
) -> (text: String, migration: FileMigration) {
    var configuration = configuration
    for rule in rules { configuration.rules[rule.id] = true }
    let engine = MigrationEngine(configuration: configuration, rules: rules)
    let result = engine.migrate(source: source)
    XCTAssertNil(result.migration.internalError, file: file, line: line)
    let again = engine.migrate(source: result.text)
    XCTAssertEqual(again.text, result.text, "not idempotent", file: file, line: line)
    XCTAssertFalse(again.migration.findings.contains { $0.action == .rewrite }, "a second run rewrites again", file: file, line: line)
    return result
}
