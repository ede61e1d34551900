import ArgumentParsing
import PlainText
import SwiftUIMigrate

/// `explain RULE`: the rule's documentation and the examples its tests run, paragraphs wrapped to the terminal.
struct ExplainCommand: Command {
    static let spec = CommandSpec(
        name: "explain", abstract: "Explain a rule, with the examples its tests run.",
        positional: PositionalSpec(name: "rule", help: "A rule id (see 'swiftui-migrate rules').", minimum: 1, maximum: 1))

    /// The rule to explain.
    static func options(_ arguments: ParsedArguments) throws -> any Rule {
        let id = arguments.positionals[0]
        guard let rule = RuleRegistry.rule(id: id) else {
            throw CommandError.unknownRule(id)
        }
        return rule
    }

    let console: Console
    /// The width paragraphs are wrapped to (`TerminalWidth`).
    let width: Int

    init(console: Console, environment: [String: String]) {
        self.console = console
        width = TerminalWidth.ofStandardOutput(environment: environment)
    }

    func run(_ rule: any Rule) throws -> Int32 {
        console.write(ParagraphWrapping.wrap(RuleExplanation.render(rule), width: width))
        return ExitCode.success
    }
}
