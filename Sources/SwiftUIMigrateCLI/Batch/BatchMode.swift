import GitStage

/// What a batch does in each repository (`--mode`).
enum BatchMode: Equatable, Sendable {
    /// Count the findings of HEAD's files; change nothing.
    case scan
    /// Compute the migration of HEAD's files as a patch; change nothing.
    case diff
    /// Put the migration on a branch: no-checkout by default, `--stage` (and `--commit`) to use the worktree.
    case apply(StageMode)

    /// `scan`, `diff` or `apply`, as in the report's `mode` field.
    var name: String {
        switch self {
        case .scan: "scan"
        case .diff: "diff"
        case .apply: "apply"
        }
    }
}
