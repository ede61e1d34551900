import ArgumentParsing
import AtomicFiles
import Foundation
import GitStage
import SwiftUIMigrate

/// `apply`: write the migration — on a new git branch (default), as a commit that touches
/// nothing checked out (`--no-checkout`), or to the files only (`--in-place`).
struct ApplyCommand: ConsoleCommand {
    static let spec = CommandSpec(
        name: "apply", abstract: "Apply the migration on a new git branch, or in place.",
        discussion: """
            Default: create the branch at HEAD, point HEAD at it (no files move), write the migrated files
            atomically and stage exactly them. Refused, changing nothing, when a file to migrate has
            uncommitted changes. --commit also commits; --no-checkout commits HEAD's files, migrated, straight
            onto the new branch without touching the worktree, index or HEAD (works on a dirty checkout and
            in a bare repository); --in-place writes the files and touches no git state. Re-running when the
            branch already holds this migration says "already applied" and exits 0.
            Before its first write a run records its plan in a journal (.git/swiftui-migrate-journal, or
            .swiftui-migrate-journal in the folder outside git) and removes it after the last step. A run killed
            midway leaves it: the next apply refuses, listing the state of each file, until --resume finishes the
            migration or --abort undoes exactly the run's own writes (refused for a file changed since).
            The per-file summary goes to standard error.
            --stdin-filepath FILE reads the text from standard input as the file FILE (its configuration,
            floor and baseline) and prints the migrated text on standard output, writing nothing.
            """,
        options: [
            CommitSettings.branch, commit, CommitSettings.message, CommitSettings.author, noCheckout, inPlace, interactive, summary,
            format, resume, abort,
        ] + CommonOptions.ofPaths,
        positional: CommonOptions.paths, rules: rules)

    static let commit = Flag("commit", help: "Also commit the staged files.")
    static let noCheckout = Flag("no-checkout", help: "Commit straight onto the new branch; worktree, index and HEAD untouched.")
    static let inPlace = Flag("in-place", help: "Write the files only, no git (several paths allowed).")
    static let interactive = Flag("interactive", help: "Ask about each fix (y/n/a/d/q/?) on the terminal; apply only the accepted ones.")
    static let summary = Option("summary", value: "file", help: "Also write the per-file summary as Markdown to this file.")
    static let format = Option("format", value: "format", help: "Report format on stdout.", allowed: ["text", "json"], default: "text")
    static let resume = Flag("resume", help: "Finish the apply an interruption stopped midway, as its journal planned it.")
    static let abort = Flag("abort", help: "Undo the writes of the apply an interruption stopped midway (and its branch and HEAD move).")

    /// Which options go together: a recovery takes only paths, standard output takes no writing option, the
    /// files-only mode no git option, and the git modes neither untracked files nor several paths.
    static let rules: [OptionRule] = {
        let stdin = CommonOptions.stdinFilepath, notGit: [any OptionKey] = [inPlace, stdin, resume, abort]
        let recovery: [OptionRule] = [resume, abort].map { recovery in
            .conflicts(recovery, with: [commit, noCheckout, inPlace, interactive] + CommitSettings.all + [summary, stdin]) {
                "\(recovery.spec.dashedName) takes only a path: it goes on as the interrupted run planned, so \($0) does not apply"
            }
        }
        return [.conflicts(resume, with: [abort]) { _ in "--resume and --abort do opposite things: pick one" }] + recovery + [
            .conflicts(stdin, with: CommitSettings.all + [commit, noCheckout, inPlace, interactive, summary, format]) {
                "--stdin-filepath writes the migrated text to standard output and nothing else, so \($0) does not apply"
            },
            .conflicts(inPlace, with: CommitSettings.all + [commit, noCheckout]) { "--in-place writes no git state, so \($0) does not apply" },
            .requires(CommonOptions.noGit, oneOf: notGit, "--no-git takes untracked files, which the git modes never touch; use it with --in-place"),
            OptionRule {
                $0.positionals.count > 1 && $0.firstGiven(notGit) == nil
                    ? "apply takes one path in its git modes (several are allowed with --in-place)" : nil
            },
            .conflicts(noCheckout, with: [commit]) { _ in "--no-checkout always commits; drop --commit" },
        ]
    }()

    /// What `--resume` and `--abort` do with an interrupted run.
    enum Recovery: String {
        case resume, abort
    }

    /// How `apply` writes the migration.
    enum Target {
        /// `--in-place`: the files only, no git.
        case inPlace
        /// `--stdin-filepath`: the migrated text on standard output; nothing written to disk.
        case standardOutput
        /// A git mode, on the branch and with the commit `settings` names.
        case git(StageMode, CommitSettings)
    }

    /// `apply`'s options, typed and checked against each other.
    struct Options {
        let paths: [String]
        let migration: MigrationOptions
        let target: Target
        let interactive, json: Bool
        let summaryPath: String?
        /// `--resume` or `--abort`: recover the interrupted run instead of starting one.
        var recovery: Recovery?
    }

    static func options(_ arguments: ParsedArguments) throws -> Options {
        if let recovery = try arguments[resume] ? Recovery.resume : (arguments[abort] ? .abort : nil) {
            return Options(
                paths: try MigrationOptions.paths(arguments), migration: MigrationOptions(), target: .inPlace,
                interactive: false, json: false, summaryPath: nil, recovery: recovery)
        }
        let target: Target
        if arguments.has(CommonOptions.stdinFilepath) {
            target = .standardOutput
        } else if try arguments[inPlace] {
            target = .inPlace
        } else {
            let mode: StageMode = try arguments[noCheckout] ? .noCheckout : (arguments[commit] ? .stageAndCommit : .stage)
            target = .git(mode, try CommitSettings(arguments))
        }
        let summaryPath = try arguments[summary]
        try OutputPath.checkFile(summaryPath, option: summary.spec.name)
        return Options(
            paths: try MigrationOptions.paths(arguments), migration: try MigrationOptions(arguments), target: target,
            interactive: try arguments[interactive], json: try arguments[format] == "json", summaryPath: summaryPath)
    }

    let console: Console

    func run(_ options: Options) throws -> Int32 {
        if let recovery = options.recovery { return try recover(recovery, paths: options.paths) }
        let destination: ApplyRun.Destination, review: InteractiveReview?
        switch options.target {
        case .standardOutput:
            return try runToStandardOutput(options)
        case .inPlace:
            review = try self.review(options, writesDefaultBaseline: true)
            for path in options.paths { try SubmoduleFromSuperproject.refuse(path, command: "swiftui-migrate apply --in-place") }
            destination = .files(paths: options.paths)
        case .git(let mode, let commit):
            try SubmoduleFromSuperproject.refuse(options.paths[0], command: "swiftui-migrate apply")
            review = try self.review(options, writesDefaultBaseline: mode != .noCheckout)
            destination = .branch(try Repository.discover(from: options.paths[0]), path: options.paths[0], mode: mode, commit: commit)
        }
        let report = try ApplyRun.run(
            options.migration, into: destination, review: review, warn: console.warning, error: console.error)
        console.status(KeptFindings.summaryTable(report.summaries, shown: report.showsKept))
        if let line = ApplyRun.resultLine(report) { console.status(line + "\n") }
        if options.json { console.write(try ApplyRun.json(report)) }
        try writeSummary(KeptFindings.visible(report.rootSummaries, shown: report.showsKept), to: options.summaryPath)
        return report.writeFailed || report.leftUnread ? ExitCode.failure : ExitCode.success
    }

    /// The interactive review `--interactive` asks for, on the terminal (opened before the run,
    /// so a missing terminal fails first); nil without the flag.
    private func review(_ options: Options, writesDefaultBaseline: Bool) throws -> InteractiveReview? {
        guard options.interactive else { return nil }
        return try InteractiveReview.onTerminal(
            baselinePath: options.migration.baselinePath, paths: options.paths,
            writesDefaultBaseline: writesDefaultBaseline, console: console)
    }

    /// `--resume` or `--abort`: finds the interrupted run's journal from `paths` and finishes or undoes it.
    private func recover(_ recovery: Recovery, paths: [String]) throws -> Int32 {
        let (state, repository) = try ApplyStateFolder.locate(paths: paths)
        let lock = try state.lock()
        defer { lock.release() }
        guard let interrupted = try InterruptedApply.find(in: state, repository: repository) else {
            throw CommandError("nothing to \(recovery.rawValue): no interrupted apply left a journal (\(state.journalPath))")
        }
        let what = interrupted.journal.header.mode.rawValue
        try interrupted.refuseEditedFiles(before: recovery.rawValue)
        switch recovery {
        case .abort:
            let done = try SignalGuard.deferringInterruptions(announce: { _, _ in }) { try interrupted.abort() }
            for line in done { console.status(line + "\n") }
            console.status("aborted the interrupted apply (\(what)): its writes are undone\n")
        case .resume where interrupted.journal.stageRecord == nil:
            let done = try SignalGuard.deferringInterruptions(announce: { _, _ in }) { try interrupted.resumeInPlace() }
            for line in done { console.status(line + "\n") }
            console.status("resumed the interrupted apply (\(what)): every file holds the migration\n")
        case .resume:
            let report = try ApplyRun.resume(interrupted, warn: console.warning)
            console.status("resumed the interrupted apply (\(what)): " + (ApplyRun.resultLine(report) ?? "") + "\n")
        }
        return ExitCode.success
    }

    /// `--stdin-filepath`: the migrated text on stdout — the text as it came when nothing changes
    /// or it cannot be migrated (the warning says why), so a caller that replaces its buffer with
    /// the output never loses it — and the per-file summary on stderr.
    private func runToStandardOutput(_ options: Options) throws -> Int32 {
        let plan = try RunPlan(options.migration, source: .disk(options.paths))
        let summary = SummarySink(.applied, showsKept: plan.settings.configuration.showKept, console: console)
        try plan.run(into: SinkGroup(sinks: [MigratedTextSink(console: console), summary]), warn: console.warning)
        return ExitCode.success
    }

    private func writeSummary(_ summaries: [FileSummary], to path: String?) throws {
        guard let path else { return }
        let url = URL(fileURLWithPath: path)
        AtomicFileWrite.sweepTemporaryFiles(in: url.deletingLastPathComponent().path, of: url.lastPathComponent)
        do {
            try SignalGuard.deferringInterruptions(announce: { _, _ in }) {
                try AtomicFileWrite.write(Array(MarkdownSummary.render(summaries, tense: .applied, toolVersion: CLI.version).utf8), to: path, expecting: nil)
            }
        } catch {
            throw CommandError("cannot write the summary to \(path): \(error)")
        }
    }
}

/// `apply --stdin-filepath`'s standard output: each file's migrated text, or its text as it came when nothing changes
/// or it cannot be migrated.
private struct MigratedTextSink: RunSink {
    let console: Console

    var streams: Bool { false }

    func take(_ outcomes: [FileOutcome]) {
        for outcome in outcomes {
            // A clean file's bytes are dropped from its migration; the buffer still holds them.
            let changed = outcome.migration.flatMap { $0.changed ? $0.migrated : nil }
            console.write(bytes: changed ?? outcome.file.buffer ?? [])
        }
    }
}
