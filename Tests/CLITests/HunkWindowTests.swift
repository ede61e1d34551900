import Foundation
import GitStage
import SwiftUIMigrate
@testable import SwiftUIMigrateCLI
import XCTest

/// A finding's JSON hunk, diffed from the lines around its edits (`HunkWindow`), is exactly the hunk of the whole
/// file's diff — line numbers, context and the line git names in the header — for every finding of every fixture and
/// of a file dense with sites (a view of every rule repeated, with findings whose edits are far from their line).
final class HunkWindowTests: XCTestCase {
    /// The hunks of the diff from the whole original to the original with only `finding`'s edits applied.
    private func wholeFileHunk(_ finding: Finding, _ migration: FileMigration) throws -> String? {
        guard !finding.edits.isEmpty else { return nil }
        let application = EditApplication(text: migration.original, groups: [finding.edits])
        guard !application.applied.isEmpty else { return nil }
        let patch = try UnifiedDiff.patch(old: migration.original, new: application.text, path: migration.file)
        guard let start = patch.range(of: "\n@@") else { return nil }
        return String(patch[patch.index(after: start.lowerBound)...])
    }

    func testEveryFindingsHunkIsTheWholeFilesHunk() throws {
        let root = RepositoryFiles.root.appendingPathComponent("fixtures").path
        var sources: [String: [UInt8]] = [:]
        for folder in try FileManager.default.contentsOfDirectory(atPath: root) {
            let path = root + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            for name in names where name.hasSuffix(".before.swift") {
                sources[folder + "/" + name] = Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)))
            }
        }
        let shelf = try String(contentsOfFile: RepositoryFiles.root.appendingPathComponent("fixtures/golden-project/App/ShelfView.swift").path,
                               encoding: .utf8)
        sources["dense.swift"] = Array((0..<40).map { shelf.replacingOccurrences(of: "ShelfView", with: "ShelfView\($0)") }.joined(separator: "\n").utf8)
        var configuration = Configuration()
        configuration.fileTimeout = nil
        let engine = MigrationEngine(configuration: configuration)
        var compared = 0
        for (name, bytes) in sources.sorted(by: { $0.key < $1.key }) {
            let migration = engine.migrate(bytes: bytes, file: name)
            for finding in migration.findings {
                XCTAssertEqual(FindingsReport.hunk(for: finding, in: migration), try wholeFileHunk(finding, migration),
                               "\(name):\(finding.line) \(finding.ruleID)")
                compared += finding.edits.isEmpty ? 0 : 1
            }
        }
        XCTAssertGreaterThan(compared, 150, "the fixtures and the 80 rewrites of the dense file")
    }
}
