/// A migration rule: a small value with an id, its documentation and its examples.
///
/// A rule reads one parsed file and returns findings, each with zero or more
/// edits. It never writes, prints or exits. Its examples are both its
/// documentation (`swiftui-migrate explain RULE`) and its tests: one generic
/// test runs every rule's examples.
public protocol Rule: Sendable {
    /// Kebab-case id, such as `group-lifecycle`.
    var id: String { get }
    /// True for the rules that run unless turned off.
    var isEnabledByDefault: Bool { get }
    /// What the rule detects, how it fixes it, and the fix's safety label.
    var documentation: RuleDocumentation { get }
    /// Triggering, non-triggering and before → after examples.
    var examples: RuleExamples { get }
    /// Words at least one of which a file must contain for the rule to find anything.
    /// The engine skips parsing a file that contains none of any enabled rule's words.
    var triggerWords: [String] { get }
    /// Identifiers every one of which a file must also hold, as whole words, for the rule to find
    /// anything (`Group` for the rules about Groups: not `DispatchGroup`); none by default.
    var requiredWords: [String] { get }
    /// The SwiftUI APIs the rule's fixes introduce that need a newer OS than some projects deploy
    /// to: below the deployment floor those fixes are skipped (`RuleContext.floor`), and `explain`
    /// says so.
    var flooredAPIs: [FlooredAPI] { get }
    /// The settings the rule reads from `ruleOptions[id]`; the configuration accepts no others.
    var options: [RuleOption] { get }
    /// The decisions the rule's findings can name (`Finding.reasonID`) that are its own, as
    /// `explain` lists them; its family's and the run's own (`RunDecline`) follow in `reasonCatalog`.
    var reasons: [RuleReason] { get }
    /// The family of reasons the rule shares with others, listed once by `explain FAMILY`; nil for none.
    var reasonFamily: ReasonFamily? { get }
    /// The findings in one parsed file.
    func findings(in context: RuleContext) -> [Finding]
}

/// A rule the tool ships: its id and default belong to its type, so code names a rule without
/// building one (`configuration.isEnabled(GuardFlagLoadRule.self)`).
public protocol ShippedRule: Rule {
    /// Kebab-case id, such as `group-lifecycle`.
    static var id: String { get }
    /// True for the rules that run unless turned off.
    static var isEnabledByDefault: Bool { get }
}

extension ShippedRule {
    public var id: String { Self.id }
    public var isEnabledByDefault: Bool { Self.isEnabledByDefault }
}

extension Rule {
    /// Most rules' fixes use nothing newer than the code they rewrite.
    public var flooredAPIs: [FlooredAPI] { [] }
    /// Most rules have no settings.
    public var options: [RuleOption] { [] }
    /// Most rules share no reasons.
    public var reasonFamily: ReasonFamily? { nil }
    /// Most rules need no word beyond one of their trigger words.
    public var requiredWords: [String] { [] }
}

/// A rule's user-facing documentation, printed by `explain` and, through it, docs/rules.md.
public struct RuleDocumentation: Sendable {
    /// One line: what the rule is about.
    public var summary: String
    /// "Detects:" paragraph.
    public var detects: String
    /// "Fix:" paragraph.
    public var fix: String
    /// The safety labels its fixes carry, with their sentence.
    public var safety: String

    public init(summary: String, detects: String, fix: String, safety: String) {
        self.summary = summary
        self.detects = detects
        self.fix = fix
        self.safety = safety
    }
}

/// One example source, with the options it runs under.
///
/// In triggering examples, `↓` marks where each finding that asks for action
/// must land (at the start of the line's code it precedes); the marker is
/// removed before the code is parsed.
public struct RuleExample: Sendable {
    public var code: String
    public var configuration: Configuration
    /// Where the example is written, so a failing example is reported at its own line.
    public var file: StaticString
    public var line: UInt

    public init(_ code: String, configuration: Configuration = Configuration(), file: StaticString = #filePath, line: UInt = #line) {
        self.code = code
        self.configuration = configuration
        self.file = file
        self.line = line
    }
}

/// A before → after pair: the rule's rewrite of `before` is exactly `after`.
public struct RuleCorrection: Sendable {
    public var before: String
    public var after: String
    public var configuration: Configuration
    /// Where the correction is written, so a failing one is reported at its own line.
    public var file: StaticString
    public var line: UInt

    public init(
        _ before: String, _ after: String, configuration: Configuration = Configuration(),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        self.before = before
        self.after = after
        self.configuration = configuration
        self.file = file
        self.line = line
    }
}

/// The examples a rule ships with.
public struct RuleExamples: Sendable {
    /// Code in which the rule finds something to act on (rewrite or report).
    public var triggering: [RuleExample]
    /// Code in which the rule finds nothing to act on (it may keep or skip).
    public var nonTriggering: [RuleExample]
    /// Before → after pairs.
    public var corrections: [RuleCorrection]

    public init(triggering: [RuleExample], nonTriggering: [RuleExample], corrections: [RuleCorrection]) {
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
    }
}
