/// `group-modifiers`' settings, under `ruleOptions["group-modifiers"]`.
extension GroupModifiersRule {
    /// The most members (views the chain is copied onto) a Group may have to be rewritten.
    public static let maxMembers = RuleOption.integer(
        "maxMembers", default: 2,
        summary: "the most members (views the chain would be copied onto, each branch counted) a rewritten Group has")
    /// The most modifiers a rewritten Group's chain may have.
    public static let maxModifiers = RuleOption.integer(
        "maxModifiers", default: 2, summary: "the most modifiers a rewritten Group's chain has")

    public var options: [RuleOption] { [Self.maxMembers, Self.maxModifiers] }
}
