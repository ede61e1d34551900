import ArgumentParsing
import Foundation
import GitStage
import SwiftUIMigrate

/// `diff`: the migration as a unified diff on stdout, the per-file summary on stderr; writes nothing.
struct DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff", abstract: "Preview the migration as a unified diff; writes nothing.",
        discussion: """
            The diff (git style, made with libgit2) goes to standard output and the per-file summary to
            standard error, so `swiftui-migrate diff > migration.patch` keeps only the patch. It names files
            from the repository's root (a/ and b/ prefixes, as git does), so `git apply` works from any folder;
            a file git treats as binary (a NUL byte) is left out of the patch, with a warning.
            Exit status: 0, or with --exit-code 1 when there are changes; 2 on usage or input errors.
            """,
        options: [color, exitCode, listFiles, interactive] + CommonOptions.ofPaths,
        positional: CommonOptions.paths,
        rules: [
            .conflicts(interactive, with: [CommonOptions.stdinFilepath]) { _ in
                "--interactive reviews files on disk; it does not take --stdin-filepath"
            }
        ])

    static let color = Option("color", value: "when", help: "Color the diff.", default: ColorChoice.auto)
    static let exitCode = Flag("exit-code", help: "Exit with 1 when the migration would change something.")
    static let listFiles = Flag("list-files", help: "Print only the paths the migration would change, one per line, not the diff.")
    static let interactive = Flag("interactive", help: "Ask about each fix (y/n/a/d/q/?) on the terminal; print the diff of the accepted ones.")

    /// `diff`'s options, typed.
    struct Options {
        let paths: [String]
        let migration: MigrationOptions
        let color: ColorChoice
        let exitCode, listFiles, interactive: Bool
    }

    static func options(_ arguments: ParsedArguments) throws -> Options {
        Options(
            paths: try MigrationOptions.paths(arguments), migration: try MigrationOptions(arguments),
            color: try arguments[color], exitCode: try arguments[exitCode], listFiles: try arguments[listFiles],
            interactive: try arguments[interactive])
    }

    let console: Console
    let environment: [String: String]

    init(console: Console, environment: [String: String]) {
        self.console = console
        self.environment = environment
    }

    func run(_ options: Options) throws -> Int32 {
        let paths = options.paths
        // The terminal is opened before the run, so a missing one fails first. Rejections are
        // recorded only in a baseline named with --baseline: diff writes nothing else.
        let review = options.interactive
            ? try InteractiveReview.onTerminal(
                color: options.color, baselinePath: options.migration.baselinePath, paths: paths,
                writesDefaultBaseline: false, console: console)
            : nil
        let color = options.color.enabled(environment: environment, isTerminal: Console.outputIsTerminal)
        var changed = 0
        var summaries: [FileSummary] = []
        let plan = try RunPlan(options.migration, source: .disk(paths))
        var kept = KeptFindings(shown: plan.settings.configuration.showKept)
        var leftUnread = plan.unlistedFolders > 0
        func show(_ outcome: FileOutcome) throws {
            leftUnread = leftUnread || outcome.unread
            guard let migration = outcome.migration else { return }
            if !migration.findings.isEmpty {
                summaries.append(FileSummary(file: outcome.file.displayPath, findings: migration.findings))
            }
            guard migration.changed else { return }
            changed += 1
            if options.listFiles {
                console.write(outcome.file.displayPath + "\n")
                return
            }
            guard let patch = try FilePatch.text(migration, path: outcome.file.rootPath, warn: console.warning) else { return }
            console.write(color ? DiffColorizer.colorize(patch) : patch)
        }
        if let review {
            for outcome in try review.run(try plan.run(warn: console.warning), engine: plan.engine) { try show(outcome) }
        } else {
            // Each file's patch is printed as soon as it and every earlier file are done.
            try plan.stream(warn: console.warning, each: show)
        }
        console.status(kept.summaryTable(summaries, tense: .preview))
        // Something not read is not a pass, whatever the rest would change.
        if leftUnread { return ExitCode.failure }
        return options.exitCode && changed > 0 ? ExitCode.pending : ExitCode.success
    }
}
