/// `appear-change-load`'s settings, under `ruleOptions["appear-change-load"]`.
extension AppearChangeLoadRule {
    /// What happens to a pair doing synchronous work: `keep` (the default) leaves it, and
    /// `onChangeInitial` rewrites it to `.onChange(of: x, initial: true) { … }` (iOS 17+).
    public static let syncWork = RuleOption.oneOf(
        "syncWork", values: SyncWork.allCases.map(\.rawValue), default: SyncWork.keep.rawValue,
        summary: "a pair doing synchronous work: keep it, or onChangeInitial to make it onChange(of:initial: true) (iOS 17+)")

    public var options: [RuleOption] { [Self.syncWork] }
}
