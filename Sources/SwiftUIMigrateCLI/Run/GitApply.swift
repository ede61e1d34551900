import AtomicFiles
import Foundation
import GitStage
import SwiftUIMigrate
import Synchronization

/// `apply` in its git modes: migrate the repository's tracked Swift files and put the
/// result on a new branch with GitStage (stage, stage and commit, or no-checkout).
enum GitApply {
    /// What one git-mode run produced, for the text and JSON reports.
    struct Report {
        var outcome: StageOutcome
        var mode: StageMode
        /// Each file's summary, named as the user named it, kept findings included (JSON lists them; see `showsKept`).
        var summaries: [FileSummary]
        /// The same, named from the repository's root, for the pull-request body.
        var rootSummaries: [FileSummary]
        /// How many Swift files the run looked at (read or skipped).
        var fileCount: Int
        /// True when `--show-kept` or `showKept` asks for the kept findings in summaries and bodies.
        var showsKept = false
        /// Every finding as `--format json` writes it, with its hunk (as `--in-place` and `scan` write them).
        var records: [FindingRecord] = []
    }

    /// A repository's files migrated in memory, not yet written anywhere.
    struct Migration {
        /// The configuration and rules the engine ran with.
        var settings: RunSettings
        /// Every file looked at, in order.
        var outcomes: [FileOutcome]
        /// Each file's repository-relative path, by display path (changed files at least).
        var relativePaths: [String: String]
        /// Warnings about the configuration: its patterns that match no `.swift` file.
        var warnings: [String] = []
    }

    /// Decides which fixes go in (`apply --interactive`): gets the run's outcomes and engine,
    /// returns the outcomes to stage.
    typealias Review = (_ outcomes: [FileOutcome], _ engine: MigrationEngine) throws -> [FileOutcome]

    /// Migrates the repository containing `path` with `options` and stages the result in `mode` on the branch and
    /// with the commit `commit` names, writing nothing to the terminal: warnings (skipped files, internal errors,
    /// rewrites not written) go to `warn`. With `repositoryRelativeNames` the worktree modes name files relative
    /// to the repository's root (as no-checkout mode always does) rather than to `path`.
    static func run(
        _ options: MigrationOptions, commit settings: CommitSettings, path: String, mode: StageMode,
        repositoryRelativeNames: Bool = false, review: Review? = nil, warn: (String) -> Void
    ) throws -> Report {
        let branch = settings.branch
        let repository = try Repository.discover(from: path)
        let state = ApplyStateFolder(repository)
        let lock = try state.lock()
        defer { lock.release() }
        try InterruptedApply.refuseIfPresent(in: state, repository: repository)
        try repository.preflight(mode: mode, branch: branch)

        var migration = mode == .noCheckout
            ? try migrateHEAD(repository, path: path, options: options)
            : try migrateWorktree(repository, path: path, options: options, repositoryRelativeNames: repositoryRelativeNames)
        for problem in migration.warnings + Workspace.problems(migration.outcomes) { warn(problem) }
        try Self.stopOnResourceExhaustion(migration.outcomes)
        if let review { migration.outcomes = try review(migration.outcomes, migration.settings.engine) }
        let (run, outcomes, relativePaths) = (migration.settings, migration.outcomes, migration.relativePaths)

        let rewrites = outcomes.compactMap { outcome -> FileRewrite? in
            guard let migration = outcome.migration, migration.changed,
                  let relative = relativePaths[outcome.file.displayPath] else { return nil }
            return FileRewrite(path: relative, original: migration.original, migrated: migration.migrated)
        }
        let displayPaths = Dictionary(relativePaths.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func notWritten(_ skipped: [SkippedRewrite]) -> [String: String] {
            Dictionary(skipped.map { (displayPaths[$0.path] ?? $0.path, $0.reason.rawValue) }, uniquingKeysWith: { first, _ in first })
        }
        let unwritable = notWritten(try repository.unwritable(rewrites.map(\.path), mode: mode))
        let ruleIDs = run.engine.rules.map(\.id).joined(separator: ", ")
        var kept = KeptFindings(shown: run.configuration.showKept)
        let commit = CommitOptions(
            title: settings.message ?? "Migrate SwiftUI lifecycle code with swiftui-migrate",
            body: CommitMessageBody.render(
                kept.filter(Workspace.summaries(outcomes, fromRoot: true, notWritten: unwritable)), toolVersion: CLI.version),
            trailers: [
                Trailer("Migrated-by", "swiftui-migrate \(CLI.version)"),
                Trailer("Migration-rules", ruleIDs),
                Trailer("Migration-strategy", run.configuration.strategy.rawValue),
            ],
            author: settings.author)
        if let workdir = repository.workdir, mode != .noCheckout {
            for folder in Set(rewrites.map { JournalRecorder.folder(of: workdir + "/" + $0.path) }) {
                AtomicFileWrite.sweepTemporaryFiles(in: folder)
            }
        }
        let plan = StagePlan(rewrites: rewrites, branch: branch, commit: commit)
        let outcome = try stage(plan, mode: mode, in: repository, journal: JournalRecorder(path: state.journalPath), warn: warn)
        let skipped = notWritten(outcome.skipped)
        return Report(
            outcome: outcome, mode: mode, summaries: Workspace.summaries(outcomes, notWritten: skipped),
            rootSummaries: Workspace.summaries(outcomes, fromRoot: true, notWritten: skipped), fileCount: outcomes.count,
            showsKept: run.configuration.showKept, records: FindingsReport.records(outcomes.compactMap(\.migration)))
    }

    /// `apply --resume` in a git mode: undoes what the interrupted run did and stages its plan again, from its
    /// journal (so the result is the one the run would have made).
    static func resume(_ interrupted: InterruptedApply, warn: (String) -> Void) throws -> Report {
        guard let record = interrupted.journal.stageRecord, let repository = interrupted.repository else {
            throw CommandError("the journal \(interrupted.journalPath) is not of a git run")
        }
        _ = try SignalGuard.deferringInterruptions(announce: { _, _ in }) {
            try repository.undoInterruptedStage(
                record, lastStep: interrupted.journal.lastStep,
                journalChanged: ApplyJournal.lastChange(interrupted.journalPath))
        }
        try repository.preflight(mode: record.mode, branch: record.branch)
        let outcome = try stage(
            record.plan, mode: record.mode, in: repository, journal: JournalRecorder(path: interrupted.journalPath),
            warn: warn)
        return Report(outcome: outcome, mode: record.mode, summaries: [], rootSummaries: [], fileCount: record.changes.count)
    }

    /// Stages `plan`, keeping the journal while it writes; SIGINT/SIGTERM wait for the staging (or its rollback) to
    /// finish: all or nothing.
    private static func stage(
        _ plan: StagePlan, mode: StageMode, in repository: Repository, journal: JournalRecorder, warn: (String) -> Void
    ) throws -> StageOutcome {
        let outcome = try SignalGuard.deferringInterruptions(announce: { signal, completed in
            warn("\(signal) received while staging; " + (completed
                ? "finished first: the repository holds the complete result"
                : "the staging failed and was rolled back: the repository is as it was"))
        }) {
            try journal.recording { try repository.stage(plan, mode: mode, observer: $0) }
        }
        for skipped in outcome.skipped {
            warn("not written: \(skipped)")
        }
        return outcome
    }

    /// Migrates the tracked Swift files of HEAD's tree at or below `path` (all of them in a bare repository),
    /// reading their blobs as the workers reach them — the worktree and index are never looked at. A blob that
    /// cannot be read fails the run, as a broken repository must. Each file's configuration is read from HEAD's
    /// `.swiftui-migrate.json` files unless `--config` names one. Files are named repository-relative.
    static func migrateHEAD(_ repository: Repository, path: String, options: MigrationOptions) throws -> Migration {
        let scope = repository.isBare ? nil : try repository.relativePath(for: path)
        // Every tracked file, not only the Swift ones in scope: the floor is read from project.pbxproj
        // and .xcconfig files too, and from folders above `path`; configuration files from every folder.
        let everything = try repository.trackedFilesAtHEAD()
        let tree = CommitProjectTree(repository: repository, trackedPaths: everything)
        let settings = try RunSettings(options: options, paths: [scope ?? ""], commit: tree)
        var inScope: [SourceFile] = []
        var swiftFileCount = 0
        for path in try repository.trackedFilesAtHEAD(under: scope.flatMap { $0.isEmpty ? nil : $0 }) where path.hasSuffix(".swift") {
            swiftFileCount += 1
            let configuration = try settings.effective(forFile: path)
            guard configuration.includes(path) else { continue }
            var file = SourceFile(displayPath: path, absolutePath: path)
            file.configuration = configuration.configuration
            inScope.append(file)
        }
        if inScope.isEmpty && swiftFileCount > 0 { throw NoFileToCheck(folder: path, reason: .allExcluded(swiftFileCount)) }
        // HEAD's every Swift file was looked at: a pattern none of them matches is unused.
        var unused = UnusedGlobs()
        for path in everything where path.hasSuffix(".swift") { unused.note(path, in: try settings.effective(forFile: path)) }
        // Each blob is read when a worker reaches its file, so at most the run's window of files is in memory.
        let head = try HeadBlobReader(repository)
        let maxSize = settings.configuration.maxFileSize
        // A module's other files are read from HEAD too, as a decision needs them.
        let module: (String) -> ModuleFiles = { folder in
            ModuleFiles(commitFolder: folder, paths: everything, maxSize: maxSize) { path in (try? head.blob(path: path)) ?? nil }
        }
        let files = Workspace.floored(inScope, settings: settings, tree: tree, floorNotes: nil, module: module) { file in
            file.absolutePath.lastIndex(of: "/").map { String(file.absolutePath[..<$0]) } ?? ""
        }
        var relativePaths: [String: String] = [:]
        for file in files { relativePaths[file.displayPath] = file.displayPath }
        let failure = Mutex<(any Error)?>(nil)
        let outcomes = MigrationRun.run(files, engine: settings.engine) { file in
            do {
                guard let bytes = try head.blob(path: file.absolutePath) else { return .skipped("not a file in HEAD") }
                return SourceReader.decode(bytes, maxSize: file.configuration?.maxFileSize ?? maxSize)
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
                return .skipped("cannot read it from HEAD: \(error)")
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return Migration(
            settings: settings, outcomes: outcomes, relativePaths: relativePaths,
            warnings: unused.warnings())
    }

    /// Migrates the tracked Swift files in the worktree at or below `path`, as `scan PATH` finds them.
    static func migrateWorktree(
        _ repository: Repository, path: String, options: MigrationOptions, repositoryRelativeNames: Bool
    ) throws -> Migration {
        _ = try repository.relativePath(for: path)
        var warnings: [String] = []
        var (settings, files) = try Workspace.settingsAndFiles(options, paths: [path], warn: { warnings.append($0) })
        if repositoryRelativeNames {
            files = try files.map { file in
                var renamed = file
                renamed.displayPath = try repository.relativePath(for: file.absolutePath)
                renamed.rootPath = renamed.displayPath
                return renamed
            }
        }
        let outcomes = MigrationRun.run(files, engine: settings.engine)
        var relativePaths: [String: String] = [:]
        for outcome in outcomes where outcome.migration?.changed == true {
            relativePaths[outcome.file.displayPath] = try repository.relativePath(for: outcome.file.absolutePath)
        }
        return Migration(settings: settings, outcomes: outcomes, relativePaths: relativePaths, warnings: warnings)
    }

    /// Throws when a file could not be read because the system ran out of file descriptors or memory:
    /// staging the rest would be a partial migration that looks complete.
    static func stopOnResourceExhaustion(_ outcomes: [FileOutcome]) throws {
        for outcome in outcomes {
            if let reason = outcome.skipReason, SourceReader.isResourceExhaustion(reason) {
                throw CommandError(
                    "\(outcome.file.displayPath) \(reason); nothing was changed (raise the limit and run again)")
            }
        }
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
            findings: report.records)
        return try JSONText.encode(output)
    }
}
