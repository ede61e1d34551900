/// Every rule the tool ships, default-on rules first.
public enum RuleRegistry {
    /// All rules, in the order they run and are listed.
    public static let all: [any Rule] = [
        GroupLifecycleRule(),
        GuardFlagLoadRule(),
        OnAppearTaskRule(),
        AppearChangeLoadRule(),
        GroupModifiersRule(),
        GroupRedundantRule(),
    ]

    /// The rule with `id`, if any.
    public static func rule(id: String) -> (any Rule)? {
        all.first { $0.id == id }
    }

    /// The rule and catalog entry of a finding's `reasonID` (`rule/decision`), if any.
    public static func reason(withID reasonID: String) -> (rule: any Rule, reason: RuleReason)? {
        guard let rule = rule(id: String(reasonID.prefix { $0 != "/" })),
              let reason = rule.reason(withID: reasonID) else { return nil }
        return (rule, reason)
    }

    /// Every id `explain` answers: each rule's, each reason family's, and each reason a finding can name.
    public static var explainableIDs: [String] {
        all.map(\.id) + ReasonFamily.all.map(\.id) + all.flatMap { rule in rule.reasonCatalog.map { $0.id(in: rule.id) } }
    }
}
