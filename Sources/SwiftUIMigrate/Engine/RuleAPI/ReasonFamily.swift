/// Reasons several rules share, worded once: `explain` lists them once, under the family's id,
/// and each rule that gives them names the family (`Rule.reasonFamily`). A finding still names
/// its own rule: `onappear-task/sentinel-host`.
public struct ReasonFamily: Sendable {
    /// Kebab-case id, which `swiftui-migrate explain` takes as it takes a rule's: `task-move`.
    public let id: String
    /// What the family's reasons are about, as `explain` introduces them.
    public let summary: String
    /// The decisions, in the order `explain` lists them.
    public let reasons: [RuleReason]

    /// Every family, in the order docs/rules.md lists them.
    public static let all: [ReasonFamily] = [.taskMove]

    /// The family with `id`, if any.
    public static func family(id: String) -> ReasonFamily? {
        all.first { $0.id == id }
    }

    /// The rules whose catalogs hold this family, in the order they run.
    public var rules: [any Rule] {
        RuleRegistry.all.filter { $0.reasonFamily?.id == id }
    }
}
