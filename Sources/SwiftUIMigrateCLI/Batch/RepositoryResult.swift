/// One repository's line in a batch report. Field names are stable (documented in docs/batch.md); optional fields
/// are written as `null` rather than left out, so every object has the same keys.
struct RepositoryResult: Decodable, NullKeepingEncodable, Equatable, Sendable {
    /// See ``BatchRepository/name``.
    var name: String
    /// The absolute, symbolic-link-free path.
    var path: String
    var status: RepositoryStatus
    /// Why the repository failed (`failed` only).
    var error: String?
    /// Why it was skipped (`skipped` only).
    var reason: String?
    /// The branch the migration is on (apply mode, `migrated` and `already-applied`).
    var branch: String?
    /// The commit the branch started from: HEAD when the run began (apply mode).
    var base: String?
    /// The migration commit (apply mode, when one was made or already exists); null when only staged.
    var commit: String?
    /// The remote given to `--push` (a name, URL or path); null without `--push`.
    var remote: String?
    /// The remote's branch the migration was pushed to (`pushed`, `already-pushed`), e.g. `refs/heads/…`.
    var remoteRef: String?
    /// Swift files looked at.
    var filesScanned = 0
    /// Files the migration changes (or changed), repository-relative, sorted.
    var changedPaths: [String] = []
    /// Counts of findings per action.
    var actions = ActionCounts()
    /// Counts of findings per action, per rule id.
    var rules: [String: ActionCounts] = [:]
    /// Files skipped, internal errors, rewrites not written: one line each.
    var warnings: [String] = []
    /// Wall time spent on the repository, in seconds (millisecond precision).
    var durationSeconds = 0.0
}

extension RepositoryResult {
    private enum CodingKeys: String, CodingKey {
        case name, path, status, error, reason, branch, base, commit, remote, remoteRef, filesScanned, filesChanged, changedPaths
        case actions, rules, warnings, durationSeconds
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        path = try container.decode(String.self, forKey: .path)
        status = try container.decode(RepositoryStatus.self, forKey: .status)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        branch = try container.decodeIfPresent(String.self, forKey: .branch)
        base = try container.decodeIfPresent(String.self, forKey: .base)
        commit = try container.decodeIfPresent(String.self, forKey: .commit)
        remote = try container.decodeIfPresent(String.self, forKey: .remote)
        remoteRef = try container.decodeIfPresent(String.self, forKey: .remoteRef)
        filesScanned = try container.decodeIfPresent(Int.self, forKey: .filesScanned) ?? 0
        changedPaths = try container.decodeIfPresent([String].self, forKey: .changedPaths) ?? []
        actions = try container.decodeIfPresent(ActionCounts.self, forKey: .actions) ?? ActionCounts()
        rules = try container.decodeIfPresent([String: ActionCounts].self, forKey: .rules) ?? [:]
        warnings = try container.decodeIfPresent([String].self, forKey: .warnings) ?? []
        durationSeconds = try container.decodeIfPresent(Double.self, forKey: .durationSeconds) ?? 0
    }

    func encode(to encoder: any Encoder) throws {
        try encodeStoredProperties(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(filesChanged, forKey: .filesChanged)
    }

    /// Files the migration changes.
    var filesChanged: Int { changedPaths.count }
}
