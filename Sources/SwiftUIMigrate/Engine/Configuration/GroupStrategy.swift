/// How `group-lifecycle` fixes a lifecycle modifier on a Group.
public enum GroupStrategy: String, Sendable, Codable, CaseIterable {
    /// Hoist when the Group shows one view on every path, else distribute, else report.
    case auto
    /// Only replace the Group with the host container; report the rest.
    case hoist
    /// Only distribute the chain onto each member; report the rest.
    case distribute
    /// Rewrite nothing; report every occurrence.
    case report
}
