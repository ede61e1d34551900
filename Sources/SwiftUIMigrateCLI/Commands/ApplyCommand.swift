import ArgumentParsing
import AtomicFiles
import Foundation
import GitStage
import SwiftUIMigrate

/// `apply`: write the migration — on a new git branch (default), as a commit that touches
/// nothing checked out (`--no-checkout`), or to the files only (`--in-place`).
struct ApplyCommand: Command {
    static let spec = CommandSpec(
        name: "apply", abstract: "Apply the migration on a new git branch, or in place.",
        discussion: """
            Default: create the branch at HEAD, point HEAD at it (no files move), write the migrated files
            atomically and stage exactly them. Refused, changing nothing, when a file to migrate has
            uncommitted changes. --commit also commits; --no-checkout commits HEAD's files, migrated, straight
            onto the new branch without touching the worktree, index or HEAD (works on a dirty checkout and
            in a bare repository); --in-place writes the files and touches no git state. Re-running when the
            branch already holds this migration says "already applied" and exits 0.
            The per-file summary goes to standard error.
            --stdin-filepath FILE reads the text from standard input as the file FILE (its configuration,
            floor and baseline) and prints the migrated text on standard output, writing nothing.
            """,
        options: [
            .option("branch", value: "name", help: "The branch to create.", default: StagePlan.defaultBranch),
            .flag("commit", help: "Also commit the staged files."),
            .option("message", value: "text", help: "The commit's title (with --commit or --no-checkout)."),
            .option("author", value: "name <email>", help: "Commit author, when the repository's config has none."),
            .flag("no-checkout", help: "Commit straight onto the new branch; worktree, index and HEAD untouched."),
            .flag("in-place", help: "Write the files only, no git (several paths allowed)."),
            .flag("interactive", help: "Ask about each fix (y/n/a/d/q/?) on the terminal; apply only the accepted ones."),
            .option("summary", value: "file", help: "Also write the per-file summary as Markdown to this file."),
            .option("format", value: "format", help: "Report format on stdout.", allowed: ["text", "json"], default: "text"),
        ] + CommonOptions.all + [CommonOptions.stdinFilepath],
        positional: CommonOptions.paths)

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
    }

    static func options(_ arguments: ParsedArguments) throws -> Options {
        let target: Target
        if arguments.value("stdin-filepath") != nil {
            let writing = CommitSettings.given(arguments)
                + ["commit", "no-checkout", "in-place", "interactive"].filter { arguments.flag($0) }
                + ["summary", "format"].filter { arguments.given($0) != nil }
            if let first = writing.first {
                throw CommandError("--stdin-filepath writes the migrated text to standard output and nothing else, so --\(first) does not apply")
            }
            target = .standardOutput
        } else if arguments.flag("in-place") {
            let gitOnly = CommitSettings.given(arguments) + ["commit", "no-checkout"].filter { arguments.flag($0) }
            if let first = gitOnly.first {
                throw CommandError("--in-place writes no git state, so --\(first) does not apply")
            }
            target = .inPlace
        } else {
            if arguments.positionals.count > 1 {
                throw CommandError("apply takes one path in its git modes (several are allowed with --in-place)")
            }
            if arguments.flag("commit") && arguments.flag("no-checkout") {
                throw CommandError("--no-checkout always commits; drop --commit")
            }
            let mode: StageMode = arguments.flag("no-checkout")
                ? .noCheckout : (arguments.flag("commit") ? .stageAndCommit : .stage)
            target = .git(mode, try CommitSettings(arguments))
        }
        return Options(
            paths: MigrationOptions.paths(arguments), migration: try MigrationOptions(arguments), target: target,
            interactive: arguments.flag("interactive"), json: try arguments.defaulted("format") == "json",
            summaryPath: arguments.value("summary"))
    }

    let console: Console

    init(console: Console, environment: [String: String]) { self.console = console }

    func run(_ options: Options) throws -> Int32 {
        let mode: StageMode, commit: CommitSettings
        switch options.target {
        case .inPlace:
            return try runInPlace(options, review: try review(options, writesDefaultBaseline: true))
        case .standardOutput:
            return try runToStandardOutput(options)
        case .git(let gitMode, let settings):
            (mode, commit) = (gitMode, settings)
        }
        let review = try review(options, writesDefaultBaseline: mode != .noCheckout)
        let report = try GitApply.run(
            options.migration, commit: commit, path: options.paths[0], mode: mode,
            review: review.map { review in { try review.run($0, engine: $1) } }, warn: console.warning)
        var kept = KeptFindings(shown: report.showsKept)
        let shown = kept.filter(report.summaries)
        console.writeError(SummaryTable.render(shown))
        if let line = kept.countLine { console.writeError(line + "\n") }
        console.writeError(GitApply.resultLine(report) + "\n")
        if options.json { console.write(try GitApply.json(report)) }
        try writeSummary(shown, to: options.summaryPath)
        return ExitCode.success
    }

    /// The interactive review `--interactive` asks for, on the terminal (opened before the run,
    /// so a missing terminal fails first); nil without the flag.
    private func review(_ options: Options, writesDefaultBaseline: Bool) throws -> InteractiveReview? {
        guard options.interactive else { return nil }
        return try InteractiveReview.onTerminal(
            baselinePath: options.migration.baselinePath, paths: options.paths,
            writesDefaultBaseline: writesDefaultBaseline, console: console)
    }

    private func runInPlace(_ options: Options, review: InteractiveReview?) throws -> Int32 {
        var (engine, outcomes) = try Workspace.run(options.migration, paths: options.paths, console: console)
        try GitApply.stopOnResourceExhaustion(outcomes)
        if let review {
            outcomes = try review.run(outcomes, engine: engine)
        }
        var failures = 0
        // SIGINT/SIGTERM wait until every file is written: a run is never left half done.
        SignalGuard.deferringInterruptions(announce: { signal, _ in
            console.warning("\(signal) received while writing; finished writing the files first")
        }) {
            for outcome in outcomes {
                guard let migration = outcome.migration, migration.changed else { continue }
                do {
                    try AtomicFileWrite.write(
                        migration.migrated, to: outcome.file.absolutePath, expecting: migration.original)
                } catch {
                    failures += 1
                    console.error("\(outcome.file.displayPath): \(error)")
                }
            }
        }
        var kept = KeptFindings(shown: engine.configuration.showKept)
        let summaries = kept.filter(Workspace.summaries(outcomes))
        console.writeError(SummaryTable.render(summaries))
        if let line = kept.countLine { console.writeError(line + "\n") }
        if options.json {
            console.write(FindingsReport.json(FindingsReport.records(outcomes.compactMap(\.migration))))
        }
        try writeSummary(summaries, to: options.summaryPath)
        return failures > 0 ? ExitCode.failure : ExitCode.success
    }

    /// `--stdin-filepath`: the migrated text on stdout — the text as it came when nothing changes
    /// or it cannot be migrated (the warning says why), so a caller that replaces its buffer with
    /// the output never loses it — and the per-file summary on stderr.
    private func runToStandardOutput(_ options: Options) throws -> Int32 {
        let (_, outcomes) = try Workspace.run(options.migration, paths: options.paths, console: console)
        for outcome in outcomes {
            // A clean file's bytes are dropped from its migration; the buffer still holds them.
            let changed = outcome.migration.flatMap { $0.changed ? $0.migrated : nil }
            console.write(bytes: changed ?? outcome.file.buffer ?? [])
        }
        console.writeError(SummaryTable.render(Workspace.summaries(outcomes)))
        return ExitCode.success
    }

    private func writeSummary(_ summaries: [FileSummary], to path: String?) throws {
        guard let path else { return }
        do {
            try SignalGuard.deferringInterruptions(announce: { _, _ in }) {
                try AtomicFileWrite.write(Array(MarkdownSummary.render(summaries).utf8), to: path, expecting: nil)
            }
        } catch {
            throw CommandError("cannot write the summary to \(path): \(error)")
        }
    }
}
