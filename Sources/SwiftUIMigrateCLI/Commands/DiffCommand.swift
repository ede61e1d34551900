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
        ] + CommonOptions.all,
        positional: CommonOptions.paths)

    let console: Console
    let environment: [String: String]

    func run(_ arguments: ParsedArguments) throws -> Int32 {
        let outcomes = try Workspace.migrate(arguments, console: console)
        let color = (ColorChoice(rawValue: arguments.value("color") ?? "auto") ?? .auto)
            .enabled(environment: environment, isTerminal: Console.outputIsTerminal)
        var changed = 0
        for outcome in outcomes {
            guard let migration = outcome.migration, migration.changed else { continue }
            changed += 1
            let patch = try UnifiedDiff.patch(old: migration.original, new: migration.migrated, path: outcome.file.displayPath)
            console.write(color ? DiffColorizer.colorize(patch) : patch)
        }
        console.writeError(SummaryTable.render(Workspace.summaries(outcomes)))
        return arguments.flag("exit-code") && changed > 0 ? ExitCode.pending : ExitCode.success
    }
}
