import Synchronization

/// HEAD's files, read one at a time from any thread: a migration's workers load each blob as they reach it
/// instead of the whole tree being loaded first, so memory follows the workers, not the repository's size.
///
/// The tree is HEAD's when the reader is made; later moves of HEAD do not change what it reads. It owns its own
/// repository handle (libgit2 handles must not be shared across threads), used only under its lock.
public final class HeadBlobReader: Sendable {
    /// The handle and tree, touched only inside `state.withLock`.
    private let state: Mutex<(repository: Repository, tree: Handle)>

    /// A reader of HEAD's tree in the repository whose git folder is `repository`'s.
    ///
    /// - Throws: ``GitStageError/unbornHead(branch:)`` when HEAD has no commit.
    public init(_ repository: Repository) throws {
        let own = try Repository.discover(from: repository.gitDirectory)
        let tree = try own.headTree()
        state = Mutex((own, tree))
    }

    /// The bytes of the regular file `path` (repository-relative) in the tree; nil when there is none there (or a
    /// symbolic link or submodule).
    public func blob(path: String) throws -> [UInt8]? {
        try state.withLock { state in
            let normalized = try state.repository.normalizedRelativePath(path)
            return try state.repository.blob(at: normalized, in: state.tree)?.bytes
        }
    }
}
