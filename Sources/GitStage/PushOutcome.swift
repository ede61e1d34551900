/// What pushing a branch did.
public enum PushOutcome: Sendable, Equatable {
    /// The remote's branch `remoteRef` now points at `commit` (created, or moved forward).
    case pushed(remoteRef: String, commit: ObjectID)
    /// The remote's branch `remoteRef` already pointed at `commit`; nothing was sent.
    case alreadyPushed(remoteRef: String, commit: ObjectID)
}

/// Why a push did not update the remote. Nothing is ever force-pushed: a branch that exists remotely with
/// other commits stays as it is.
public enum PushError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The local branch to push does not exist.
    case noSuchBranch(String)
    /// The remote's URL is a local path with no repository there.
    case noRepository(path: String)
    /// A bare name (no `/` or `:`) that is neither a configured remote nor an existing folder.
    case noSuchRemote(String)
    /// The remote's branch holds commits the local branch does not contain (pushing would not be a fast-forward).
    case nonFastForward(remoteRef: String, remoteCommit: ObjectID)
    /// The remote refused the update (a hook, a protected branch, …): its own message.
    case rejected(remoteRef: String, reason: String)

    /// One line, for a report.
    public var description: String {
        switch self {
        case .noSuchBranch(let name): "no local branch '\(name)' to push"
        case .noRepository(let path): "no repository at \(path)"
        case .noSuchRemote(let name): "no remote named '\(name)' (and no folder of that name)"
        case .nonFastForward(let ref, let commit):
            "push rejected: \(ref) exists on the remote at \(commit.hex.prefix(7)) with commits the migration branch "
                + "does not contain (not a fast-forward; nothing is force-pushed)"
        case .rejected(let ref, let reason): "push of \(ref) rejected by the remote: \(reason)"
        }
    }
}
