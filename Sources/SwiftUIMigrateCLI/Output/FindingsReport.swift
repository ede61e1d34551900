import Foundation
import GitStage
import SwiftUIMigrate

/// What the CLI adds to the library's formats (`FindingsFormat`): the tool's version and the hunk of each finding,
/// made by git's diff.
enum FindingsReport {
    /// The context the formats are rendered in; `sourceRoot` is the folder SARIF's relative URIs are resolved
    /// against (`%SRCROOT%`).
    static func context(sourceRoot: String? = nil) -> ReportContext {
        ReportContext(toolVersion: CLI.version, sourceRoot: sourceRoot, hunk: hunk)
    }

    /// `migration` with its file and findings named `path` (a file's `rootPath`, for the formats other tools read).
    static func named(_ migration: FileMigration, _ path: String) -> FileMigration {
        var named = migration
        named.file = path
        for index in named.findings.indices { named.findings[index].file = path }
        return named
    }

    /// One record per finding, each with the unified hunk of its own edits.
    static func records(_ migrations: [FileMigration]) -> [FindingRecord] { JSONFormat.records(migrations, hunk: hunk) }

    /// The hunks (from the first `@@` on, no file headers) of the diff from the original file
    /// to the original with only `finding`'s edits applied; nil when it has none.
    ///
    /// Made from the lines around the edits only (`HunkWindow`), so a file dense with findings costs in
    /// proportion to them, not findings times the file's size.
    static func hunk(for finding: Finding, in migration: FileMigration) -> String? {
        guard let lower = finding.edits.map(\.range.lowerBound).min(), let upper = finding.edits.map(\.range.upperBound).max() else {
            return nil
        }
        let window = HunkWindow(migration.original, covering: lower..<upper, contextLines: 3, known: finding.start)
        let part = Array(migration.original[window.range])
        let edits = finding.edits.map { edit in
            ByteEdit(range: (edit.range.lowerBound - window.range.lowerBound)..<(edit.range.upperBound - window.range.lowerBound),
                       replacement: edit.replacement)
        }
        let application = EditApplication(text: part, groups: [edits])
        guard !application.applied.isEmpty,
              let patch = try? UnifiedDiff.patch(old: part, new: application.text, path: migration.file),
              let start = patch.range(of: "\n@@") else { return nil }
        return window.renumbered(String(patch[patch.index(after: start.lowerBound)...]))
    }
}
