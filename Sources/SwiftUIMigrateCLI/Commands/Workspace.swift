import Foundation
import GitStage
import SwiftUIMigrate

/// The steps every migrating command starts with: settings, files, the run, and the
/// warnings about files that were skipped or that failed the engine's checks.
enum Workspace {
    /// Resolves settings and the files under `paths`, runs the engine, and warns about
    /// skipped files and internal errors on stderr.
    static func migrate(_ options: MigrationOptions, paths: [String], console: Console) throws -> [FileOutcome] {
        try run(options, paths: paths, console: console).outcomes
    }

    /// Like `migrate`, also returning the engine that ran, so a later step (the interactive
    /// review) can run it again without reading the configuration a second time.
    static func run(
        _ options: MigrationOptions, paths: [String], console: Console
    ) throws -> (engine: MigrationEngine, outcomes: [FileOutcome]) {
        let (settings, files) = try settingsAndFiles(options, paths: paths)
        let engine = settings.engine
        let outcomes = MigrationRun.run(files, engine: engine)
        warnAboutProblems(outcomes, console: console)
        return (engine, outcomes)
    }

    /// Like `migrate`, but hands each file's outcome to `each` as soon as it and every earlier
    /// file are done (in input order, on this thread), warning about it first when it was
    /// skipped or failed the engine's checks; keeps nothing, so memory does not grow with the
    /// number of files.
    static func stream(
        _ options: MigrationOptions, paths: [String], console: Console, each: (FileOutcome) throws -> Void
    ) throws {
        let (settings, files) = try settingsAndFiles(options, paths: paths)
        try MigrationRun.stream(files, engine: settings.engine) { outcome in
            warnAboutProblems([outcome], console: console)
            try each(outcome)
        }
    }

    /// The settings for `options` and the files `paths` name.
    static func settingsAndFiles(_ options: MigrationOptions, paths: [String]) throws -> (RunSettings, [SourceFile]) {
        let settings = try RunSettings(options: options, paths: paths)
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
