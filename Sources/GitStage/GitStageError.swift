/// Why a repository operation refused to run or stopped. Every case is a precondition checked before anything is
/// changed (or a midway failure after which everything was undone); the CLI prints `description` and exits 2.
public enum GitStageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No repository at or above `path`; the CLI falls back to a directory walk.
    case notARepository(path: String)
    /// Staging needs a worktree and index; a bare repository has neither.
    case bareRepository(path: String)
    /// HEAD's branch has no commit yet, so there is nothing to branch from.
    case unbornHead(branch: String)
    /// HEAD is detached; moving HEAD to a new branch would lose the user's position.
    case detachedHead(commit: ObjectID)
    /// `path` (`.git/index.lock`) exists: another git process holds the index, or a crashed one left the lock.
    case indexLocked(path: String)
    /// A merge, rebase, cherry-pick, revert, bisect or `git am` is in progress.
    case operationInProgress(String)
    /// The path is not inside the repository's worktree (or lies inside `.git`).
    case pathOutsideRepository(path: String)
    /// Files the migration would change have staged or unstaged changes: `"path (status)"` each.
    case uncommittedChanges([String])
    /// The branch exists and does not hold this exact migration.
    case branchExists(name: String)
    /// The branch name is not a valid git reference name.
    case invalidBranchName(String)
    /// Committing needs an author; neither the configuration nor the caller gave one.
    case missingIdentity
    /// An author override that is not `Name <email>`.
    case invalidIdentity(String)
    /// A file to rewrite is not a regular file in HEAD's tree (no-checkout mode reads and writes HEAD's blobs).
    case notInHead(path: String)
    /// The same path appears twice in one plan.
    case duplicatePath(String)
    /// No-checkout mode: HEAD's blob is not the `original` the migration read (HEAD moved meanwhile).
    case headChanged(path: String)
    /// A step failed midway (`error`) and undoing what the run had done failed too: `leftovers` says what is left.
    case rollbackIncomplete(error: String, leftovers: [String])
    /// Undoing an interrupted run was refused, nothing changed: what the run touched was changed since (one line each).
    case changedSinceInterruptedRun([String])
    /// The file system lacks room for the new files, the index and the originals a rollback would put back.
    case insufficientSpace(path: String, needed: UInt64, available: UInt64)

    /// One line, for the CLI to print after `error:`.
    public var description: String {
        switch self {
        case .notARepository(let path): "not a git repository: \(path)"
        case .bareRepository(let path): "\(path) is a bare repository: nothing to stage in (use --no-checkout)"
        case .unbornHead(let branch): "HEAD is unborn: branch '\(branch)' has no commits yet"
        case .detachedHead(let commit):
            "HEAD is detached at \(commit.hex.prefix(7)): switch to a branch first (or use --no-checkout)"
        case .indexLocked(let path):
            "the index is locked: \(path) exists (another git process is running, or a crashed one left it)"
        case .operationInProgress(let operation): "a \(operation) is in progress: finish or abort it first"
        case .pathOutsideRepository(let path): "\(path) is outside the repository"
        case .uncommittedChanges(let files):
            "uncommitted changes in files to migrate (commit or stash them first): \(files.joined(separator: ", "))"
        case .branchExists(let name): "branch '\(name)' already exists (delete it or pick another with --branch)"
        case .invalidBranchName(let name): "'\(name)' is not a valid branch name"
        case .missingIdentity:
            "no git identity configured: set user.name and user.email (git config), or pass --author 'Name <email>'"
        case .invalidIdentity(let text): "invalid author '\(text)': expected 'Name <email>'"
        case .notInHead(let path): "\(path) is not a file in HEAD's tree"
        case .duplicatePath(let path): "\(path) appears twice in the plan"
        case .headChanged(let path): "\(path) changed in HEAD since it was read"
        case .insufficientSpace(let path, let needed, let available):
            "not enough free space on the file system of \(path): the migration needs about \(needed / 1024) KiB "
                + "(with room to undo it), \(available / 1024) KiB are free; nothing was changed"
        case .changedSinceInterruptedRun(let obstacles):
            "changed since the interrupted run: \(obstacles.joined(separator: "; ")); nothing was undone "
                + "(put these back, or finish by hand)"
        case .rollbackIncomplete(let error, let leftovers):
            "\(error); undoing the partial change also failed: \(leftovers.joined(separator: "; "))"
        }
    }
}
