import Foundation
import GitStage
import PlainText
import Synchronization
import SwiftUIMigrate

/// One run, assembled from where its files come from: the settings, the files (each with its configuration,
/// floor and module), what the configuration is warned about, and how each file's bytes are read.
///
/// The only place that turns a source into a run: every command, the language server, the MCP server, batch
/// and the interactive review make a plan here, run it, and hand the outcomes to what they write.
struct RunPlan {
    /// Where a run's files come from.
    enum Source {
        /// The Swift files at or below these paths on disk, as discovery finds them (standard input instead
        /// when the options hold `--stdin-filepath`).
        case disk([String])
        /// One text given as the file at `path` (standard input, an editor's buffer); the file need not exist.
        case buffer(path: String, bytes: [UInt8])
        /// The tracked Swift files of HEAD's tree at or below `path` (all of them in a bare repository), read
        /// from their blobs; the worktree and index are never looked at. Files are named repository-relative.
        case head(Repository, path: String)
        /// The files at or below `path` in `repository`'s worktree, as `.disk` finds them; with `namedFromRoot`, named
        /// from the repository's root rather than as `path` names them.
        case worktree(Repository, path: String, namedFromRoot: Bool)
    }

    /// The configuration and rules of the run.
    let settings: RunSettings
    /// The engine every file runs (with its own configuration); the language server tunes it.
    var engine: MigrationEngine
    /// The files to migrate, in order.
    var files: [SourceFile]
    /// One line per folder that could not be listed, then one per include/exclude pattern of the configuration
    /// that matches no `.swift` file.
    let warnings: [String]
    /// How many folders below the named ones could not be listed: the run did not check everything there.
    private(set) var unlistedFolders = 0
    /// The manifests the floor search could not read (`FloorNote`).
    let floorProblems: [String]
    /// The folder the files' `rootPath`s are relative to (SARIF's `%SRCROOT%`): the work tree of the repository
    /// the files are in, else the current folder; nil for a commit's files, named from the repository's root.
    let sourceRoot: String?
    /// Reads a file's bytes, as the run reads them.
    let load: @Sendable (SourceFile) -> SourceReader.Outcome
    /// The first blob of HEAD that could not be read, which fails the run as a broken repository must.
    private let readFailure: ReadFailure?
    /// True when a module forgets what its index read once the run is past its last file (see
    /// `MigrationRun.stream`): every source but a buffer, whose plan the servers run again and again.
    private let forgetsModules: Bool

    /// Assembles the run of `options` over `source`; throws a one-line error when the configuration cannot
    /// be used or when a folder gives no file to check (`NoFileToCheck`).
    init(_ options: MigrationOptions, source: Source) throws {
        switch source {
        case .disk(let paths):
            if let path = options.stdinPath {
                // Read only as far as the path's size limit: `< /dev/zero` is not read for ever.
                try self.init(options, buffer: path) { limit in try StandardInput.readAll(limit: limit) }
                return
            }
            try self.init(options, disk: paths)
        case .buffer(let path, let bytes):
            try self.init(options, buffer: path) { _ in bytes }
        case .head(let repository, let path):
            try self.init(options, head: repository, path: path)
        case .worktree(let repository, let path, let namedFromRoot):
            _ = try repository.relativePath(for: path)
            try self.init(options, disk: [path])
            guard namedFromRoot else { return }
            files = try files.map { file in
                var renamed = file
                renamed.displayPath = try repository.relativePath(for: file.absolutePath)
                renamed.rootPath = renamed.displayPath
                return renamed
            }
        }
    }

    private init(
        settings: RunSettings, files: [SourceFile], warnings: [String] = [], floorProblems: [String], sourceRoot: String? = nil,
        load: (@Sendable (SourceFile) -> SourceReader.Outcome)? = nil, readFailure: ReadFailure? = nil, forgetsModules: Bool = true
    ) {
        self.settings = settings
        engine = settings.engine
        self.files = files
        self.warnings = warnings
        self.floorProblems = floorProblems
        self.sourceRoot = sourceRoot
        self.load = load ?? MigrationRun.reader(for: settings.engine)
        self.readFailure = readFailure
        self.forgetsModules = forgetsModules
    }

    // MARK: Running

    /// Runs the engine over every file into `sink` and finishes it: each file's outcome as soon as it and every
    /// earlier file are done when the sink streams, else the whole run's at the end. `warn` gets the configuration's
    /// warnings first, then each file's (skipped, failed the engine's checks) as it is done; `notes`, when given, the
    /// floor lines (manifests not read, then the floors that decided the findings shown) before the outcomes of a
    /// run the sink takes at once, after those of a streamed one. Returns true when a file or a folder could not be
    /// read: not everything was checked. Throws when a blob of HEAD could not be read, or when the sink throws.
    @discardableResult
    func run(
        into sink: some RunSink, warn: (String) -> Void = { _ in }, notes: ((String) -> Void)? = nil,
        waitsForOverdueFiles: Bool = false
    ) throws -> Bool {
        for line in warnings { warn(line) }
        if let notes { for line in floorProblems { notes(line) } }
        var collected: [FileOutcome] = []
        if !sink.streams { collected.reserveCapacity(files.count) }
        var decided: [SourceFile] = []
        var leftUnread = unlistedFolders > 0
        try MigrationRun.stream(
            files, engine: engine, load: load, waitsForOverdueFiles: waitsForOverdueFiles, forgetsModules: forgetsModules
        ) { outcome in
            if let error = readFailure?.first.withLock({ $0 }) { throw error }
            for line in outcome.warnings { warn(line) }
            if notes != nil && showsFindings(outcome) { decided.append(outcome.file) }
            leftUnread = leftUnread || outcome.unread
            if sink.streams { try sink.take([outcome]) } else { collected.append(outcome) }
        }
        if let notes { noteFloors(of: decided, notes) }
        if !sink.streams { try sink.take(collected) }
        try sink.finish()
        return leftUnread
    }

    /// The configuration a run over `path` gives the file (or the files directly in the folder) there
    /// (`scan --print-config`); throws a one-line error when it cannot be used.
    static func configuration(of path: String, _ options: MigrationOptions) throws -> EffectiveConfiguration {
        guard FileManager.default.fileExists(atPath: path) else { throw SourceDiscovery.missing(path) }
        let settings = try RunSettings(options: options, paths: [path])
        return try settings.effective(forPath: SourceDiscovery.absolute(path))
    }

    /// `outcomes` migrated again from their original bytes with `engine` (the interactive review's: only the
    /// accepted fixes), for the files with a rewrite; the others as they were.
    static func rerun(_ outcomes: [FileOutcome], engine: MigrationEngine) -> [FileOutcome] {
        let touched = outcomes.filter { $0.migration?.findings.contains { $0.action == .rewrite } == true }
        let originals = Dictionary(
            touched.compactMap { outcome in outcome.migration.map { (outcome.file.displayPath, $0.original) } },
            uniquingKeysWith: { first, _ in first })
        var byPath: [String: FileOutcome] = [:]
        MigrationRun.stream(touched.map(\.file), engine: engine, load: { file in
            originals[file.displayPath].map(SourceReader.Outcome.text) ?? .skipped("not read in the first run")
        }) { byPath[$0.file.displayPath] = byPath[$0.file.displayPath] ?? $0 }
        return outcomes.map { byPath.removeValue(forKey: $0.file.displayPath) ?? $0 }
    }

    /// The notes saying which deployment floors decided the findings printed: one per distinct floor of the
    /// `files`, those with a finding the output shows (a `keep` only with `--show-kept`).
    private func noteFloors(of files: [SourceFile], _ notes: (String) -> Void) {
        let targets = Set(files.map { ($0.configuration ?? settings.configuration).deploymentTarget })
        let configured = targets.count == 1 ? targets.first! : nil
        for line in FloorNote.lines(files: files, configured: configured, problems: []) { notes(line) }
    }

    /// True when the output shows a finding of `outcome`'s file.
    private func showsFindings(_ outcome: FileOutcome) -> Bool {
        let showsKept = (outcome.file.configuration ?? settings.configuration).showKept
        return outcome.migration?.findings.contains { $0.action != .keep || showsKept } ?? false
    }
}

// MARK: Assembling

private extension RunPlan {
    /// The files `paths` name on disk, each with the deployment floor found beside it. The paths are taken a
    /// repository at a time (consecutive paths in one repository together): its files found, their
    /// configurations noted for the unused patterns, their floors and modules found, and then what the lookups
    /// kept of its folders forgotten, so a run naming many repositories keeps one repository's folders at a time
    /// (`RunMemoryTests`).
    init(_ options: MigrationOptions, disk paths: [String]) throws {
        let settings = try RunSettings(options: options, paths: paths)
        let discovery = SourceDiscovery(settings: settings, forceExclude: options.forceExclude, useGit: options.useGit)
        let root = SourceRoot(paths: paths, fileSystem: settings.fileSystem)
        let module = Self.diskModule(settings, useGit: options.useGit)
        var groups: [[SourceFile]] = []
        var problems: [String] = []
        var consideredCount = 0
        var unused = UnusedGlobs()
        var seen = Set<String>()
        var unlisted: [String] = []
        var start = paths.startIndex
        while start < paths.endIndex {
            // The next path in another repository ends the group (its top is found again after the forgetting).
            let top = Self.top(of: paths[start], settings: settings)
            var end = start + 1
            while end < paths.endIndex, Self.top(of: paths[end], settings: settings) == top { end += 1 }
            var considered: [String] = []
            let discovered = try discovery.files(in: Array(paths[start..<end]), considered: &considered, seen: &seen, unlisted: &unlisted)
            consideredCount += considered.count
            for path in considered { unused.note(path, in: try settings.effective(forFile: path)) }
            let floored = Self.floored(root.naming(discovered), settings: settings, module: module)
            groups.append(floored.files)
            problems += floored.problems
            settings.forgetFolders()
            start = end
        }
        // Joined into an array of the files' number: grown by doubling, it kept up to twice the room (the files'
        // list is most of what a run over many repositories holds).
        var files: [SourceFile] = []
        files.reserveCapacity(groups.reduce(0) { $0 + $1.count })
        for group in groups { files += group }
        groups = []
        if files.isEmpty, let folder = paths.first(where: SourceDiscovery.isFolder) {
            if consideredCount > 0 { throw NoFileToCheck(folder: folder, reason: .allExcluded(consideredCount)) }
            if TrackedFiles.isBareRepository(folder) { throw NoFileToCheck(folder: folder, reason: .bareRepository) }
        }
        let warnings = Self.unusedGlobWarnings(unused, settings: settings, useGit: options.useGit)
        settings.forgetFolders()
        self.init(settings: settings, files: files, warnings: unlisted + warnings, floorProblems: problems, sourceRoot: root.path)
        unlistedFolders = unlisted.count
    }

    /// The top of the repository `path` (a file or a folder, named as the user named it) is in: the folder the
    /// searches from it stop at (`ProjectTree.top`).
    static func top(of path: String, settings: RunSettings) -> String {
        let absolute = SourceDiscovery.absolute(path)
        return settings.tree.top(of: SourceDiscovery.isFolder(absolute) ? absolute : PathText.folder(of: absolute) ?? "/")
    }

    /// The one file of a text given as the file at `path`: found exactly as it is on disk, which need not exist.
    /// `bytes` gives the text, given the path's size limit (`maxFileSize`).
    init(_ options: MigrationOptions, buffer path: String, bytes: (_ limit: Int) throws -> [UInt8]) throws {
        let settings = try RunSettings(options: options, paths: [path])
        var file = SourceDiscovery.namedFile(path)
        let effective = try settings.effective(forFile: file.absolutePath)
        file.buffer = try bytes(effective.configuration.maxFileSize)
        file.configuration = effective.configuration
        file.isExcluded = options.forceExclude && !effective.includes(file.absolutePath)
        // The repository is found from the nearest folder that exists, as it would be once the file is written.
        var existing = URL(fileURLWithPath: file.absolutePath).deletingLastPathComponent()
        while existing.path != "/" && !FileManager.default.fileExists(atPath: existing.path) { existing.deleteLastPathComponent() }
        let root = SourceRoot(paths: [existing.path])
        let (files, problems) = Self.floored(root.naming([file]), settings: settings, module: Self.diskModule(settings, useGit: options.useGit))
        // The servers keep a document's plan while it is open: only what it needs.
        settings.forgetFolders()
        self.init(settings: settings, files: files, floorProblems: problems, sourceRoot: root.path, forgetsModules: false)
    }

    /// HEAD's tracked Swift files at or below `path`, read as the workers reach them. Each file's configuration
    /// is read from HEAD's `.swiftui-migrate.json` files unless `--config` names one.
    init(_ options: MigrationOptions, head repository: Repository, path: String) throws {
        let scope = repository.isBare ? nil : try repository.relativePath(for: path)
        // Every tracked file, not only the Swift ones in scope: the floor is read from project.pbxproj
        // and .xcconfig files too, and from folders above `path`; configuration files from every folder.
        let everything = try repository.trackedFilesAtHEAD()
        let tree = CommitProjectTree(repository: repository, trackedPaths: everything)
        let settings = try RunSettings(options: options, paths: [scope ?? ""], commit: tree)
        var inScope: [SourceFile] = []
        var swiftFileCount = 0
        var held: HeldConfiguration?
        for path in try repository.trackedFilesAtHEAD(under: scope.flatMap { $0.isEmpty ? nil : $0 }) where PathText.isSwift(path) {
            swiftFileCount += 1
            let configuration = try settings.effective(forFile: path)
            guard configuration.includes(path) else { continue }
            var file = SourceFile(displayPath: path, absolutePath: path)
            file.share(configuration.configuration, through: &held)
            inScope.append(file)
        }
        if inScope.isEmpty && swiftFileCount > 0 { throw NoFileToCheck(folder: path, reason: .allExcluded(swiftFileCount)) }
        // HEAD's every Swift file was looked at: a pattern none of them matches is unused.
        var unused = UnusedGlobs()
        for path in everything where PathText.isSwift(path) { unused.note(path, in: try settings.effective(forFile: path)) }
        // Each blob is read when a worker reaches its file, so at most the run's window of files is in memory.
        let head = try HeadBlobReader(repository)
        let maxSize = settings.configuration.maxFileSize
        // A module's other files are read from HEAD too, as a decision needs them.
        let module: (String) -> ModuleFiles = { folder in
            ModuleFiles(commitFolder: folder, paths: everything, maxSize: maxSize) { path in (try? head.blob(path: path)) ?? nil }
        }
        let (files, _) = Self.floored(inScope, settings: settings, module: module, rootFolder: "")
        let failure = ReadFailure()
        self.init(settings: settings, files: files, warnings: unused.warnings(), floorProblems: [], load: { file in
            do {
                guard let bytes = try head.blob(path: file.absolutePath) else { return .skipped("not a file in HEAD") }
                return SourceReader.decode(bytes, maxSize: file.configuration?.maxFileSize ?? maxSize)
            } catch {
                failure.first.withLock { if $0 == nil { $0 = error } }
                return .skipped("cannot read it from HEAD: \(error)")
            }
        }, readFailure: failure)
    }

    /// The module files of a folder on disk, read within the run's `maxFileSize`: the ones git tracks
    /// there unless `useGit` is false, as the run's own files are.
    static func diskModule(_ settings: RunSettings, useGit: Bool) -> (String) -> ModuleFiles {
        let maxSize = settings.configuration.maxFileSize
        let shared = SharedFileBytes()
        return { ModuleFiles(diskFolder: $0, maxSize: maxSize, useGit: useGit, shared: shared) }
    }

    /// The warnings for the include/exclude patterns that match none of the `.swift` files noted in `unused`
    /// nor any other below their configuration file's folder: the tracked ones inside git (unless
    /// `useGit` is false), else those a walk finds — only for a folder at or below the current one, so a
    /// `--config` file elsewhere never makes a run walk a home folder.
    static func unusedGlobWarnings(_ unused: UnusedGlobs, settings: RunSettings, useGit: Bool) -> [String] {
        var unused = unused
        let current = SourceDiscovery.absolute(".")
        for (folder, patterns) in Dictionary(grouping: unused.unmatched, by: \.folder) {
            if useGit, let tracked = try? TrackedFiles.under(folder) {
                unused.ruleOut(by: tracked.tracked.filter(PathText.isSwift), among: patterns)
            } else if PathText.inside(folder, current) != nil {
                unused.ruleOut(by: SourceDiscovery.walk(folder, fileSystem: settings.fileSystem), among: patterns)
            } else {
                unused.assumeUsed(patterns)
            }
        }
        return unused.warnings { PathText.relative($0, to: current) }
    }

    /// `files` with the floors found in the settings' tree (nothing is looked for when the configuration sets
    /// `deploymentTarget`) and the manifests that could not be read; `rootFolder` names the folder of a file
    /// without a slash, as the tree does. `module` makes the files of a module folder (see
    /// `DeploymentFloorFinder.moduleFolder`), once per folder.
    static func floored(
        _ files: [SourceFile], settings: RunSettings, module: @escaping (String) -> ModuleFiles, rootFolder: String = "."
    ) -> (files: [SourceFile], problems: [String]) {
        let finder = DeploymentFloorFinder(tree: settings.tree)
        var modules: [String: ModuleFiles] = [:]
        let floored = files.map { file in
            var file = file
            let folder = PathText.folder(of: file.absolutePath) ?? rootFolder
            file.floor = (file.configuration ?? settings.configuration).deploymentTarget
                ?? finder.floor(forFile: file.absolutePath, in: folder)
            let moduleFolder = finder.moduleFolder(forFile: file.absolutePath, in: folder)
            let files = modules[moduleFolder] ?? module(moduleFolder)
            modules[moduleFolder] = files
            file.module = files
            return file
        }
        return (floored, finder.problems)
    }
}

/// The first error of the workers reading a commit's blobs.
private final class ReadFailure: Sendable {
    let first = Mutex<(any Error)?>(nil)
}

extension FileOutcome {
    /// One warning line (without `warning: `) when the file was skipped or failed the engine's checks, and one
    /// per suppression comment naming an unknown rule or directive (`path:line: …`).
    var warnings: [String] {
        if let reason = skipReason { return ["skipped \(file.displayPath): \(reason)"] }
        let comments = (migration?.suppressionProblems ?? []).map { "\(file.displayPath):\($0.line): \($0.message)" }
        if let error = migration?.internalError {
            return comments + ["internal error in \(file.displayPath): \(error); the file is left unchanged"]
        }
        return comments
    }
}
