import Foundation
import GitStage

/// The folder outputs read by other tools name files from: the work tree of the git repository the run is in
/// (as `git diff`, `git apply`, GitHub annotations and code scanning expect), else the current folder.
///
/// A patch whose paths are relative to the current folder makes `git apply` in a subfolder skip every file and
/// exit 0; naming files from the root makes the same output work from anywhere in the repository.
struct SourceRoot {
    /// The root's absolute path, without a trailing slash.
    let path: String
    /// The repository whose work tree is the root; nil outside git.
    private let repository: Repository?

    /// The root for a run over `paths`: the work tree holding the first of them, else the current folder.
    init(paths: [String]) {
        let first = SourceDiscovery.absolute(paths.first ?? ".")
        if let repository = (try? Repository.discoverIfPresent(from: first)) ?? nil, let workdir = repository.workdir {
            self.repository = repository
            path = workdir
        } else {
            repository = nil
            path = SourceDiscovery.absolute(".")
        }
    }

    /// `absolutePath` relative to the root, `/`-separated; the absolute path itself when it lies outside.
    func relative(_ absolutePath: String) -> String {
        if let repository, let relative = try? repository.relativePath(for: absolutePath), !relative.isEmpty {
            return relative
        }
        let prefix = path == "/" ? "/" : path + "/"
        return absolutePath.hasPrefix(prefix) ? String(absolutePath.dropFirst(prefix.count)) : absolutePath
    }

    /// `files` with `rootPath` set.
    func naming(_ files: [SourceFile]) -> [SourceFile] {
        files.map { file in
            var named = file
            named.rootPath = relative(file.absolutePath)
            return named
        }
    }
}
