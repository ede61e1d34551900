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
        try run(arguments, console: console).outcomes
    }

    /// Like `migrate`, also returning the engine that ran, so a later step (the interactive
    /// review) can run it again without reading the configuration a second time.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> (engine: MigrationEngine, outcomes: [FileOutcome]) {
        let (settings, files) = try settingsAndFiles(arguments)
        let engine = settings.engine
        let outcomes = MigrationRun.run(files, engine: engine)
        warnAboutProblems(outcomes, console: console)
        return (engine, outcomes)
    }

    /// Like `migrate`, but hands each file's outcome to `each` as soon as it and every earlier
    /// file are done (in input order, on this thread), warning about it first when it was
    /// skipped or failed the engine's checks; keeps nothing, so memory does not grow with the
    /// number of files.
    static func stream(_ arguments: ParsedArguments, console: Console, each: (FileOutcome) throws -> Void) throws {
        let (settings, files) = try settingsAndFiles(arguments)
        try MigrationRun.stream(files, engine: settings.engine) { outcome in
            warnAboutProblems([outcome], console: console)
            try each(outcome)
        }
    }

    /// The settings for `arguments` and the files `paths` (default: the arguments' paths) name.
    static func settingsAndFiles(_ arguments: ParsedArguments, paths named: [String]? = nil) throws -> (RunSettings, [SourceFile]) {
        let paths = named ?? (arguments.positionals.isEmpty ? ["."] : arguments.positionals)
        let settings = try RunSettings(arguments: arguments, paths: paths)
        let discovery = SourceDiscovery(
            configuration: settings.configuration, globRoot: settings.configurationRoot,
            trackedFiles: TrackedFiles.under)
        return (settings, try discovery.files(in: paths))
    }

    /// Warns on stderr about files that were skipped or that failed the engine's checks.
    static func warnAboutProblems(_ outcomes: [FileOutcome], console: Console) {
        for problem in problems(outcomes) { console.warning(problem) }
    }

    /// One warning line (without `warning: `) per file that was skipped or failed the engine's checks.
    static func problems(_ outcomes: [FileOutcome]) -> [String] {
        outcomes.compactMap { outcome in
            if let reason = outcome.skipReason {
                return "skipped \(outcome.file.displayPath): \(reason)"
            } else if let error = outcome.migration?.internalError {
                return "internal error in \(outcome.file.displayPath): \(error); the file is left unchanged"
            }
            return nil
        }
    }

    /// The per-file summaries of `outcomes`, in order.
    static func summaries(_ outcomes: [FileOutcome]) -> [FileSummary] {
        outcomes.compactMap { outcome in
            outcome.migration.map { FileSummary(file: outcome.file.displayPath, findings: $0.findings) }
        }
    }
}
