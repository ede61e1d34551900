import AtomicFiles
import GitStage
import SwiftUIMigrate

/// One of `apply`'s two writers: `InPlaceWriter` (`--in-place`) and `BranchStager` (a branch in a git mode). Each
/// names the file of a rewrite and writes the rewrites its own way, the journal kept by one `JournalRecorder`;
/// `ApplySink` hands them the run and makes the report of what it wrote, the same for both.
protocol ApplyWriter {
    /// The path the rewrite of `file` is written to.
    func path(of file: SourceFile) throws -> String
    /// Writes `rewrites` (of `outcomes`, their files named by `displayPaths` by rewrite path), noting in `report` what
    /// it did, and returns why each file not written was not, by display path.
    func write(
        _ rewrites: [FileRewrite], of outcomes: [FileOutcome], displayPaths: [String: String], report: inout ApplyRun.Report
    ) throws -> [String: String]
}

/// `apply`'s sink: takes the whole run, hands its rewrites to the writer and makes the report.
final class ApplySink: RunSink {
    private let writer: any ApplyWriter
    /// What the run wrote, once taken.
    var report: ApplyRun.Report

    init(_ writer: any ApplyWriter, report: ApplyRun.Report) {
        self.writer = writer
        self.report = report
    }

    var streams: Bool { false }

    func take(_ outcomes: [FileOutcome]) throws {
        var displayPaths: [String: String] = [:]
        let rewrites = try outcomes.compactMap { outcome -> FileRewrite? in
            guard let migration = outcome.migration, migration.changed else { return nil }
            let path = try writer.path(of: outcome.file)
            if displayPaths[path] == nil { displayPaths[path] = outcome.file.displayPath }
            return FileRewrite(path: path, original: migration.original, migrated: migration.migrated)
        }
        report.fileCount = outcomes.count
        report.records = FindingsReport.records(outcomes.compactMap(\.migration))
        let notWritten = try writer.write(rewrites, of: outcomes, displayPaths: displayPaths, report: &report)
        report.summaries = ApplyRun.summaries(outcomes, notWritten: notWritten)
        report.rootSummaries = ApplyRun.summaries(outcomes, fromRoot: true, notWritten: notWritten)
    }
}

/// `apply --in-place`: writes each rewrite to its file (an absolute path), atomically and only over the text it was
/// migrated from; a file that could not be written is told to `error`, the others are written, and the run fails.
struct InPlaceWriter: ApplyWriter {
    let journal: JournalRecorder
    let warn: (String) -> Void
    let error: (String) -> Void

    func path(of file: SourceFile) -> String { file.absolutePath }

    func write(
        _ rewrites: [FileRewrite], of outcomes: [FileOutcome], displayPaths: [String: String], report: inout ApplyRun.Report
    ) throws -> [String: String] {
        ApplyRun.sweepTemporaryFiles(beside: rewrites.map(\.path))
        var notWritten: [String: String] = [:]
        // SIGINT/SIGTERM wait until every file is written: a run is never left half done (SIGKILL leaves the journal).
        try journal.recording(rewrites.isEmpty ? nil : try ApplyJournal(inPlace: rewrites), announce: { [warn] signal, _ in
            warn("\(signal) received while writing; finished writing the files first")
        }) { _ in
            for rewrite in rewrites {
                do {
                    try AtomicFileWrite.write(rewrite.migrated, to: rewrite.path, expecting: rewrite.original)
                } catch {
                    let name = displayPaths[rewrite.path] ?? rewrite.path
                    notWritten[name] = (error as? FileWriteError)?.why ?? "\(error)"
                    self.error("\(name): \(error)")
                }
            }
        }
        report.writeFailed = !notWritten.isEmpty
        return notWritten
    }
}

/// `apply` in a git mode: stages the rewrites on a new branch (`ApplyRun.stage`), committed with the run's summary as
/// the message body; the files it may not touch are left with the reason, and the run succeeds.
struct BranchStager: ApplyWriter {
    let repository: Repository
    let mode: StageMode
    let settings: CommitSettings
    /// The run, whose rules and group strategy the commit's trailers name.
    let plan: RunPlan
    let journal: JournalRecorder
    let warn: (String) -> Void

    /// HEAD's files are named from the repository's root already; the worktree's are named so here.
    func path(of file: SourceFile) throws -> String {
        mode == .noCheckout ? file.displayPath : try repository.relativePath(for: file.absolutePath)
    }

    func write(
        _ rewrites: [FileRewrite], of outcomes: [FileOutcome], displayPaths: [String: String], report: inout ApplyRun.Report
    ) throws -> [String: String] {
        func byDisplayPath(_ skipped: [SkippedRewrite]) -> [String: String] {
            Dictionary(skipped.map { (displayPaths[$0.path] ?? $0.path, $0.reason.rawValue) }, uniquingKeysWith: { first, _ in first })
        }
        let unwritable = byDisplayPath(try repository.unwritable(rewrites.map(\.path), mode: mode))
        let summaries = ApplyRun.summaries(outcomes, fromRoot: true, notWritten: unwritable)
        let commit = CommitOptions(
            title: settings.message ?? "Migrate SwiftUI lifecycle code with swiftui-migrate",
            body: CommitMessageBody.render(KeptFindings.visible(summaries, shown: report.showsKept), toolVersion: CLI.version),
            trailers: [
                Trailer("Migrated-by", "swiftui-migrate \(CLI.version)"),
                Trailer("Migration-rules", plan.engine.rules.map(\.id).joined(separator: ", ")),
                Trailer("Migration-strategy", plan.settings.configuration.strategy.rawValue),
            ],
            author: settings.author)
        if let workdir = repository.workdir, mode != .noCheckout {
            ApplyRun.sweepTemporaryFiles(beside: rewrites.map { workdir + "/" + $0.path })
        }
        let stagePlan = StagePlan(rewrites: rewrites, branch: settings.branch, commit: commit)
        (report.outcome, report.mode) = (try ApplyRun.stage(stagePlan, mode: mode, in: repository, journal: journal, warn: warn), mode)
        return byDisplayPath(report.outcome?.skipped ?? [])
    }
}
