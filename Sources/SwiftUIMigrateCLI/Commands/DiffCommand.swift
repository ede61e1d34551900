import ArgumentParsing
import Foundation
import GitStage
import SwiftUIMigrate

/// `diff`: the migration as a unified diff on stdout, the per-file summary on stderr; writes nothing.
struct DiffCommand {
    static let spec = CommandSpec(
        name: "diff", abstract: "Preview the migration as a unified diff; writes nothing.",
        discussion: """
            The diff (git style, made with libgit2) goes to standard output and the per-file summary to
            standard error, so `swiftui-migrate diff > migration.patch` keeps only the patch.
            Exit status: 0, or with --exit-code 1 when there are changes; 2 on usage or input errors.
            """,
        options: [
            .option("color", value: "when", help: "Color the diff.", allowed: ColorChoice.allCases.map(\.rawValue), default: "auto"),
            .flag("exit-code", help: "Exit with 1 when the migration would change something."),
            .flag("list-files", help: "Print only the paths the migration would change, one per line, not the diff."),
            .flag("interactive", help: "Ask about each fix (y/n/a/d/q/?) on the terminal; print the diff of the accepted ones."),
        ] + CommonOptions.all,
        positional: CommonOptions.paths)

    let console: Console
    let environment: [String: String]

    func run(_ arguments: ParsedArguments) throws -> Int32 {
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        // The terminal is opened before the run, so a missing one fails first. Rejections are
        // recorded only in a baseline named with --baseline: diff writes nothing else.
        let review = arguments.flag("interactive")
            ? try InteractiveReview.onTerminal(arguments, paths: paths, writesDefaultBaseline: false, console: console) : nil
        let color = (ColorChoice(rawValue: arguments.value("color") ?? "auto") ?? .auto)
            .enabled(environment: environment, isTerminal: Console.outputIsTerminal)
        var changed = 0
        var summaries: [FileSummary] = []
        func show(_ outcome: FileOutcome) throws {
            guard let migration = outcome.migration else { return }
            if !migration.findings.isEmpty {
                summaries.append(FileSummary(file: outcome.file.displayPath, findings: migration.findings))
            }
            guard migration.changed else { return }
            changed += 1
            if arguments.flag("list-files") {
                console.write(outcome.file.displayPath + "\n")
                return
            }
            let patch = try UnifiedDiff.patch(old: migration.original, new: migration.migrated, path: outcome.file.displayPath)
            console.write(color ? DiffColorizer.colorize(patch) : patch)
        }
        if let review {
            let (engine, outcomes) = try Workspace.run(arguments, console: console)
            for outcome in try review.run(outcomes, engine: engine) { try show(outcome) }
        } else {
            // Each file's patch is printed as soon as it and every earlier file are done.
            try Workspace.stream(arguments, console: console, each: show)
        }
        console.writeError(SummaryTable.render(summaries))
        return arguments.flag("exit-code") && changed > 0 ? ExitCode.pending : ExitCode.success
    }
}
