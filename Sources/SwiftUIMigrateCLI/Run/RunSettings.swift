import ArgumentParsing
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
    /// then applies `--rules` and `--strategy`.
    ///
    /// `committed` is a configuration read from a commit (no-checkout mode), used when no
    /// `--config` is given instead of looking on disk.
    init(arguments: ParsedArguments, paths: [String], committed: (data: [UInt8], source: String)? = nil) throws {
        selection = try FindingSelection(arguments: arguments)
        let configPath: String?
        if arguments.value("config") == nil, let committed {
            do {
                configuration = try Configuration(json: Data(committed.data), source: committed.source)
            } catch let error as ConfigurationError {
                throw CommandError(error.description)
            }
            configurationRoot = ""
            try applyFlags(arguments, source: committed.source)
            return
        }
        if let explicit = arguments.value("config") {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw CommandError("no such configuration file: \(explicit)")
            }
            configPath = explicit
        } else {
            let start = SourceDiscovery.absolute(paths.first ?? ".")
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: start, isDirectory: &isDirectory)
            configPath = Configuration.discover(
                from: isDirectory.boolValue ? start : URL(fileURLWithPath: start).deletingLastPathComponent().path)
        }
        do {
            configuration = try configPath.map(Configuration.load(path:)) ?? Configuration()
        } catch let error as ConfigurationError {
            throw CommandError(error.description)
        }
        configurationRoot = configPath.map { URL(fileURLWithPath: SourceDiscovery.absolute($0)).deletingLastPathComponent().path }
            ?? SourceDiscovery.absolute(".")
        try applyFlags(arguments, source: configPath ?? "configuration")
    }

    /// Applies `--rules` and `--strategy` over the configuration.
    private mutating func applyFlags(_ arguments: ParsedArguments, source: String) throws {
        let chosen = arguments.list("rules")
        if !chosen.isEmpty {
            for id in chosen where RuleRegistry.rule(id: id) == nil {
                throw CommandError("unknown rule '\(id)' (see 'swiftui-migrate rules')")
            }
            configuration.rules = Dictionary(uniqueKeysWithValues: RuleRegistry.all.map { ($0.id, chosen.contains($0.id)) })
        }
        if let strategy = arguments.value("strategy") {
            configuration.strategy = GroupStrategy(rawValue: strategy) ?? .auto
        }
        if let size = arguments.value("max-file-size") {
            guard let bytes = Int(size), bytes > 0 else { throw CommandError("--max-file-size takes a positive number of bytes") }
            configuration.maxFileSize = bytes
        }
    }

    /// The engine for this run.
    var engine: MigrationEngine {
        var engine = MigrationEngine(configuration: configuration)
        engine.decide = selection.decide
        return engine
    }
}
