import CLibgit2
import Foundation

extension Repository {
    /// True when git ignores `relativePath` (repository-relative, `/`-separated): a `.gitignore`,
    /// `.git/info/exclude` or `core.excludesFile` pattern matches it or a folder it is in — what
    /// `git check-ignore --no-index` says, whether or not the path is tracked.
    public func isIgnored(_ relativePath: String) throws -> Bool {
        guard !isBare else { throw GitStageError.bareRepository(path: gitDirectory) }
        let path = try normalizedRelativePath(relativePath)
        var ignored: Int32 = 0
        try check(git_ignore_path_is_ignored(&ignored, handle.pointer, path), "read whether git ignores \(path)")
        return ignored == 1
    }

    /// True when the git folder holds an index file. A repository whose HEAD has a commit but no
    /// index is one whose checkout failed (or whose index was deleted): git sees every file as
    /// untracked and every tracked one as deleted. A new repository has none until the first `git add`.
    public var hasIndexFile: Bool {
        FileManager.default.fileExists(atPath: gitDirectory + "/index")
    }
}
