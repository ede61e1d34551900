/// What a batch did with one repository; the raw values are the report's `status` strings.
enum RepositoryStatus: String, Codable, CaseIterable, Sendable {
    /// Nothing to migrate: no change (apply, diff) or no finding asking for action (scan).
    case clean
    /// Scan and diff modes: findings asking for action, or changes the migration would make.
    case pending
    /// Apply mode: the migration was committed on the branch (or staged, with `--stage`).
    case migrated
    /// Apply mode: the branch already holds this exact migration of HEAD; nothing was changed.
    case alreadyApplied = "already-applied"
    /// Apply mode with `--push`: the branch was pushed; `remoteRef` names the remote branch.
    case pushed
    /// Apply mode with `--push`: the remote branch already held the migration commit; nothing was sent.
    case alreadyPushed = "already-pushed"
    /// Not looked at: no commit yet, or no Swift file; `reason` says which.
    case skipped
    /// The repository could not be opened, read or migrated; `error` says why. The others carried on.
    case failed
    /// The repository ran over `--timeout` and was stopped, its half-done apply undone; `error` says what state it
    /// is in. The others carried on.
    case timedOut = "timed-out"
}
