/// A rule's documentation and examples as plain text, for `explain` (and docs/rules.md, which scripts/docs writes from it).
public enum RuleExplanation {
    /// The full explanation of `rule`. Its family's reasons are named, for `explain FAMILY` to list,
    /// unless `listingFamily` (a document that stands alone, SARIF's rule help): then they are listed.
    public static func render(_ rule: any Rule, listingFamily: Bool = false) -> String {
        let doc = rule.documentation
        var text = "\(rule.id) (\(rule.isEnabledByDefault ? "on by default" : "opt-in")): \(doc.summary)\n\n"
        text += "Detects: \(doc.detects)\n\nFix: \(doc.fix)\n\nSafety: \(doc.safety)\n"
        if !rule.flooredAPIs.isEmpty {
            let needs = rule.flooredAPIs.map { "\($0.name) (\($0.requirement))" }.joined(separator: " and ")
            text += "\nDeployment floor: the fix uses \(needs). Below the floor (deploymentTarget in .swiftui-migrate.json, "
                + "else the nearest Package.swift platforms:, else the Xcode project's deployment targets; raised by "
                + "if #available and @available around the code) it is skipped with the reason.\n"
        }
        if !rule.options.isEmpty {
            text += "\nOptions (ruleOptions[\"\(rule.id)\"] in .swiftui-migrate.json):\n"
            for option in rule.options {
                text += "  \(option.name) (\(option.expected); default \(option.defaultValue)): \(option.summary)\n"
            }
        }
        text += "\n" + reasons(rule, listingFamily: listingFamily)
        for (index, correction) in rule.examples.corrections.enumerated() {
            text += "\nExample \(index + 1) — before:\n\n\(indent(correction.before))\nafter:\n\n\(indent(correction.after))"
        }
        for example in rule.examples.triggering {
            text += "\nTriggers (↓ marks the finding)\(floor(example.configuration)):\n\n\(indent(example.code))"
        }
        for example in rule.examples.nonTriggering {
            text += "\nDoes not trigger\(floor(example.configuration)):\n\n\(indent(example.code))"
        }
        return text
    }

    /// What `explain ID` prints: a rule's explanation, a reason family's, or one reason as a finding
    /// names it (`onappear-task/nested-task`, a family's reasons under each rule's prefix included);
    /// nil for an unknown id.
    public static func render(id: String) -> String? {
        if let rule = RuleRegistry.rule(id: id) { return render(rule) }
        if let family = ReasonFamily.family(id: id) { return render(family) }
        return RuleRegistry.reason(withID: id).map { render($0.reason, of: $0.rule) }
    }

    /// One reason of `rule`'s catalog: what it means and what to do, then where it comes from and
    /// which `explain` says more.
    public static func render(_ reason: RuleReason, of rule: any Rule) -> String {
        var text = line(reason, of: rule)
        if let family = rule.reasonFamily, family.reasons.contains(reason) {
            text += "\nA reason of the \(family.id) family (`swiftui-migrate explain \(family.id)`), shared by "
                + family.rules.map(\.id).joined(separator: ", ") + ": \(family.summary)\n"
        } else if RunDecline.catalog.contains(reason) {
            text += "\nA reason the run gives for not making a fix, whatever the rule.\n"
        }
        text += "\nThe rule, \(rule.id) (`swiftui-migrate explain \(rule.id)`): \(rule.documentation.summary)\n"
        return text
    }

    /// A reason family's explanation: what its reasons are about, which rules give them, and each reason.
    public static func render(_ family: ReasonFamily) -> String {
        let rules = family.rules.map(\.id)
        var text = "\(family.id) (reasons shared by \(rules.joined(separator: ", "))): \(family.summary)\n\n"
        text += "Reasons (each finding's reasonID is its rule's id, a slash and the decision: "
            + "\(rules.first ?? family.id)/\(family.reasons.first?.decision ?? "")):\n"
        for reason in family.reasons { text += line(reason, named: reason.decision) }
        return text
    }

    /// The rule's catalog of reasons: each finding's `reasonID` (JSON `reasonID`, SARIF result
    /// `properties.reasonID`), with what it means and what to do; then the run's own.
    public static func reasons(_ rule: any Rule, listingFamily: Bool = false) -> String {
        var text = "Reasons (each finding's reasonID):\n"
        for reason in rule.reasons { text += line(reason, of: rule) }
        if let family = rule.reasonFamily, listingFamily {
            for reason in family.reasons { text += line(reason, of: rule) }
        } else if let family = rule.reasonFamily {
            let others = family.rules.map(\.id).filter { $0 != rule.id }.joined(separator: " and ")
            text += "Reasons it shares with \(others), listed once by `swiftui-migrate explain \(family.id)` "
                + "(the reasonID is \(rule.id)/ and the decision): "
                + family.reasons.map(\.decision).joined(separator: ", ") + ".\n"
        }
        text += "Reasons the run gives for not making a fix of any rule:\n"
        for reason in RunDecline.catalog { text += line(reason, of: rule) }
        return text
    }

    /// One reason of `rule`'s catalog as `explain` lists it: its id and action, what it means, what to do.
    public static func line(_ reason: RuleReason, of rule: any Rule) -> String {
        line(reason, named: reason.id(in: rule.id))
    }

    private static func line(_ reason: RuleReason, named name: String) -> String {
        "- \(name) (\(reason.action.rawValue)): \(reason.generalMeaning). To do: \(reason.whatToDo).\n"
    }

    /// ` with deploymentTarget iOS 14.0` when the example sets a floor.
    private static func floor(_ configuration: Configuration) -> String {
        configuration.deploymentTarget.map { " with deploymentTarget \($0.summary)" } ?? ""
    }

    private static func indent(_ code: String) -> String {
        code.indentedLines(by: 4).joined(separator: "\n") + (code.hasSuffix("\n") ? "" : "\n")
    }
}
