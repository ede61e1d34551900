/// What a run does with one finding, as `MigrationEngine.decide` answers before any edit of it
/// is applied (`--only preserving`, `--baseline`, rejections in a review).
public enum FindingDecision: Hashable, Sendable {
    /// Report it, and apply its fix if it has one.
    case allow
    /// Do not apply its fix: a rewrite becomes what the decline says (a keep for `--only`, a skip for a review)
    /// giving its reason; other actions are unchanged.
    case decline(RunDecline)
    /// Neither apply nor report it (a baselined finding).
    case hide
}
