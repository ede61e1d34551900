import Foundation
import GitStage
import SwiftUIMigrate

/// The steps every migrating command starts with: settings, files, the run, and the
/// warnings about files that were skipped or that failed the engine's checks.
enum Workspace {
    /// Resolves settings and the files under `paths`, runs the engine, and warns about
    /// skipped files and internal errors on stderr.
    static func migrate(_ options: MigrationOptions, paths: [String], console: Console, announceFloor: Bool = false) throws -> [FileOutcome] {
        try run(options, paths: paths, console: console, announceFloor: announceFloor).outcomes
    }

    /// Like `migrate`, also returning the engine that ran, so a later step (the interactive
    /// review) can run it again without reading the configuration a second time.
    static func run(
        _ options: MigrationOptions, paths: [String], console: Console, announceFloor: Bool = false
    ) throws -> (engine: MigrationEngine, outcomes: [FileOutcome]) {
        let (settings, files) = try settingsAndFiles(
            options, paths: paths, floorNotes: announceFloor ? { console.note($0) } : nil, warn: console.warning)
        let engine = settings.engine
        let outcomes = MigrationRun.run(files, engine: engine)
        warnAboutProblems(outcomes, console: console)
        if announceFloor {
            noteFloors(of: outcomes.filter { showsFindings($0, settings: settings) }.map(\.file), settings: settings, console: console)
        }
        return (engine, outcomes)
    }

    /// Like `migrate`, but hands each file's outcome to `each` as soon as it and every earlier
    /// file are done (in input order, on this thread), warning about it first when it was
    /// skipped or failed the engine's checks; keeps nothing, so memory does not grow with the
    /// number of files. `ready` is given the run's settings before the first file.
    static func stream(
        _ options: MigrationOptions, paths: [String], console: Console, announceFloor: Bool = false,
        ready: (RunSettings) -> Void = { _ in }, each: (FileOutcome) throws -> Void
    ) throws {
        let (settings, files) = try settingsAndFiles(
            options, paths: paths, floorNotes: announceFloor ? { console.note($0) } : nil, warn: console.warning)
        ready(settings)
        var decided: [SourceFile] = []
        try MigrationRun.stream(files, engine: settings.engine) { outcome in
            warnAboutProblems([outcome], console: console)
            if announceFloor && showsFindings(outcome, settings: settings) { decided.append(outcome.file) }
            try each(outcome)
        }
        if announceFloor { noteFloors(of: decided, settings: settings, console: console) }
    }

    /// The notes saying which deployment floors decided the findings printed: one per distinct floor of
    /// `files`, those with a finding the output shows (a `keep` only with `--show-kept`), none for the others.
    static func noteFloors(of files: [SourceFile], settings: RunSettings, console: Console) {
        let targets = Set(files.map { ($0.configuration ?? settings.configuration).deploymentTarget })
        let configured = targets.count == 1 ? targets.first! : nil
        for line in FloorNote.lines(files: files, configured: configured, problems: []) { console.note(line) }
    }

    /// True when the output shows a finding of `outcome`'s file.
    private static func showsFindings(_ outcome: FileOutcome, settings: RunSettings) -> Bool {
        let showsKept = (outcome.file.configuration ?? settings.configuration).showKept
        return outcome.migration?.findings.contains { $0.action != .keep || showsKept } ?? false
    }

    /// The settings for `options` and the files `paths` name, each with the deployment floor found
    /// beside it on disk. `floorNotes` is given the lines saying which floors were found (see `FloorNote`);
    /// `warn`, one line per include/exclude pattern of the configuration that matches no `.swift` file.
    static func settingsAndFiles(
        _ options: MigrationOptions, paths: [String], floorNotes: ((String) -> Void)? = nil, warn: ((String) -> Void)? = nil
    ) throws -> (RunSettings, [SourceFile]) {
        if let path = options.stdinPath {
            return try settingsAndBuffer(options, path: path, bytes: try StandardInput.readAll(), floorNotes: floorNotes)
        }
        let settings = try RunSettings(options: options, paths: paths)
        var discovery = SourceDiscovery(configurationOf: settings.effective(forFile:), trackedFolder: TrackedFiles.under)
        discovery.forceExclude = options.forceExclude
        discovery.useGit = options.useGit
        discovery.fileSystem = settings.fileSystem
        var considered: [String] = []
        let discovered = try discovery.files(in: paths, considered: &considered)
        if discovered.isEmpty, let folder = paths.first(where: isFolder) {
            if !considered.isEmpty { throw NoFileToCheck(folder: folder, reason: .allExcluded(considered.count)) }
            if TrackedFiles.isBareRepository(folder) { throw NoFileToCheck(folder: folder, reason: .bareRepository) }
        }
        if let warn {
            for line in try unusedGlobWarnings(considered, settings: settings, useGit: options.useGit) { warn(line) }
        }
        let found = SourceRoot(paths: paths, fileSystem: settings.fileSystem).naming(discovered)
        let files = floored(
            found, settings: settings, tree: settings.tree, floorNotes: floorNotes, module: diskModule(settings)
        ) {
            PathText.folder(of: $0.absolutePath) ?? "."
        }
        return (settings, files)
    }

    /// True when `path` names a folder (the run walks it rather than taking a named file).
    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The module files of a folder on disk, read within the run's `maxFileSize`.
    static func diskModule(_ settings: RunSettings) -> (String) -> ModuleFiles {
        let maxSize = settings.configuration.maxFileSize
        return { ModuleFiles(diskFolder: $0, maxSize: maxSize) }
    }

    /// The settings and the one file of a text given as the file at `path` (`--stdin-filepath`,
    /// an editor's buffer): found exactly as they are for the file on disk, which need not exist.
    static func settingsAndBuffer(
        _ options: MigrationOptions, path: String, bytes: [UInt8], floorNotes: ((String) -> Void)? = nil
    ) throws -> (RunSettings, [SourceFile]) {
        let settings = try RunSettings(options: options, paths: [path])
        var file = SourceDiscovery.namedFile(path)
        file.buffer = bytes
        let effective = try settings.effective(forFile: file.absolutePath)
        file.configuration = effective.configuration
        file.isExcluded = options.forceExclude && !effective.includes(file.absolutePath)
        // The repository is found from the nearest folder that exists, as it would be once the file is written.
        var existing = URL(fileURLWithPath: file.absolutePath).deletingLastPathComponent()
        while existing.path != "/" && !FileManager.default.fileExists(atPath: existing.path) { existing.deleteLastPathComponent() }
        let named = SourceRoot(paths: [existing.path]).naming([file])
        let files = floored(
            named, settings: settings, tree: settings.tree, floorNotes: floorNotes, module: diskModule(settings)
        ) {
            PathText.folder(of: $0.absolutePath) ?? "."
        }
        return (settings, files)
    }

    /// The warnings for the include/exclude patterns that match none of the `.swift` files `considered`
    /// nor any other below their configuration file's folder: the tracked ones inside git (unless
    /// `useGit` is false), else those a walk finds — only for a folder at or below the current one, so a
    /// `--config` file elsewhere never makes a run walk a home folder.
    static func unusedGlobWarnings(_ considered: [String], settings: RunSettings, useGit: Bool) throws -> [String] {
        var unused = UnusedGlobs()
        for path in considered { unused.note(path, in: try settings.effective(forFile: path)) }
        let current = SourceDiscovery.absolute(".")
        for (folder, patterns) in Dictionary(grouping: unused.unmatched, by: \.folder) {
            if useGit, let tracked = try? TrackedFiles.under(folder) {
                unused.ruleOut(by: tracked.tracked.filter { $0.hasSuffix(".swift") }, among: patterns)
            } else if folder == current || folder.hasPrefix(current == "/" ? "/" : current + "/") {
                unused.ruleOut(by: SourceDiscovery.walk(folder, fileSystem: settings.fileSystem), among: patterns)
            } else {
                unused.assumeUsed(patterns)
            }
        }
        return unused.warnings { source in
            source.hasPrefix(current + "/") ? String(source.dropFirst(current.count + 1)) : source
        }
    }

    /// `files` with the floors found in `tree` (nothing is looked for when the configuration sets
    /// `deploymentTarget`); `folder` names a file's folder as `tree` does (and `absolutePath` the file).
    /// `module` makes the files of a module folder (see `DeploymentFloorFinder.moduleFolder`), once per
    /// folder; nil leaves each file to be read alone.
    static func floored(
        _ files: [SourceFile], settings: RunSettings, tree: any ProjectTree, floorNotes: ((String) -> Void)?,
        module: ((String) -> ModuleFiles)? = nil, folder: (SourceFile) -> String
    ) -> [SourceFile] {
        // A file whose configuration sets `deploymentTarget` has that floor; the others' are looked for.
        let targets = Set(files.map { ($0.configuration ?? settings.configuration).deploymentTarget })
        let finder = targets.contains(nil) || module != nil ? DeploymentFloorFinder(tree: tree) : nil
        var modules: [String: ModuleFiles] = [:]
        let floored = files.map { file in
            var file = file
            file.floor = (file.configuration ?? settings.configuration).deploymentTarget
                ?? finder?.floor(forFile: file.absolutePath, in: folder(file)) ?? .unknown
            if let module, let finder {
                let moduleFolder = finder.moduleFolder(forFile: file.absolutePath, in: folder(file))
                let files = modules[moduleFolder] ?? module(moduleFolder)
                modules[moduleFolder] = files
                file.module = files
            }
            return file
        }
        // The manifests that could not be read are said at once; the floors that decided findings once these are
        // known (`noteFloors`).
        if let floorNotes {
            for line in finder?.problems ?? [] { floorNotes(line) }
        }
        return floored
    }

    /// Warns on stderr about files that were skipped or that failed the engine's checks.
    static func warnAboutProblems(_ outcomes: [FileOutcome], console: Console) {
        for problem in problems(outcomes) { console.warning(problem) }
    }

    /// One warning line (without `warning: `) per file that was skipped or failed the engine's checks,
    /// and one per suppression comment naming an unknown rule or directive (`path:line: …`).
    static func problems(_ outcomes: [FileOutcome]) -> [String] {
        outcomes.flatMap { outcome -> [String] in
            if let reason = outcome.skipReason {
                return ["skipped \(outcome.file.displayPath): \(reason)"]
            }
            let comments = (outcome.migration?.suppressionProblems ?? []).map { "\(outcome.file.displayPath):\($0.line): \($0.message)" }
            if let error = outcome.migration?.internalError {
                return comments + ["internal error in \(outcome.file.displayPath): \(error); the file is left unchanged"]
            }
            return comments
        }
    }

    /// The per-file summaries of `outcomes`, in order, each file named as the user named it or, `fromRoot`, from
    /// the repository's root (for a pull request); `notWritten` gives why a file's rewrites were not written, by
    /// display path.
    static func summaries(
        _ outcomes: [FileOutcome], fromRoot: Bool = false, notWritten: [String: String] = [:]
    ) -> [FileSummary] {
        outcomes.compactMap { outcome in
            outcome.migration.map { migration in
                FileSummary(
                    file: fromRoot ? outcome.file.rootPath : outcome.file.displayPath, findings: migration.findings,
                    notWritten: migration.changed ? notWritten[outcome.file.displayPath] : nil)
            }
        }
    }
}
