import ArgumentParsing
import Foundation
import GitStage
import SwiftUIMigrate

/// The steps every migrating command starts with: settings, files, the run, and the
/// warnings about files that were skipped or that failed the engine's checks.
enum Workspace {
    /// Resolves settings and files for `arguments`, runs the engine, and warns about
    /// skipped files and internal errors on stderr.
    static func migrate(_ arguments: ParsedArguments, console: Console) throws -> [FileOutcome] {
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let settings = try RunSettings(arguments: arguments, paths: paths)
        let discovery = SourceDiscovery(
            configuration: settings.configuration, globRoot: settings.configurationRoot,
            trackedFiles: TrackedFiles.under)
        let files = try discovery.files(in: paths)
        let outcomes = MigrationRun.run(files, engine: settings.engine)
        warnAboutProblems(outcomes, console: console)
        return outcomes
    }

    /// Warns on stderr about files that were skipped or that failed the engine's checks.
    static func warnAboutProblems(_ outcomes: [FileOutcome], console: Console) {
        for outcome in outcomes {
            if let reason = outcome.skipReason {
                console.warning("skipped \(outcome.file.displayPath): \(reason)")
            } else if let error = outcome.migration?.internalError {
                console.warning("internal error in \(outcome.file.displayPath): \(error); the file is left unchanged")
            }
        }
    }

    /// The per-file summaries of `outcomes`, in order.
    static func summaries(_ outcomes: [FileOutcome]) -> [FileSummary] {
        outcomes.compactMap { outcome in
            outcome.migration.map { FileSummary(file: outcome.file.displayPath, findings: $0.findings) }
        }
    }
}
