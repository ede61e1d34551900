import ArgumentParsing
import Foundation
import GitStage
import SwiftUIMigrate

/// `batch`: one migration over many repositories — a worker pool, per-repository results, a JSON report, a
/// Markdown summary, and `--shard K/N` for CI matrices.
struct BatchCommand {
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
            Progress and the final table go to standard error; diff mode's patches to standard output.
            Exit status: 0 every repository succeeded; 1 scan or diff found something to migrate; 2 a repository
            failed (the others still ran), or a usage error.
            """,
        options: [
            .option("root", value: "dir", help: "Run every git repository directly under this folder."),
            .option("repos", value: "file", help: "Run the repositories listed in this file, one path per line."),
            .option("mode", value: "mode", help: "What to do in each repository.", allowed: ["scan", "diff", "apply"], default: "scan"),
            .option("jobs", short: "j", value: "n", help: "Repositories run at once.", default: "the number of cores"),
            .option("shard", value: "k/n", help: "Run only shard K of N (a stable split by repository name)."),
            .flag("list", help: "Print the repositories this run (and shard) would cover, one per line, and stop."),
            .option("report", value: "file", help: "Write the JSON report to this file ('-': standard output)."),
            .option("summary", value: "file", help: "Write the Markdown summary to this file ('-': standard output)."),
            .flag("stage", help: "Apply on the checkout: create the branch, make it HEAD, stage the files."),
            .flag("commit", help: "With --stage: also commit."),
            .option("branch", value: "name", help: "The branch to create (apply).", default: StagePlan.defaultBranch),
            .option("message", value: "text", help: "The commit's title (apply)."),
            .option("author", value: "name <email>", help: "Commit author, when a repository's config has none (apply)."),
        ] + CommonOptions.all,
        positional: PositionalSpec(name: "repo", help: "Repository folders."))

    let console: Console

    func run(_ arguments: ParsedArguments) throws -> Int32 {
        let mode = try Self.mode(arguments)
        let jobs = try Self.jobs(arguments)
        let shard = try arguments.value("shard").map(Shard.init(parsing:))
        try Self.checkSettings(arguments)
        if arguments.positionals.isEmpty && arguments.value("repos") == nil && arguments.value("root") == nil {
            throw CommandError("name the repositories: as arguments, with --repos FILE, or with --root DIR")
        }
        var repositories = try RepositoryList.load(
            arguments: arguments.positionals, listFile: arguments.value("repos"), root: arguments.value("root"))
        if let shard { repositories = repositories.filter { shard.contains($0.name) } }
        if arguments.flag("list") {
            console.write(repositories.map { $0.name + "\n" }.joined())
            return ExitCode.success
        }

        let stopwatch = Stopwatch()
        let work = repositories.map { RepositoryJob(repository: $0, mode: mode, arguments: arguments) }
        let progress = BatchProgress(console: console, total: work.count)
        let outputs = BatchRunner(jobs: jobs).run(work, progress: progress)
        let report = BatchReport(
            mode: mode.name, shard: shard?.description, elapsedSeconds: stopwatch.elapsedSeconds,
            repositories: outputs.map(\.result))

        for output in outputs.sorted(by: { $0.result.name < $1.result.name }) where !output.patch.isEmpty {
            console.write(output.patch)
        }
        try ReportOutput(console: console).write(
            report, reportPath: arguments.value("report"), summaryPath: arguments.value("summary"))
        return report.exitCode
    }

    /// The mode from `--mode`, `--stage` and `--commit`, refusing apply options in the other modes.
    static func mode(_ arguments: ParsedArguments) throws -> BatchMode {
        let applyOnly = ["stage", "commit"].filter { arguments.flag($0) }
            + ["branch", "message", "author"].filter { arguments.value($0) != nil }
        switch arguments.value("mode") ?? "scan" {
        case "diff", "scan":
            if let first = applyOnly.first { throw CommandError("--\(first) applies only with --mode apply") }
            return arguments.value("mode") == "diff" ? .diff : .scan
        default:
            if arguments.flag("commit") && !arguments.flag("stage") {
                throw CommandError("--commit goes with --stage; without it, apply always commits (no checkout)")
            }
            if let author = arguments.value("author") {
                do { _ = try Identity(parsing: author) } catch { throw CommandError("\(error)") }
            }
            if !arguments.flag("stage") { return .apply(.noCheckout) }
            return .apply(arguments.flag("commit") ? .stageAndCommit : .stage)
        }
    }

    /// `--jobs`, default the number of cores.
    static func jobs(_ arguments: ParsedArguments) throws -> Int {
        guard let text = arguments.value("jobs") else { return max(1, ProcessInfo.processInfo.activeProcessorCount) }
        guard let jobs = Int(text), jobs >= 1 else { throw CommandError("invalid --jobs '\(text)': expected a whole number of at least 1") }
        return jobs
    }

    /// Checks `--rules` and `--config` once, so a typo is one usage error rather than a failure per repository.
    static func checkSettings(_ arguments: ParsedArguments) throws {
        for id in arguments.list("rules") where RuleRegistry.rule(id: id) == nil {
            throw CommandError("unknown rule '\(id)' (see 'swiftui-migrate rules')")
        }
        if arguments.value("config") != nil { _ = try RunSettings(arguments: arguments, paths: ["."]) }
    }
}
