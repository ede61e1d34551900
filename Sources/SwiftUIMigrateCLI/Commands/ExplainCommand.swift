import ArgumentParsing
import SwiftUIMigrate

/// `explain RULE`: the rule's documentation and the examples its tests run.
struct ExplainCommand {
    static let spec = CommandSpec(
        name: "explain", abstract: "Explain a rule, with the examples its tests run.",
        positional: PositionalSpec(name: "rule", help: "A rule id (see 'swiftui-migrate rules').", minimum: 1, maximum: 1))

    let console: Console

    func run(_ arguments: ParsedArguments) throws -> Int32 {
        let id = arguments.positionals[0]
        guard let rule = RuleRegistry.rule(id: id) else {
            throw CommandError("unknown rule '\(id)' (see 'swiftui-migrate rules')")
        }
        console.write(RuleExplanation.render(rule))
        return ExitCode.success
    }
}
