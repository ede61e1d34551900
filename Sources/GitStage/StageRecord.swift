/// Everything a staging run is about to do, handed to the caller before its first change so that a run killed
/// midway (SIGKILL, a crash, a power cut) can later be finished or undone from a journal the caller keeps.
///
/// ``Repository/stage(_:mode:observer:)`` builds it once every check has passed; ``Repository/undoInterruptedStage(_:lastStep:journalChanged:)``
/// and ``Repository/inspectInterruptedStage(_:)`` read it back.
public struct StageRecord: Sendable, Equatable {
    /// How the run stages.
    public var mode: StageMode
    /// The branch the run creates (short name).
    public var branch: String
    /// The commit HEAD pointed at: where the branch starts (the migration commit's parent).
    public var base: ObjectID
    /// The reference HEAD named before the run (`refs/heads/main`); nil in no-checkout mode, which never moves HEAD.
    public var headReference: String?
    /// The files the run changes: repository-relative paths with the bytes before and after.
    public var changes: [FileRewrite]
    /// The commit's message and author (commit modes).
    public var commit: CommitOptions
    /// No-checkout mode: the migration commit, made (unreachable) before the branch is created.
    public var commitID: ObjectID?

    /// A record from its parts, as a journal stores them.
    public init(
        mode: StageMode, branch: String, base: ObjectID, headReference: String?, changes: [FileRewrite],
        commit: CommitOptions, commitID: ObjectID?
    ) {
        self.mode = mode
        self.branch = branch
        self.base = base
        self.headReference = headReference
        self.changes = changes
        self.commit = commit
        self.commitID = commitID
    }

    /// The plan that makes this run again from the start.
    public var plan: StagePlan { StagePlan(rewrites: changes, branch: branch, commit: commit) }
}

/// A step of a staging run that changes what git or the worktree shows, announced before it starts.
public enum StageProgress: String, Sendable, Equatable, CaseIterable {
    /// Creating the new branch (at HEAD, or at the migration commit in no-checkout mode).
    case createBranch = "create-branch"
    /// Pointing HEAD at the new branch.
    case moveHead = "move-head"
    /// Writing the migrated files into the worktree.
    case writeFiles = "write-files"
    /// Writing the index with the migrated files staged.
    case writeIndex = "write-index"
    /// Committing onto the new branch.
    case commit
}

/// Told what a staging run is about to do: once with the whole record before the first change, then before each
/// step. Throwing from either stops the run (undoing whatever it changed).
public struct StageObserver {
    /// Called once every check has passed, right before the first change.
    public var willBegin: (StageRecord) throws -> Void
    /// Called before each step, the first included.
    public var willStep: (StageProgress) throws -> Void

    /// An observer of the two callbacks.
    public init(willBegin: @escaping (StageRecord) throws -> Void, willStep: @escaping (StageProgress) throws -> Void) {
        self.willBegin = willBegin
        self.willStep = willStep
    }
}
