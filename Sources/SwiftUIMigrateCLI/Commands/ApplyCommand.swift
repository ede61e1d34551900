import ArgumentParsing
import Foundation
import GitStage
import SwiftUIMigrate

/// `apply`: write the migration. `--in-place` writes the files with no git at all.
struct ApplyCommand {
    static let spec = CommandSpec(
        name: "apply", abstract: "Apply the migration.",
        discussion: """
            --in-place writes the rewritten files atomically (temporary file, then rename; mode bits,
            line endings and a missing final newline kept) and touches no git state. A file that changed
            on disk since it was read is not written. The per-file summary goes to standard error.
            """,
        options: [
            .flag("in-place", help: "Write the files only, no git."),
            .option("summary", value: "file", help: "Also write the per-file summary as Markdown to this file."),
        ] + CommonOptions.all,
        positional: CommonOptions.paths)

    let console: Console

    func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.flag("in-place") else {
            throw CommandError("apply needs --in-place (the git modes are not available in this build)")
        }
        let outcomes = try Workspace.migrate(arguments, console: console)
        var failures = 0
        for outcome in outcomes {
            guard let migration = outcome.migration, migration.changed else { continue }
            do {
                try AtomicFileWrite.write(migration.migrated, to: outcome.file.absolutePath, expecting: migration.original)
            } catch {
                failures += 1
                console.error("\(outcome.file.displayPath): \(error)")
            }
        }
        let summaries = Workspace.summaries(outcomes)
        console.writeError(SummaryTable.render(summaries))
        if let summaryPath = arguments.value("summary") {
            try writeSummary(MarkdownSummary.render(summaries), to: summaryPath)
        }
        return failures > 0 ? ExitCode.failure : ExitCode.success
    }

    private func writeSummary(_ markdown: String, to path: String) throws {
        do {
            try AtomicFileWrite.write(Array(markdown.utf8), to: path, expecting: nil)
        } catch {
            throw CommandError("cannot write the summary to \(path): \(error)")
        }
    }
}
