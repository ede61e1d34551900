import Foundation
import SwiftUIMigrate

/// The configuration and rules of one run: each file's configuration (see `ConfigurationLookup`),
/// then the flags over it.
struct RunSettings {
    /// The configuration of the first path named, flags applied: what the run reports as its
    /// strategy and rules, and what files without one of their own run with.
    var configuration: Configuration
    /// `--only` and `--baseline`: the findings reported and the fixes applied.
    var selection: FindingSelection
    /// Finds each file's configuration files.
    let lookup: ConfigurationLookup
    /// The tree the configuration files are read from: the disk (through one `DiskFileSystem` for the whole
    /// run), or the commit. The floor search reads the same tree.
    let tree: any ProjectTree
    /// The run's one seam to the disk: discovery, the configuration lookup and the floor search list and read through it.
    let fileSystem = DiskFileSystem()
    /// `--rules`, `--strategy` and `--max-file-size`, applied over every file's configuration.
    private let flags: MigrationOptions

    /// Reads `--config FILE` when given, else finds each file's `.swiftui-migrate.json` files on disk, then
    /// applies `--rules`, `--strategy` and `--max-file-size`.
    ///
    /// `commit` is the tree of a commit (no-checkout mode): the configuration files are read from it instead
    /// of the disk, and files are named repository-relative; `paths` are then repository-relative too.
    init(options: MigrationOptions, paths: [String], commit: CommitProjectTree? = nil) throws {
        selection = try FindingSelection(only: options.only, baselinePath: options.baselinePath)
        flags = options
        var explicit: (file: ConfigurationFile, folder: String)?
        if let path = options.configPath {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandError(FileManager.default.fileExists(atPath: path)
                    ? "\(path): cannot read the configuration file" : "no such configuration file: \(path)")
            }
            let file = try ConfigurationFile(json: data, source: path)
            explicit = (file, commit == nil ? FindingSelection.folder(of: path) : "")
        }
        let first: String
        if let commit {
            tree = commit
            lookup = ConfigurationLookup(tree: commit, sourcePrefix: "HEAD:", explicit: explicit)
            first = paths.first ?? ""
        } else {
            let disk = DiskProjectTree(fileSystem: fileSystem)
            tree = disk
            lookup = ConfigurationLookup(tree: disk, explicit: explicit)
            first = SourceDiscovery.absolute(paths.first ?? ".")
        }
        configuration = Configuration()
        configuration = try effective(forPath: first, inCommit: commit).configuration
    }

    /// The configuration of the file at `path` (absolute on disk, repository-relative in a commit), flags
    /// applied: the one question every part of the run that needs a file's settings asks.
    func effective(forFile path: String) throws -> EffectiveConfiguration {
        var found = try lookup.effective(forFile: path)
        apply(to: &found.configuration)
        return found
    }

    /// The configuration of `path`, a file or a folder (in `commit` when given, else on disk), flags applied: of a
    /// folder, the configuration of the files directly in it.
    func effective(forPath path: String, inCommit commit: CommitProjectTree? = nil) throws -> EffectiveConfiguration {
        let isFolder = commit.map { path.isEmpty || !$0.names(in: path).isEmpty } ?? SourceDiscovery.isFolder(path)
        var found = try isFolder ? lookup.effective(forFolder: path) : lookup.effective(forFile: path)
        apply(to: &found.configuration)
        return found
    }

    /// Forgets what the configuration lookup and the disk's tree keep of the folders seen so far: a run calls it
    /// when it moves past a repository, and once it has found its files, so what it keeps follows one
    /// repository, not every one the run names.
    func forgetFolders() {
        lookup.forget()
        (tree as? DiskProjectTree)?.forget()
    }

    /// Applies `--rules`, `--strategy`, `--max-file-size`, `--file-timeout` and `--show-kept` over a configuration.
    private func apply(to configuration: inout Configuration) {
        if !flags.rules.isEmpty {
            configuration.rules = Dictionary(
                uniqueKeysWithValues: RuleRegistry.all.map { ($0.id, flags.rules.contains($0.id)) })
        }
        if let strategy = flags.strategy { configuration.strategy = strategy }
        if let size = flags.maxFileSize { configuration.maxFileSize = size }
        if flags.showKept { configuration.showKept = true }
        if let timeout = flags.fileTimeout { configuration.fileTimeout = timeout }
    }

    /// The engine for this run; each file runs it with its own configuration (`MigrationEngine.configured`).
    var engine: MigrationEngine {
        var engine = MigrationEngine(configuration: configuration)
        engine.decide = selection.decide
        return engine
    }
}
