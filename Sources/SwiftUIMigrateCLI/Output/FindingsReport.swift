import Foundation
import GitStage
import SwiftUIMigrate

/// The formats `scan --format` writes findings in.
enum ReportFormat: String, CaseIterable {
    /// `file:line:col: warning: message [rule]`, one line per finding (the default).
    case xcode
    /// An array of `FindingRecord`s, each with its edits and unified hunk.
    case json
    /// A SARIF 2.1.0 log.
    case sarif
    /// GitHub Actions workflow commands (annotations).
    case github
    /// The per-file summary as Markdown.
    case markdown

    /// True for the formats read by other tools (code scanning, GitHub, a pull request), which name files from
    /// the repository's root rather than from the current folder.
    var namesFilesFromRoot: Bool { self == .sarif || self == .github || self == .markdown }
}

/// Renders the findings of a run in a `ReportFormat`; the formatting itself lives in the library.
enum FindingsReport {
    /// `migrations`' findings as `format`, ready for stdout; `sourceRoot` is the folder SARIF's relative URIs are
    /// resolved against (`%SRCROOT%`).
    static func render(_ format: ReportFormat, _ migrations: [FileMigration], sourceRoot: String? = nil) -> String {
        switch format {
        case .xcode:
            return migrations.flatMap(\.findings).map { XcodeFormat.line(for: $0) + "\n" }.joined()
        case .json:
            return json(records(migrations))
        case .sarif:
            return SARIFFormat.render(migrations, toolVersion: CLI.version, sourceRoot: sourceRoot)
        case .github:
            return GitHubFormat.render(migrations)
        case .markdown:
            return MarkdownSummary.render(
                migrations.map { FileSummary(file: $0.file, findings: $0.findings) }, tense: .preview,
                toolVersion: CLI.version)
        }
    }

    /// `migration` with its file and findings named `path` (a file's `rootPath`, for the formats other tools read).
    static func named(_ migration: FileMigration, _ path: String) -> FileMigration {
        var named = migration
        named.file = path
        for index in named.findings.indices { named.findings[index].file = path }
        return named
    }

    /// One record per finding, each with the unified hunk of its own edits.
    static func records(_ migrations: [FileMigration]) -> [FindingRecord] {
        migrations.flatMap { migration in
            migration.findings.map { FindingRecord($0, hunk: hunk(for: $0, in: migration)) }
        }
    }

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
            SourceEdit(range: (edit.range.lowerBound - window.range.lowerBound)..<(edit.range.upperBound - window.range.lowerBound),
                       replacement: edit.replacement)
        }
        let application = EditApplication(text: part, groups: [edits])
        guard !application.applied.isEmpty,
              let patch = try? UnifiedDiff.patch(old: part, new: application.text, path: migration.file),
              let start = patch.range(of: "\n@@") else { return nil }
        return window.renumbered(String(patch[patch.index(after: start.lowerBound)...]))
    }

    /// `records` as the pretty, key-sorted JSON array docs/formats.md documents.
    static func json(_ records: [FindingRecord]) -> String {
        // Strings and integers only: encoding cannot fail.
        (try? JSONText.encode(records)) ?? "[]\n"
    }
}
