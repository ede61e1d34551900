import PlainText
import SwiftUIMigrate

/// `explain`: a rule, or one reason of its catalog, from the catalog `swiftui-migrate explain` prints.
struct ExplainTool: AgentTool {
    let name = "explain"
    let description = """
        Explain a rule (such as group-lifecycle) or a finding's reasonID (such as onappear-task/no-owned-state): \
        what it means and what to do about it. For a rule, text is its whole documentation with the examples its \
        tests run, as `swiftui-migrate explain RULE` prints it; reasons lists its catalog.
        """

    var inputSchema: JSONValue {
        FindingSchema.object(
            ["id": ["type": "string", "description": "A rule id, or a reasonID (rule/decision) from a finding."]], required: ["id"])
    }

    var outputSchema: JSONValue {
        let reason = FindingSchema.object(
            ["id": ["type": "string"], "action": ["enum": .array(FindingAction.allCases.map { .string($0.rawValue) })],
             "meaning": ["type": "string"], "whatToDo": ["type": "string"]],
            required: ["id", "action", "meaning", "whatToDo"])
        return FindingSchema.object(
            ["id": ["type": "string"], "kind": ["enum": ["rule", "reason"]], "rule": ["type": "string"],
             "text": ["type": "string"], "reasons": ["type": "array", "items": reason]],
            required: ["id", "kind", "rule", "text", "reasons"])
    }

    func call(_ arguments: ToolArguments) throws -> JSONValue {
        let id = try arguments.string("id")
        if let rule = RuleRegistry.rule(id: id) {
            return ["id": .string(id), "kind": "rule", "rule": .string(rule.id), "text": .string(RuleExplanation.render(rule)),
                    "reasons": .array(rule.reasonCatalog.map { Self.entry($0, of: rule) })]
        }
        guard let (rule, reason) = RuleRegistry.reason(withID: id) else {
            throw ToolFailure(
                "unknown rule or reason '\(id)'" + ClosestName.hint(for: id, among: RuleRegistry.explainableIDs)
                    + " (rules: \(RuleRegistry.all.map(\.id).joined(separator: ", ")); a reasonID is rule/decision)")
        }
        return ["id": .string(id), "kind": "reason", "rule": .string(rule.id), "text": .string(RuleExplanation.line(reason, of: rule)),
                "reasons": [Self.entry(reason, of: rule)]]
    }

    private static func entry(_ reason: RuleReason, of rule: any Rule) -> JSONValue {
        ["id": .string(reason.id(in: rule.id)), "action": .string(reason.action.rawValue), "meaning": .string(reason.generalMeaning),
         "whatToDo": .string(reason.whatToDo)]
    }
}
