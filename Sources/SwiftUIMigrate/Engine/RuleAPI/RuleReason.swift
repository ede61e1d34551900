/// One decision a rule can make, worded once: its id, its action, its headline, what it means and
/// what a person should do. Findings carry it (`Finding.reasonID`) and `swiftui-migrate explain
/// RULE` lists it.
///
/// The headline and the meaning are templates: a blank is a phrase in braces that says, in the
/// catalog, what stands there (`{the flag} is also set {elsewhere}`), and a finding fills it with the
/// fact the analysis established at its site (`hasLoaded is also set at line 12`). A finding's reason
/// is its meaning filled in, so the words `explain` prints and the words a finding shows are one text.
///
/// The catalog of a rule (`Rule.reasons`) is the list of these; every finding the rule returns
/// names one of them, so a reason can be counted, filtered and looked up. The id is
/// `rule/decision` (`onappear-task/sentinel-host`) and stays stable across releases.
public struct RuleReason: Hashable, Sendable {
    /// The decision's name inside its rule, kebab-case: `sentinel-host`.
    public var decision: String
    /// What a finding with this reason does.
    public var action: FindingAction
    /// Lowercase, imperative, no trailing period: the one thing to do ("keep {what the rule keeps}"), a template.
    public var headline: String
    /// The fact that decided it, a template: a finding's reason (for a keep, skip or report) is this with its blanks filled.
    public var meaning: String
    /// What a person should do about such a finding.
    public var whatToDo: String

    public init(_ decision: String, _ action: FindingAction, headline: String, meaning: String, whatToDo: String = "nothing") {
        self.decision = decision
        self.action = action
        self.headline = headline
        self.meaning = meaning
        self.whatToDo = whatToDo
    }

    /// `rule/decision`, as findings carry it.
    public func id(in ruleID: String) -> String { "\(ruleID)/\(decision)" }

    /// The decision at one site: the headline and the meaning with each blank replaced by the fact of
    /// that name (a blank with no fact keeps its catalog phrase). A rewrite's reason is nil: its safety
    /// label says what changes.
    public func words(_ facts: KeyValuePairs<String, String> = [:]) -> FindingWords {
        assert(facts.allSatisfy { headline.contains("{\($0.key)}") || meaning.contains("{\($0.key)}") },
               "\(decision): a fact names no blank of its words")
        return FindingWords(
            self, headline: Self.fill(headline, facts),
            reason: action == .rewrite ? nil : Self.fill(meaning, facts))
    }

    /// The meaning as the catalog states it: each blank's own phrase.
    public var generalMeaning: String { Self.fill(meaning, [:]) }

    /// The phrases of the meaning's blanks, in order: the names of the facts it takes.
    public var blanks: [String] {
        var names: [String] = []
        _ = Self.fill(meaning) { names.append(String($0)); return String($0) }
        return names
    }

    /// `template` with its blanks filled from `facts`. Debug builds check that every fact names a
    /// blank of the decision, so a misspelt fact fails the rule's tests.
    static func fill(_ template: String, _ facts: KeyValuePairs<String, String>) -> String {
        fill(template) { name in facts.first { $0.key == name }?.value ?? String(name) }
    }

    /// `template` with each blank replaced by `fact(name)`. A blank is `{` and `}` around a phrase that
    /// starts with no quote and ends with no space (so `Task { }`, `{ @MainActor in … }` and JSON's
    /// `{"key": …}` are text); a blank filled with nothing at the very end leaves no space behind.
    private static func fill(_ template: String, _ fact: (Substring) -> String) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(where: { "{}\"".contains($0) }), rest[close] == "}",
                  close > afterOpen, rest[afterOpen] != "\"", rest[rest.index(before: close)] != " " else {
                text.append("{")
                rest = rest[afterOpen...]
                continue
            }
            text += fact(rest[afterOpen..<close])
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// A rule's decision at one site in words (`RuleReason.words`): the catalog entry it is an instance
/// of, with its headline and reason filled in, so they cannot contradict each other.
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
