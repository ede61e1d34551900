import Foundation
import SwiftUIMigrate

/// The configuration and rules of one run: the config file, then the flags over it.
struct RunSettings {
    var configuration: Configuration
    /// The folder the configuration's globs are relative to.
    var configurationRoot: String
    /// `--only` and `--baseline`: the findings reported and the fixes applied.
    var selection: FindingSelection

    /// Reads `--config FILE` (or discovers `.swiftui-migrate.json` above the first path),
    /// then applies `--rules`, `--strategy` and `--max-file-size`.
    ///
    /// `committed` is a configuration read from a commit (no-checkout mode), used when no
    /// `--config` is given instead of looking on disk.
    init(options: MigrationOptions, paths: [String], committed: (data: [UInt8], source: String)? = nil) throws {
        selection = try FindingSelection(onlyPreserving: options.onlyPreserving, baselinePath: options.baselinePath)
        let configPath: String?
        if options.configPath == nil, let committed {
            do {
                configuration = try Configuration(json: Data(committed.data), source: committed.source)
            } catch let error as ConfigurationError {
                throw CommandError(error.description)
            }
            configurationRoot = ""
            apply(options)
            return
        }
        if let explicit = options.configPath {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw CommandError("no such configuration file: \(explicit)")
            }
            configPath = explicit
        } else {
            let start = SourceDiscovery.absolute(paths.first ?? ".")
            var isDirectory: ObjCBool = false
            let isFolder = FileManager.default.fileExists(atPath: start, isDirectory: &isDirectory) && isDirectory.boolValue
            configPath = Configuration.discover(
                from: isFolder ? start : URL(fileURLWithPath: start).deletingLastPathComponent().path)
        }
        do {
            configuration = try configPath.map { try Configuration.load(path: $0) } ?? Configuration()
        } catch let error as ConfigurationError {
            throw CommandError(error.description)
        }
        configurationRoot = configPath.map { URL(fileURLWithPath: SourceDiscovery.absolute($0)).deletingLastPathComponent().path }
            ?? SourceDiscovery.absolute(".")
        apply(options)
    }

    /// Applies `--rules`, `--strategy`, `--max-file-size` and `--show-kept` over the configuration.
    private mutating func apply(_ options: MigrationOptions) {
        if !options.rules.isEmpty {
            configuration.rules = Dictionary(
                uniqueKeysWithValues: RuleRegistry.all.map { ($0.id, options.rules.contains($0.id)) })
        }
        if let strategy = options.strategy { configuration.strategy = strategy }
        if let size = options.maxFileSize { configuration.maxFileSize = size }
        if options.showKept { configuration.showKept = true }
    }

    /// The engine for this run.
    var engine: MigrationEngine {
        var engine = MigrationEngine(configuration: configuration)
        engine.decide = selection.decide
        return engine
    }
}
