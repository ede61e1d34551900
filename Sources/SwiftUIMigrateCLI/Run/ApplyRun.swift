import AtomicFiles
import Foundation
import GitStage
import SwiftUIMigrate

/// `apply`'s one write path: migrate the files and hand the whole run to a writer (`ApplyWriter`) — the files
/// themselves (`InPlaceWriter`, `--in-place`) or a new branch staged with GitStage (`BranchStager`: stage, stage and
/// commit, or no-checkout) — under the repository's lock, with the journal kept while it writes and SIGINT/SIGTERM held
/// off until it is done (one `JournalRecorder` for both).
enum ApplyRun {
    /// Where the migration goes.
    enum Destination {
        /// The files at or below `paths`, no git state touched.
        case files(paths: [String])
        /// A new branch of `repository`, holding `path`, in `mode`, with the branch and commit `commit` names. With
        /// `namedFromRoot` the worktree modes name files from the repository's root (as no-checkout mode always
        /// does) rather than as `path` names them.
        case branch(Repository, path: String, mode: StageMode, commit: CommitSettings, namedFromRoot: Bool = false)
    }

    /// What one run produced, for the text and JSON reports.
    struct Report {
        /// What the branch sink did; nil for the files.
        var outcome: StageOutcome?
        var mode: StageMode?
        /// Each file's summary, named as the user named it, kept findings included (JSON lists them; see `showsKept`).
        var summaries: [FileSummary] = []
        /// The same, named from the repository's root, for the pull-request body.
        var rootSummaries: [FileSummary] = []
        /// How many Swift files the run looked at (read or skipped).
        var fileCount = 0
        /// True when `--show-kept` or `showKept` asks for the kept findings in summaries and bodies.
        var showsKept = false
        /// Every finding as `--format json` writes it, with its hunk.
        var records: [FindingRecord] = []
        /// True when a file could not be written in place (a branch leaves the files it may not touch, and succeeds).
        var writeFailed = false
        /// True when a file or a folder of the run could not be read (permission denied): not everything was checked.
        var leftUnread = false
    }

    /// Migrates with `options` — only the fixes `review` accepts, when given (`apply --interactive`) — and writes the
    /// result into `destination`, writing nothing to the terminal: warnings (skipped files, internal errors, rewrites
    /// not written) go to `warn`, files that could not be written to `error`.
    static func run(
        _ options: MigrationOptions, into destination: Destination, review: InteractiveReview? = nil,
        warn: @escaping (String) -> Void, error: @escaping (String) -> Void = { _ in }
    ) throws -> Report {
        let repository: Repository?, state: ApplyStateFolder, lock: RepositoryLock, source: RunPlan.Source
        switch destination {
        case .files(let paths):
            (state, repository) = try ApplyStateFolder.locate(paths: paths, useGit: options.useGit)
            source = .disk(paths)
            lock = try state.lock(patience: ApplyStateFolder.inPlacePatience)
        case .branch(let git, let path, let mode, _, let fromRoot):
            (state, repository) = (ApplyStateFolder(git), git)
            source = mode == .noCheckout ? .head(git, path: path) : .worktree(git, path: path, namedFromRoot: fromRoot)
            lock = try state.lock()
        }
        defer { lock.release() }
        try InterruptedApply.refuseIfPresent(in: state, repository: repository)
        if case .branch(let git, _, let mode, let commit, _) = destination { try git.preflight(mode: mode, branch: commit.branch) }
        let plan = try RunPlan(options, source: source)
        let journal = JournalRecorder(path: state.journalPath)
        let writer: any ApplyWriter = switch destination {
        case .files: InPlaceWriter(journal: journal, warn: warn, error: error)
        case .branch(let git, _, let mode, let commit, _):
            BranchStager(repository: git, mode: mode, settings: commit, plan: plan, journal: journal, warn: warn)
        }
        let sink = ApplySink(writer, report: Report(showsKept: plan.settings.configuration.showKept))
        // Nothing of a run that ran out of file descriptors or memory is written; the review picks what is.
        let leftUnread = try plan.run(into: Relay(next: sink) { outcomes in
            try stopOnResourceExhaustion(outcomes)
            return try review?.run(outcomes, engine: plan.engine) ?? outcomes
        }, warn: warn)
        sink.report.leftUnread = leftUnread
        return sink.report
    }

    /// Removes the temporary files an interrupted write left in the folders of `paths`.
    static func sweepTemporaryFiles(beside paths: [String]) {
        for folder in Set(paths.map { PathText.folder(of: $0) ?? "." }) { AtomicFileWrite.sweepTemporaryFiles(in: folder) }
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
        return Report(outcome: outcome, mode: record.mode, fileCount: record.changes.count)
    }

    /// Stages `plan`, keeping the journal while it writes; SIGINT/SIGTERM wait for the staging (or its rollback) to
    /// finish: all or nothing.
    static func stage(
        _ plan: StagePlan, mode: StageMode, in repository: Repository, journal: JournalRecorder, warn: (String) -> Void
    ) throws -> StageOutcome {
        let outcome = try journal.recording(announce: { signal, completed in
            warn("\(signal) received while staging; " + (completed
                ? "finished first: the repository holds the complete result"
                : "the staging failed and was rolled back: the repository is as it was"))
        }) { try repository.stage(plan, mode: mode, observer: $0) }
        for skipped in outcome.skipped { warn("not written: \(skipped)") }
        return outcome
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

    /// The per-file summaries of `outcomes`, in order, each file named as the user named it or, `fromRoot`, from
    /// the repository's root (for a pull request); `notWritten` gives why a file's rewrites were not written, by
    /// display path.
    static func summaries(
        _ outcomes: [FileOutcome], fromRoot: Bool = false, notWritten: [String: String] = [:]
    ) -> [FileSummary] {
        outcomes.compactMap { outcome in
            outcome.migration.map { migration in
                FileSummary(
                    file: fromRoot ? outcome.file.rootPath : outcome.file.displayPath, findings: migration.findings,
                    notWritten: migration.changed ? notWritten[outcome.file.displayPath] : nil)
            }
        }
    }

    /// One line saying what happened to the repository; nil when the files were written in place.
    static func resultLine(_ report: Report) -> String? {
        guard let outcome = report.outcome else { return nil }
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

    /// The run as JSON: result, branch, commits, changed and skipped paths, and every finding; only the findings
    /// (as `scan --format json`) when the files were written in place.
    static func json(_ report: Report) throws -> String {
        guard let outcome = report.outcome else { return JSONFormat.text(report.records) }
        struct Output: Encodable {
            var result: String
            var branch: String
            var base: String
            var commit: String?
            var changedPaths: [String]
            var skipped: [String]
            var findings: [FindingRecord]
        }
        let result = switch outcome.result {
        case .staged: "staged"
        case .committed: "committed"
        case .alreadyApplied: "already-applied"
        case .nothingToStage: "nothing-to-stage"
        }
        let output = Output(
            result: result, branch: outcome.branch, base: outcome.base.hex, commit: outcome.result.commit?.hex,
            changedPaths: outcome.changedPaths, skipped: outcome.skipped.map(\.description),
            findings: report.records)
        return try JSONText.encode(output)
    }
}

extension StageOutcome.Result {
    /// The commit the branch holds: the one made, or the one already there; nil when none is.
    var commit: ObjectID? {
        switch self {
        case .committed(let id), .alreadyApplied(let id): id
        case .staged, .nothingToStage: nil
        }
    }
}
