import SwiftUIMigrate

/// The configuration that applies to one file: every `.swiftui-migrate.json` from the top of the
/// tree down to the file's folder, nearer ones over farther ones (`Configuration.overridden(by:)`),
/// or the one `--config` names. Found by `ConfigurationLookup`.
struct EffectiveConfiguration: Sendable, Equatable {
    /// The merged settings (before command-line flags).
    var configuration = Configuration()
    /// The files merged, outermost first, as messages name them; empty when none applies.
    var sources: [String] = []
    /// The folder the `include` globs are relative to: that of the nearest file setting `include`.
    var includeFolder: String
    /// That file, as messages name it; nil when no file sets `include`.
    var includeSource: String?
    /// Each file's `exclude` globs with the folder they are relative to.
    var excludes: [ScopedGlobs] = []

    /// Globs written in one configuration file, relative to its folder.
    struct ScopedGlobs: Sendable, Equatable {
        var folder: String
        var globs: [String]
        /// The configuration file they were written in, as messages name it.
        var source: String = ""
    }

    /// Defaults only, globs (none) relative to `folder`.
    init(folder: String) {
        includeFolder = folder
    }

    /// This configuration with `file` (in `folder`) over it.
    func overridden(by file: ConfigurationFile, in folder: String) -> EffectiveConfiguration {
        var next = self
        next.configuration = configuration.overridden(by: file)
        next.sources.append(file.source)
        if file.keys.contains("include") {
            next.includeFolder = folder
            next.includeSource = file.source
        }
        if !file.configuration.exclude.isEmpty {
            next.excludes.append(ScopedGlobs(folder: folder, globs: file.configuration.exclude, source: file.source))
        }
        return next
    }

    /// True when the globs let the file at `path` in (named as the lookup's tree names files).
    func includes(_ path: String) -> Bool {
        let include = configuration.include
        if !include.isEmpty {
            let relative = PathText.relative(path, to: includeFolder)
            if !include.contains(where: { PathGlob($0).matches(relative) }) { return false }
        }
        return !excludes.contains { scope in
            let relative = PathText.relative(path, to: scope.folder)
            return scope.globs.contains { PathGlob($0).matches(relative) }
        }
    }
}
