import ArgumentParsing
import Foundation
import GitStage
import SwiftUIMigrate

/// `apply` in its git modes: migrate the repository's tracked Swift files and put the
/// result on a new branch with GitStage (stage, stage and commit, or no-checkout).
struct GitApply {
    let console: Console

    /// What one git-mode run produced, for the text and JSON reports.
    struct Report {
        var outcome: StageOutcome
        var mode: StageMode
        var summaries: [FileSummary]
    }

    func run(_ arguments: ParsedArguments, path: String) throws -> Report {
        let mode: StageMode = arguments.flag("no-checkout") ? .noCheckout : (arguments.flag("commit") ? .stageAndCommit : .stage)
        let branch = arguments.value("branch") ?? StagePlan.defaultBranch
        let repository = try Repository.discover(from: path)
        try repository.preflight(mode: mode, branch: branch)
        let author = try arguments.value("author").map(Identity.init(parsing:))

        let settings: RunSettings
        let outcomes: [FileOutcome]
        var relativePaths: [String: String] = [:]
        if mode == .noCheckout {
            let scope = repository.isBare ? nil : try repository.relativePath(for: path)
            let committedConfig = try repository.headBlob(path: Configuration.fileName)
            settings = try RunSettings(
                arguments: arguments, paths: [path],
                committed: committedConfig.map { ($0, "HEAD:\(Configuration.fileName)") })
            let discovery = SourceDiscovery(configuration: settings.configuration, globRoot: "")
            let paths = try repository.trackedFilesAtHEAD(under: scope.flatMap { $0.isEmpty ? nil : $0 })
                .filter { $0.hasSuffix(".swift") && discovery.isIncluded($0) }
            var blobs: [String: [UInt8]] = [:]
            for relative in paths { blobs[relative] = try repository.headBlob(path: relative) }
            let files = paths.map { SourceFile(displayPath: $0, absolutePath: $0) }
            for file in files { relativePaths[file.displayPath] = file.displayPath }
            let maxSize = settings.configuration.maxFileSize
            let loaded = blobs
            outcomes = MigrationRun.run(files, engine: settings.engine) { file in
                guard let bytes = loaded[file.absolutePath] else { return .skipped("not a file in HEAD") }
                if bytes.count > maxSize { return .skipped("larger than the \(maxSize)-byte limit (maxFileSize)") }
                guard String(validating: bytes, as: UTF8.self) != nil else { return .skipped("not UTF-8 text") }
                return .text(bytes)
            }
            Workspace.warnAboutProblems(outcomes, console: console)
        } else {
            _ = try repository.relativePath(for: path)
            settings = try RunSettings(arguments: arguments, paths: [path])
            outcomes = try Workspace.migrate(arguments, console: console)
            for outcome in outcomes where outcome.migration?.changed == true {
                relativePaths[outcome.file.displayPath] = try repository.relativePath(for: outcome.file.absolutePath)
            }
        }

        let summaries = Workspace.summaries(outcomes)
        let rewrites = outcomes.compactMap { outcome -> FileRewrite? in
            guard let migration = outcome.migration, migration.changed,
                  let relative = relativePaths[outcome.file.displayPath] else { return nil }
            return FileRewrite(path: relative, original: migration.original, migrated: migration.migrated)
        }
        let ruleIDs = settings.engine.rules.map(\.id).joined(separator: ", ")
        let commit = CommitOptions(
            title: arguments.value("message") ?? "Migrate SwiftUI lifecycle code with swiftui-migrate",
            body: SummaryTable.render(summaries),
            trailers: [
                Trailer("Migrated-by", "swiftui-migrate \(CLI.version)"),
                Trailer("Migration-rules", ruleIDs),
                Trailer("Migration-strategy", settings.configuration.strategy.rawValue),
            ],
            author: author)
        let plan = StagePlan(rewrites: rewrites, branch: branch, commit: commit)
        let outcome = try repository.stage(plan, mode: mode)
        for skipped in outcome.skipped {
            console.warning("not written: \(skipped)")
        }
        return Report(outcome: outcome, mode: mode, summaries: summaries)
    }

    /// One line saying what happened to the repository.
    static func resultLine(_ report: Report) -> String {
        let outcome = report.outcome
        let count = outcome.changedPaths.count
        let files = "\(count) file\(count == 1 ? "" : "s")"
        let base = String(outcome.base.hex.prefix(7))
        switch outcome.result {
        case .staged:
            return "staged \(files) on branch '\(outcome.branch)' (created at \(base); HEAD now points at it). "
                + "Review with 'git diff --cached', then commit."
        case .committed(let commit):
            let how = report.mode == .noCheckout ? "worktree, index and HEAD untouched" : "HEAD now points at it"
            return "committed \(files) as \(commit.hex.prefix(7)) on branch '\(outcome.branch)' (from \(base); \(how))."
        case .alreadyApplied(let commit):
            return "already applied: branch '\(outcome.branch)' at \(commit.hex.prefix(7)) holds this migration of \(base)."
        case .nothingToStage:
            return "nothing to migrate: no branch created."
        }
    }

    /// The run as JSON: result, branch, commits, changed and skipped paths, and every finding.
    static func json(_ report: Report) throws -> String {
        struct Output: Encodable {
            var result: String
            var branch: String
            var base: String
            var commit: String?
            var changedPaths: [String]
            var skipped: [String]
            var findings: [FindingRecord]
        }
        let outcome = report.outcome
        let (result, commit): (String, String?) = switch outcome.result {
        case .staged: ("staged", nil)
        case .committed(let id): ("committed", id.hex)
        case .alreadyApplied(let id): ("already-applied", id.hex)
        case .nothingToStage: ("nothing-to-stage", nil)
        }
        let output = Output(
            result: result, branch: outcome.branch, base: outcome.base.hex, commit: commit,
            changedPaths: outcome.changedPaths, skipped: outcome.skipped.map(\.description),
            findings: report.summaries.flatMap(\.findings).map(FindingRecord.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(output), as: UTF8.self) + "\n"
    }
}
