import Foundation
import SwiftUIMigrate

/// Finds the configuration that applies to a file, as SwiftLint finds nested configurations: every
/// `.swiftui-migrate.json` from the top of the tree (the repository root, or `/` outside git) down to
/// the file's folder, the nearer over the farther. So a file gets the same settings whichever path
/// the run was given (`.`, a subfolder, the file itself). With `--config FILE`, that file alone
/// applies to every file.
///
/// This is the one place that decides which configuration a path gets: the run's files, `--stdin-filepath`,
/// `--force-exclude` and `scan --print-config` all ask it. Each folder's result is kept, so a file
/// costs a dictionary look-up once its folder has been seen. Not thread-safe: ask it from one thread.
final class ConfigurationLookup {
    private let tree: any ProjectTree
    private let explicit: EffectiveConfiguration?
    /// How the tree's paths are named in messages (`HEAD:` before a committed file's path).
    private let sourcePrefix: String
    private var folders: [String: EffectiveConfiguration] = [:]
    /// The configuration files whose deprecated keys were warned about: once each, whatever was forgotten since.
    private var warned: Set<String> = []
    /// Says a deprecated key of a file read (`ConfigurationFile.deprecations`): a warning line on stderr.
    private let warn: (String) -> Void = { Console().warning($0) }

    /// Looks in `tree`; `explicitFile` (already read, in `explicitFolder`) replaces every file found there.
    init(
        tree: any ProjectTree, sourcePrefix: String = "", explicit: (file: ConfigurationFile, folder: String)? = nil
    ) {
        self.tree = tree
        self.sourcePrefix = sourcePrefix
        self.explicit = explicit.map { EffectiveConfiguration(folder: $0.folder).overridden(by: $0.file, in: $0.folder) }
        explicit?.file.deprecations.forEach(warn)
    }

    /// The configuration of the file at `path` (named as the tree names files: absolute on disk,
    /// repository-relative in a commit). Throws `ConfigurationError` when a file on the way cannot be used.
    func effective(forFile path: String) throws -> EffectiveConfiguration {
        try effective(forFolder: PathText.folder(of: path) ?? "")  // "" for a file at a commit's root
    }

    /// The configuration of the files directly in `folder`.
    func effective(forFolder folder: String) throws -> EffectiveConfiguration {
        if let explicit { return explicit }
        if let known = folders[folder] { return known }
        let outer = try tree.parent(of: folder).map { try effective(forFolder: $0) } ?? EffectiveConfiguration(folder: folder)
        var result = outer
        let candidate = PathText.join(folder, Configuration.fileName)
        if tree.names(in: folder).contains(Configuration.fileName) {
            // A configuration that is there but cannot be read is not a configuration that is not there.
            guard let bytes = tree.contents(of: candidate) else {
                throw ConfigurationError("\(sourcePrefix + candidate): \(Self.unreadable(candidate)); a configuration must be a regular file")
            }
            let file = try ConfigurationFile(json: Data(bytes), source: sourcePrefix + candidate)
            if !file.deprecations.isEmpty, warned.insert(candidate).inserted { file.deprecations.forEach(warn) }
            result = outer.overridden(by: file, in: folder)
        }
        folders[folder] = result
        return result
    }

    /// Why the file at `path` gave no bytes: a folder, a pipe, a device, a link that leads nowhere, or what
    /// opening it said.
    private static func unreadable(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return lstat(path, &status) == 0 ? "it is a symbolic link that leads nowhere" : SourceReader.cannotBeRead(errno)
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return "it is a folder"
        case S_IFIFO: return "it is a pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "it is a device"
        case S_IFREG: return SourceReader.cannotBeRead(access(path, R_OK) == 0 ? EIO : errno)
        default: return "it is not a regular file"
        }
    }

    /// Forgets the configurations worked out (the run is past the repository of their folders); a folder
    /// asked again is looked up again, without warning again about a deprecated key.
    func forget() {
        folders = [:]
    }
}
