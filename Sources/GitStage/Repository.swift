import CLibgit2
import Foundation
import PlainText

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A git repository opened through libgit2: discovery, HEAD, the tracked files and their status, HEAD's blobs, and
/// (in `Repository+Stage.swift`) staging a migration.
///
/// Not `Sendable`: a libgit2 repository handle and the objects read through it must not be used from two threads at
/// once. Open one `Repository` per task (batch runs do: one repository per worker).
public final class Repository {
    let handle: Handle

    /// The worktree's absolute path without a trailing slash; nil for a bare repository.
    public let workdir: String?
    /// The git folder's absolute path (`<workdir>/.git`, a linked worktree's private folder, or the bare repository),
    /// without a trailing slash. HEAD, the index and `index.lock` live here.
    public let gitDirectory: String

    /// Test hook: called before each step of a staging run that changes something; throwing simulates a failure there.
    var faultInjection: ((StageStep) throws -> Void)?

    private init(handle: Handle) {
        self.handle = handle
        workdir = git_repository_workdir(handle.pointer).map { String(cString: $0).trimmingSuffix("/") }
        gitDirectory = String(cString: git_repository_path(handle.pointer)).trimmingSuffix("/")
    }

    /// Opens the repository containing `path` (a file or folder), searching parent folders like `git` does.
    ///
    /// - Throws: ``GitStageError/notARepository(path:)`` when there is none; ``Libgit2Error`` when one exists but
    ///   cannot be opened (e.g. owned by another user).
    public static func discover(from path: String) throws -> Repository {
        guard let repository = try discoverIfPresent(from: path) else { throw GitStageError.notARepository(path: path) }
        return repository
    }

    /// Like ``discover(from:)`` but nil when `path` is not inside a repository, so the caller can fall back to a
    /// plain directory walk.
    ///
    /// - Throws: ``Libgit2Error`` with libgit2's reason when the nearest `.git` at or above `path` (on its
    ///   device) is one libgit2 cannot open — owned by another user, a `.git` file pointing nowhere, a `.git`
    ///   folder without `objects` or `refs` — even where libgit2's own search passes over it: such a tree is
    ///   not a plain folder to walk.
    public static func discoverIfPresent(from path: String) throws -> Repository? {
        Libgit2.ensureInitialized()
        var start = absolute(path)
        var status = stat()
        if stat(start, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            start = parent(of: start)
        }
        let handle = try Handle.lookUp("open the repository at \(path)", free: git_repository_free) {
            git_repository_open_ext($0, start, 0, nil)
        }
        let found = handle.map(Repository.init(handle:))
        if let nearest = nearestDotGitFolder(from: start),
           found == nil || found?.workdir.flatMap(realPath).map({ PathText.inside(nearest, $0)?.isEmpty == false }) == true {
            // libgit2 passed over the nearest `.git`: opened on its own, it says why.
            do {
                return Repository(handle: try Handle.make("open the repository at \(nearest)", free: git_repository_free) {
                    git_repository_open_ext($0, nearest, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
                })
            } catch let error as Libgit2Error where error.code.rawValue == GIT_EOWNER.rawValue || isOwnedByAnotherUser(nearest) {
                // Without a `safe.directory` setting, libgit2 1.5 fails its ownership check with the message (and
                // code) of the setting's failed lookup: "config value 'safe.directory' was not found".
                throw Libgit2Error(
                    code: error.code, domain: error.domain, message: "not owned by current user (git's safe.directory lists the repositories to trust)",
                    operation: error.operation)
            }
        }
        return found
    }

    /// True when the work tree `folder` or its `.git` belongs to another user than this process's.
    private static func isOwnedByAnotherUser(_ folder: String) -> Bool {
        [folder, folder + "/.git"].contains { path in
            var status = stat()
            return lstat(path, &status) == 0 && status.st_uid != geteuid()
        }
    }

    /// The real path of the nearest folder at or above `start` (not crossing onto another device, as
    /// libgit2's search does not) holding a `.git` entry of any kind; nil when there is none.
    static func nearestDotGitFolder(from start: String) -> String? {
        guard var folder = realPath(start) else { return nil }
        var first = stat()
        guard stat(folder, &first) == 0 else { return nil }
        while true {
            var entry = stat()
            if lstat(PathText.join(folder, ".git"), &entry) == 0 { return folder }
            guard folder != "/" else { return nil }
            let above = parent(of: folder)
            var device = stat()
            guard stat(above, &device) == 0, device.st_dev == first.st_dev else { return nil }
            folder = above
        }
    }

    /// True for a repository without a worktree.
    public var isBare: Bool { git_repository_is_bare(handle.pointer) == 1 }

    /// Where HEAD points.
    public func head() throws -> HeadState {
        if try check(git_repository_head_unborn(handle.pointer), "read HEAD") == 1 {
            return .unborn(branch: Self.shortBranchName(try symbolicHeadTarget() ?? "HEAD"))
        }
        let reference = try Handle.make("read HEAD", keepAlive: self, free: git_reference_free) {
            git_repository_head($0, handle.pointer)
        }
        let commit = try peeledCommitID(reference, "resolve HEAD to a commit")
        if try check(git_repository_head_detached(handle.pointer), "read HEAD") == 1 {
            return .detached(commit: commit)
        }
        let name = String(cString: git_reference_name(reference.pointer))
        return .branch(name: Self.shortBranchName(name), commit: commit)
    }

    /// The merge, rebase or other multi-step operation in progress ("merge", "rebase", …), or nil.
    public func operationInProgress() -> String? {
        switch git_repository_state(handle.pointer) {
        case Int32(GIT_REPOSITORY_STATE_NONE.rawValue): nil
        case Int32(GIT_REPOSITORY_STATE_MERGE.rawValue): "merge"
        case Int32(GIT_REPOSITORY_STATE_REVERT.rawValue), Int32(GIT_REPOSITORY_STATE_REVERT_SEQUENCE.rawValue): "revert"
        case Int32(GIT_REPOSITORY_STATE_CHERRYPICK.rawValue), Int32(GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE.rawValue):
            "cherry-pick"
        case Int32(GIT_REPOSITORY_STATE_BISECT.rawValue): "bisect"
        case Int32(GIT_REPOSITORY_STATE_APPLY_MAILBOX.rawValue): "git am"
        default: "rebase"
        }
    }

    /// The regular files in the index (symbolic links and submodules excluded), repository-relative and
    /// `/`-separated, in index order; only those at or below `relativePath` when it is given ("" or nil: all).
    ///
    /// - Throws: ``GitStageError/bareRepository(path:)`` for a bare repository (use ``trackedFilesAtHEAD(under:)``).
    public func trackedFiles(under relativePath: String? = nil) throws -> [String] {
        guard !isBare else { throw GitStageError.bareRepository(path: gitDirectory) }
        return try Self.regularFiles(in: repositoryIndex(), under: relativePath)
    }

    /// The regular files in HEAD's tree, like ``trackedFiles(under:)`` but independent of the worktree and index —
    /// what no-checkout mode migrates.
    ///
    /// - Throws: ``GitStageError/unbornHead(branch:)`` when HEAD has no commit.
    public func trackedFilesAtHEAD(under relativePath: String? = nil) throws -> [String] {
        let tree = try headTree()
        let index = try Handle.make("create an index in memory", free: git_index_free) { git_index_new($0) }
        try check(git_index_read_tree(index.pointer, tree.pointer), "read HEAD's tree")
        return try Self.regularFiles(in: index, under: relativePath)
    }

    /// The bytes of the regular file `path` (repository-relative) in HEAD's tree; nil when HEAD has no such file
    /// (or has a symbolic link or submodule there).
    public func headBlob(path: String) throws -> [UInt8]? {
        try blob(at: normalizedRelativePath(path), in: headTree())?.bytes
    }

    /// The status of each path (repository-relative) against HEAD and the index, as `git status` computes it.
    /// Paths unknown to git and absent from the worktree are left out of the result.
    public func statusOfPaths(_ paths: [String]) throws -> [String: FileStatus] {
        guard !isBare else { throw GitStageError.bareRepository(path: gitDirectory) }
        var result: [String: FileStatus] = [:]
        for path in paths {
            let normalized = try normalizedRelativePath(path)
            var flags: UInt32 = 0
            guard try checkFound(git_status_file(&flags, handle.pointer, normalized), "read the status of \(normalized)")
            else { continue }
            result[path] = FileStatus(rawValue: flags)
        }
        return result
    }

    /// The repository-relative, `/`-separated form of `path` (absolute, or relative to the current folder); ""
    /// for the worktree's root. Symbolic links in the folders above the file are resolved (so `/tmp/x` and
    /// `/private/tmp/x` agree); the last component is not, so a symbolic link names itself.
    ///
    /// - Throws: ``GitStageError/pathOutsideRepository(path:)`` when `path` is not inside the worktree or lies
    ///   inside `.git`; ``GitStageError/bareRepository(path:)`` for a bare repository.
    public func relativePath(for path: String) throws -> String {
        guard let workdir else { throw GitStageError.bareRepository(path: gitDirectory) }
        let root = Self.resolvingSymlinks(workdir)
        let lexical = Self.absolute(path)
        let resolved = if Self.resolvingSymlinks(lexical) == root {
            root
        } else if lexical == "/" {
            lexical
        } else {
            PathText.join(Self.resolvingSymlinks(Self.parent(of: lexical)), PathText.name(of: lexical))
        }
        guard let relative = PathText.inside(resolved, root), relative != ".git", !relative.hasPrefix(".git/") else {
            throw GitStageError.pathOutsideRepository(path: path)
        }
        return relative
    }

    // MARK: - Internal helpers shared with staging

    /// A repository-relative path in canonical form: no empty, "." or ".." components, not inside `.git`.
    func normalizedRelativePath(_ path: String) throws -> String {
        guard !path.hasPrefix("/") else { throw GitStageError.pathOutsideRepository(path: path) }
        let components = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !components.isEmpty, !components.contains(".."), components.first != ".git" else {
            throw GitStageError.pathOutsideRepository(path: path)
        }
        return components.joined(separator: "/")
    }

    /// The repository's own index object (libgit2 shares one per repository), read again from the index file.
    func repositoryIndex() throws -> Handle {
        let index = try Handle.make("open the index", keepAlive: self, free: git_index_free) {
            git_repository_index($0, handle.pointer)
        }
        try check(git_index_read(index.pointer, 1), "read the index")
        return index
    }

    func headCommit() throws -> Handle {
        switch try head() {
        case .unborn(let branch): throw GitStageError.unbornHead(branch: branch)
        case .detached(let commit), .branch(_, let commit): return try lookupCommit(commit)
        }
    }

    func lookupCommit(_ id: ObjectID) throws -> Handle {
        var oid = try id.oid()
        return try Handle.make("read commit \(id.hex.prefix(7))", keepAlive: self, free: git_commit_free) {
            git_commit_lookup($0, handle.pointer, &oid)
        }
    }

    func tree(of commit: Handle) throws -> Handle {
        try Handle.make("read a commit's tree", keepAlive: self, free: git_tree_free) {
            git_commit_tree($0, commit.pointer)
        }
    }

    func headTree() throws -> Handle { try tree(of: headCommit()) }

    /// The blob at `path` in `tree` when it is a regular file (mode 100644 or 100755), with its mode.
    func blob(at path: String, in tree: Handle) throws -> (bytes: [UInt8], id: ObjectID, mode: UInt32)? {
        guard let entry = try Handle.lookUp("find \(path) in a tree", free: git_tree_entry_free, {
            git_tree_entry_bypath($0, tree.pointer, path)
        }) else { return nil }
        let mode = git_tree_entry_filemode(entry.pointer).rawValue
        guard mode == GIT_FILEMODE_BLOB.rawValue || mode == GIT_FILEMODE_BLOB_EXECUTABLE.rawValue else { return nil }
        var oid = git_tree_entry_id(entry.pointer).pointee
        let blob = try Handle.make("read \(path)", keepAlive: self, free: git_blob_free) {
            git_blob_lookup($0, handle.pointer, &oid)
        }
        let size = Int(git_blob_rawsize(blob.pointer))
        let bytes: [UInt8] = size == 0 ? [] : Array(
            UnsafeBufferPointer(start: git_blob_rawcontent(blob.pointer).assumingMemoryBound(to: UInt8.self), count: size))
        return (bytes, ObjectID(oid), UInt32(mode))
    }

    /// The commit `reference` resolves to; `operation` names the step when it cannot be resolved.
    func peeledCommitID(_ reference: Handle, _ operation: @autoclosure () -> String) throws -> ObjectID {
        let commit = try Handle.make(operation(), keepAlive: self, free: git_object_free) {
            git_reference_peel($0, reference.pointer, GIT_OBJECT_COMMIT)
        }
        return ObjectID(git_object_id(commit.pointer))
    }

    /// The reference HEAD names (`refs/heads/main`), or nil when it is detached.
    func symbolicHeadTarget() throws -> String? {
        let reference = try Handle.make("read HEAD", keepAlive: self, free: git_reference_free) {
            git_reference_lookup($0, handle.pointer, "HEAD")
        }
        return git_reference_symbolic_target(reference.pointer).map { String(cString: $0) }
    }

    private static func regularFiles(in index: Handle, under relativePath: String?) throws -> [String] {
        let prefix = relativePath.map { $0.split(separator: "/").filter { $0 != "." }.joined(separator: "/") } ?? ""
        var files: [String] = []
        for position in 0..<git_index_entrycount(index.pointer) {
            guard let entry = git_index_get_byindex(index.pointer, position) else { continue }
            let mode = entry.pointee.mode
            guard mode == GIT_FILEMODE_BLOB.rawValue || mode == GIT_FILEMODE_BLOB_EXECUTABLE.rawValue else { continue }
            let path = String(cString: entry.pointee.path)
            guard PathText.inside(path, prefix) != nil else { continue }
            if files.last != path { files.append(path) }  // conflicted files have up to three entries
        }
        return files
    }

    /// `main` for `refs/heads/main`; any other reference as it is.
    public static func shortBranchName(_ reference: String) -> String {
        reference.remainder(after: "refs/heads/") ?? reference
    }

    // MARK: - Paths

    /// `path` made absolute against the current folder, with "." and ".." resolved lexically.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components: [Substring] = []
        for component in full.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    static func parent(of path: String) -> String {
        PathText.folder(of: path) ?? "/"
    }

    /// `realpath` of `path`: its real path, nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `realpath` of the longest existing prefix of `path`, with the rest appended unchanged.
    public static func resolvingSymlinks(_ path: String) -> String {
        if let resolved = realPath(path) { return resolved }
        guard path != "/" else { return path }
        let folder = resolvingSymlinks(parent(of: path))
        return PathText.join(folder, PathText.name(of: path))
    }
}

@available(*, unavailable, message: "libgit2 repository handles must not be shared across threads")
extension Repository: Sendable {}
