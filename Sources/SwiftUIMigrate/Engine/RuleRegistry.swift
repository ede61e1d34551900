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
}
