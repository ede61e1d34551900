import ArgumentParsing
import PlainText
import SwiftUIMigrate

/// `explain RULE`: the rule's documentation and the examples its tests run, paragraphs wrapped to the terminal;
/// `explain FAMILY`: the reasons several rules share (`ReasonFamily`); `explain REASON_ID`: one reason, as a finding names it.
struct ExplainCommand: Command {
    static let spec = CommandSpec(
        name: "explain", abstract: "Explain a rule, with the examples its tests run.",
        positional: PositionalSpec(
            name: "rule", help: "A rule id (see 'swiftui-migrate rules'), a reason family such as task-move, or a finding's reasonID.",
            minimum: 1, maximum: 1))

    /// The explanation of the rule, reason family or reason named.
    static func options(_ arguments: ParsedArguments) throws -> String {
        let id = arguments.positionals[0]
        guard let explanation = RuleExplanation.render(id: id) else {
            throw CommandError(
                "unknown rule or reason '\(id)'" + ClosestName.hint(for: id, among: RuleRegistry.explainableIDs)
                    + " (see 'swiftui-migrate rules'; a finding's reasonID is rule/decision)")
        }
        return explanation
    }

    let console: Console
    /// The width paragraphs are wrapped to (`TerminalWidth`).
    let width: Int

    init(console: Console, environment: [String: String]) {
        self.console = console
        width = TerminalWidth.ofStandardOutput(environment: environment)
    }

    func run(_ explanation: String) throws -> Int32 {
        console.write(ParagraphWrapping.wrap(explanation, width: width))
        return ExitCode.success
    }
}
