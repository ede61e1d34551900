/// PLACEHOLDER — being written.
public struct GroupLifecycleRule: Rule {
    public init() {}
    public var id: String { "group-lifecycle" }
    public var isEnabledByDefault: Bool { true }
    public var documentation: RuleDocumentation { RuleDocumentation(summary: "", detects: "", fix: "", safety: "") }
    public var examples: RuleExamples { RuleExamples(triggering: [], nonTriggering: [], corrections: []) }
    public var triggerWords: [String] { ["onAppear", "task"] }
    public func findings(in context: RuleContext) -> [Finding] { [] }
}
