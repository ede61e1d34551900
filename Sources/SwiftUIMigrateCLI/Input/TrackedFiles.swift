import GitStage

/// The git-tracked files below a folder, when the folder is inside a git work tree.
///
/// Inside a repository the run looks only at tracked files, so ignored and untracked
/// files (build output, generated code, scratch files) are left alone unless named.
enum TrackedFiles {
    /// Absolute paths (under `directory` as given) of the files tracked below it; nil outside
    /// a git work tree or in a bare repository.
    ///
    /// - Throws: `CommandError` when `directory` is in a repository that cannot be read (a broken
    ///   `.git`, an unreadable index): walking the folder instead would take untracked files.
    static func under(_ directory: String) throws -> [String]? {
        let tracked: [String]
        let relative: String
        do {
            guard let repository = try Repository.discoverIfPresent(from: directory), repository.workdir != nil else {
                return nil
            }
            relative = try repository.relativePath(for: directory)
            tracked = try repository.trackedFiles(under: relative.isEmpty ? nil : relative)
        } catch {
            throw CommandError("cannot list the files git tracks in \(directory): \(error)")
        }
        let prefix = relative.isEmpty ? "" : relative + "/"
        return tracked.compactMap { path in
            guard path.hasPrefix(prefix) else { return nil }
            return directory + "/" + path.dropFirst(prefix.count)
        }
    }
}
