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
        let plan = try RunPlan(options.migration, source: .disk(paths))
        let summary = SummarySink(.preview, showsKept: plan.settings.configuration.showKept, console: console)
        let output: any RunSink = options.listFiles ? FileListSink(console: console) : PatchSink(color: color, console: console)
        var sink: any RunSink = SinkGroup(sinks: [output, summary])
        if let review { sink = Relay(next: sink) { try review.run($0, engine: plan.engine) } }
        // Something not read is not a pass, whatever the rest would change.
        if try plan.run(into: sink, warn: console.warning) { return ExitCode.failure }
        return options.exitCode && summary.changedFiles > 0 ? ExitCode.pending : ExitCode.success
    }
}
