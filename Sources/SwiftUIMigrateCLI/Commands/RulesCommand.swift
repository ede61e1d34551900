import ArgumentParsing
import SwiftUIMigrate

/// `rules`: list every rule with its default and summary.
struct RulesCommand: ConsoleCommand {
    static let spec = CommandSpec(name: "rules", abstract: "List the rules.")

    /// `rules` takes no options.
    static func options(_ arguments: ParsedArguments) throws {}

    let console: Console

    func run(_ options: Void) throws -> Int32 {
        let width = RuleRegistry.all.map(\.id.count).max() ?? 0
        for rule in RuleRegistry.all {
            let padded = rule.id + String(repeating: " ", count: width - rule.id.count)
            let state = rule.isEnabledByDefault ? "default" : "opt-in "
            console.write("\(padded)  \(state)  \(rule.documentation.summary)\n")
        }
        return ExitCode.success
    }
}
