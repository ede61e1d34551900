/// One decision a rule can make, as its findings carry it (`Finding.reasonID`) and as
/// `swiftui-migrate explain RULE` lists it: what it means and what a person should do.
///
/// The catalog of a rule (`Rule.reasons`) is the list of these; every finding the rule returns
/// names one of them, so a reason can be counted, filtered and looked up. The id is
/// `rule/decision` (`onappear-task/sentinel-host`) and stays stable across releases.
public struct RuleReason: Hashable, Sendable {
    /// The decision's name inside its rule, kebab-case: `sentinel-host`.
    public var decision: String
    /// What a finding with this reason does.
    public var action: FindingAction
    /// What the decision means: the fact that decided it.
    public var meaning: String
    /// What a person should do about such a finding.
    public var whatToDo: String

    public init(_ decision: String, _ action: FindingAction, meaning: String, whatToDo: String) {
        self.decision = decision
        self.action = action
        self.meaning = meaning
        self.whatToDo = whatToDo
    }

    /// `rule/decision`, as findings carry it.
    public func id(in ruleID: String) -> String { "\(ruleID)/\(decision)" }
}

/// A rule's decision at one site in words: each rule's typed decision (an enum case with its
/// payload) is worded in one `fileprivate extension` at the end of the rule's file, which gives
/// the headline and the reason together, so they cannot contradict each other.
public struct FindingWords: Sendable {
    /// The catalog entry the decision is an instance of.
    public var entry: RuleReason
    /// Lowercase, imperative, no trailing period: the one thing to do ("keep the Task: …").
    public var headline: String
    /// The deciding fact, for a keep, skip or report; nil for a rewrite (its safety label says what changes).
    public var reason: String?

    public init(_ entry: RuleReason, headline: String, reason: String?) {
        self.entry = entry
        self.headline = headline
        self.reason = reason
    }
}

extension Rule {
    /// Every reason the rule's findings can name: its own, its family's and the run's (`RunDecline`).
    public var reasonCatalog: [RuleReason] { reasons + (reasonFamily?.reasons ?? []) + RunDecline.catalog }

    /// The catalog entry with the id `reasonID` (`rule/decision`), nil when the rule has none such.
    public func reason(withID reasonID: String) -> RuleReason? {
        reasonCatalog.first { $0.id(in: id) == reasonID }
    }
}
