import ArgumentParsing
import Foundation
import GitStage
import SwiftUIMigrate

/// `batch`: one migration over many repositories — a worker pool, per-repository results, a JSON report, a
/// Markdown summary, and `--shard K/N` for CI matrices.
struct BatchCommand: ConsoleCommand {
    static let spec = CommandSpec(
        name: "batch", abstract: "Run scan, diff or apply over many repositories.",
        discussion: """
            Repositories: the <repo> arguments, the paths in --repos FILE (one per line, relative to the file's
            folder, # starts a comment) and every git repository directly under --root DIR. Each is named by its
            path as listed; reports, tables and --shard use that name.
            Scan and diff read HEAD's files and change nothing. Apply puts the migration on a branch without
            touching the checkout (the no-checkout mode of apply, fine on a dirty or bare repository); --stage
            uses the worktree instead (apply's default mode), --stage --commit also commits. Re-running is safe:
            repositories whose branch already holds the migration say already-applied; failed ones are retried.
            --shard K/N keeps the repositories whose name hashes (FNV-1a) to K modulo N.
            --push REMOTE pushes each repository's migration branch (migrated or already-applied) to the branch of
            the same name on REMOTE — a remote's name such as origin, or a URL or path — through libgit2, with
            the ssh-agent's keys or the git credential helper's password; never forced. A branch already there
            says already-pushed; a rejected push (the remote branch has other commits) is that repository's
            failure. --pr-body-dir DIR writes each migrated repository's per-file summary as Markdown to
            DIR/<name>.md, ready for a pull request's body.
            --timeout DURATION (90s, 5m, 1h) runs each repository in a process of its own and stops one that takes
            longer — a push to a remote that never answers included: its half-done apply is undone from the
            journal and it is reported timed-out, while the others carry on.
            Ctrl-C (SIGINT, also SIGTERM and SIGHUP) ends the batch once running writes have finished, with the table
            and the --report and --summary of the repositories that finished; a re-run resumes (finished ones say
            already-applied).
            Progress and the final table go to standard error; diff mode's patches to standard output.
            Exit status: 0 every repository succeeded; 1 scan or diff found something to migrate; 2 a repository
            failed or timed out (the others still ran), or a usage error; 130 interrupted.
            """,
        options: [
            root, repos, mode, jobs, timeout, shard, list, report, summary, stage, commit,
            CommitSettings.branch.help("The branch to create (apply)."), CommitSettings.message.help("The commit's title (apply)."),
            CommitSettings.author.help("Commit author, when a repository's config has none (apply)."), push, prBodyDir,
        ] + CommonOptions.all + [CommonOptions.quiet],
        positional: PositionalSpec(name: "repo", help: "Repository folders."),
        rules: [
            OptionRule {
                (try? $0[mode]) == "apply"
                    ? nil : $0.firstGiven([stage, commit] + CommitSettings.all + [push, prBodyDir]).map { "\($0) applies only with --mode apply" }
            },
            .requires(commit, oneOf: [stage], "--commit goes with --stage; without it, apply always commits (no checkout)"),
            OptionRule { $0.has(push) && $0.has(stage) && !$0.has(commit) ? "--push needs a commit to push: drop --stage, or add --commit" : nil },
        ])

    static let root = Option("root", value: "dir", help: "Run every git repository directly under this folder.")
    static let repos = Option("repos", value: "file", help: "Run the repositories listed in this file, one path per line.")
    static let mode = Option("mode", value: "mode", help: "What to do in each repository.", allowed: ["scan", "diff", "apply"], default: "scan")
    static let jobs = Option("jobs", short: "j", value: "n", help: "Repositories run at once.", shownDefault: "the number of cores") {
        guard let jobs = Int($0), jobs >= 1 else { throw CommandError("invalid --jobs '\($0)': expected a whole number of at least 1") }
        return jobs
    }
    static let timeout = Option(
        "timeout", value: "duration", help: "Stop a repository that takes longer (90s, 5m, 1h), undo its half-done apply, report it timed-out.",
        parse: TimeLimit.init(parsing:))
    static let shard = Option(
        "shard", value: "k/n", help: "Run only shard K of N (a stable split by repository name).", parse: Shard.init(parsing:))
    static let list = Flag("list", help: "Print the repositories this run (and shard) would cover, one per line, and stop.")
    static let report = Option("report", value: "file", help: "Write the JSON report to this file ('-': standard output).")
    static let summary = Option("summary", value: "file", help: "Write the Markdown summary to this file ('-': standard output).")
    static let stage = Flag("stage", help: "Apply on the checkout: create the branch, make it HEAD, stage the files.")
    static let commit = Flag("commit", help: "With --stage: also commit.")
    static let push = Option("push", value: "remote", help: "Push each migration branch to this remote (a name, URL or path; apply). Never forced.")
    static let prBodyDir = Option(
        "pr-body-dir", value: "dir", help: "Write each repository's Markdown summary to DIR/<name>.md, for a pull request (apply).")

    /// `batch`'s options, typed and checked once for every repository.
    struct Options {
        /// Where the repositories are: arguments, `--repos FILE`, `--root DIR`.
        let repositories: [String]
        let listFile, root: String?
        let mode: BatchMode
        let jobs: Int
        /// `--timeout`: how long one repository may take.
        let limit: TimeLimit?
        let shard: Shard?
        /// `--list`: print the repositories and stop.
        let listOnly: Bool
        let reportPath, summaryPath: String?
        let migration: MigrationOptions
        let commit: CommitSettings
        /// `--push REMOTE` and `--pr-body-dir DIR` (apply).
        let push, pullRequestBodyFolder: String?
    }

    static func options(_ arguments: ParsedArguments) throws -> Options {
        // The spec's rules refuse apply options in the other modes.
        let mode: BatchMode = switch try arguments[Self.mode] {
        case "diff": .diff
        case "scan": .scan
        default: .apply(try !arguments[stage] ? .noCheckout : (arguments[commit] ? .stageAndCommit : .stage))
        }
        let options = Options(
            repositories: arguments.positionals, listFile: try arguments[repos], root: try arguments[root],
            mode: mode, jobs: try arguments[jobs] ?? MigrationRun.defaultWorkerCount,
            limit: try arguments[timeout], shard: try arguments[shard], listOnly: try arguments[list],
            reportPath: try arguments[report], summaryPath: try arguments[summary],
            migration: try MigrationOptions(arguments), commit: try CommitSettings(arguments),
            push: try arguments[push], pullRequestBodyFolder: try arguments[prBodyDir])
        // A configuration file that cannot be used is one usage error, not a failure per repository.
        if options.migration.configPath != nil { _ = try RunPlan.configuration(of: ".", options.migration) }
        if options.repositories.isEmpty && options.listFile == nil && options.root == nil {
            throw CommandError("name the repositories: as arguments, with --repos FILE, or with --root DIR")
        }
        try ReportOutput.check(reportPath: options.reportPath, summaryPath: options.summaryPath)
        try OutputPath.checkFolder(options.pullRequestBodyFolder, option: prBodyDir.spec.name)
        return options
    }

    let console: Console

    func run(_ options: Options) throws -> Int32 {
        var repositories = try RepositoryList.load(
            arguments: options.repositories, listFile: options.listFile, root: options.root)
        if repositories.isEmpty {
            let sources = [options.root.map { "no git repository directly under \($0)" },
                           options.listFile.map { "none listed in \($0)" }].compactMap { $0 }
            throw CommandError("no repository to run: \(sources.joined(separator: ", and "))")
        }
        if let shard = options.shard { repositories = repositories.filter { shard.contains($0.name) } }
        if options.listOnly {
            console.write(repositories.map { $0.name + "\n" }.joined())
            return ExitCode.success
        }

        let stopwatch = Stopwatch()
        let work = repositories.map {
            RepositoryJob(
                repository: $0, mode: options.mode, options: options.migration, commit: options.commit,
                push: options.push, pullRequestBodyFolder: options.pullRequestBodyFolder)
        }
        let progress = BatchProgress(console: console, total: work.count)
        let outputs = BatchRunner(jobs: options.jobs, limit: options.limit).run(work, progress: progress) {
            [console] finished, signalName in
            console.writeError("\(signalName) received: stopped with \(finished.count) of \(work.count) repositories finished; "
                + "the report lists those (a re-run resumes: finished ones say already-applied)\n")
            _ = try? Self.finish(finished, options: options, elapsed: stopwatch.elapsedSeconds, console: console)
            // Other workers may still be inside a repository: end without running exit handlers under them.
            _exit(ExitCode.interrupted)
        }
        return try Self.finish(outputs, options: options, elapsed: stopwatch.elapsedSeconds, console: console)
    }

    /// Writes the patches, the table, the report and the summary of `outputs`; returns the exit code.
    private static func finish(
        _ outputs: [RepositoryJob.Output], options: Options, elapsed: Double, console: Console
    ) throws -> Int32 {
        let report = BatchReport(
            mode: options.mode.name, shard: options.shard?.description, elapsedSeconds: elapsed,
            repositories: outputs.map(\.result))
        for output in outputs.sorted(by: { $0.result.name < $1.result.name }) where !output.patch.isEmpty {
            console.write(output.patch)
        }
        try ReportOutput(console: console).write(report, reportPath: options.reportPath, summaryPath: options.summaryPath)
        return report.exitCode
    }
}
