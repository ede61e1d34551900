import Foundation
import XCTest

/// docs/rules.md is what `scripts/docs` writes from the binary's `rules` and `explain` output:
/// a rule whose documentation changed without the page being regenerated fails here.
final class RulesPageTests: XCTestCase {
    func testCommittedRulesPageIsWhatExplainPrints() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [RepositoryFiles.root.appendingPathComponent("scripts/docs").path, "--check"]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFTUI_MIGRATE_BIN"] = try ToolProcess.binary()
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "docs/rules.md is stale; run scripts/docs:\n\(text)")
    }
}
