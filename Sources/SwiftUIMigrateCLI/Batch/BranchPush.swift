import GitStage

/// `batch --push REMOTE`: after apply, pushes a repository's migration branch (never forced) and records the
/// outcome — `pushed` or `already-pushed` with the remote ref, or `failed` with the reason.
struct BranchPush {
    /// A configured remote's name, or a URL or path.
    var remote: String

    /// Pushes when the result holds a committed migration (`migrated` with a commit, or `already-applied`);
    /// leaves every other result as it is.
    func run(_ git: Repository, result: inout RepositoryResult) {
        guard result.status == .migrated || result.status == .alreadyApplied,
              let branch = result.branch, result.commit != nil
        else { return }
        result.remote = remote
        do {
            switch try git.push(branch: branch, to: remote) {
            case .pushed(let ref, _):
                result.status = .pushed
                result.remoteRef = ref
            case .alreadyPushed(let ref, _):
                result.status = .alreadyPushed
                result.remoteRef = ref
            }
        } catch {
            result.status = .failed
            result.error = "push to \(remote): \(error)"
        }
    }
}
