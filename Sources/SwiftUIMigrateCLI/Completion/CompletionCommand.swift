import ArgumentParsing
import SwiftUIMigrate

/// `completion bash|zsh|fish`: prints a shell completion script made from the commands' specs.
struct CompletionCommand: ConsoleCommand {
    static let spec = CommandSpec(
        name: "completion", abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            The script completes commands, options, the values an option allows, rule ids (for --rules and
            explain) and paths. Install it where your shell looks (scripts/install does this):
              bash  <prefix>/share/bash-completion/completions/swiftui-migrate
                    (or: source <(swiftui-migrate completion bash) in ~/.bashrc)
              zsh   a folder on $fpath, as _swiftui-migrate (e.g. <prefix>/share/zsh/site-functions)
              fish  ~/.config/fish/completions/swiftui-migrate.fish
                    (or <prefix>/share/fish/vendor_completions.d)
            """,
        positional: PositionalSpec(name: "shell", help: "bash, zsh or fish.", minimum: 1, maximum: 1))

    /// The shell to complete for.
    static func options(_ arguments: ParsedArguments) throws -> CompletionShell {
        let name = arguments.positionals[0]
        guard let shell = CompletionShell(rawValue: name) else {
            throw UsageError("unknown shell '\(name)': expected bash, zsh or fish")
        }
        return shell
    }

    let console: Console

    func run(_ shell: CompletionShell) throws -> Int32 {
        let model = CompletionModel(toolName: CLI.toolName, specs: CLI.commands.map { $0.spec }, ruleIDs: RuleRegistry.all.map(\.id))
        console.write(shell.script(for: model))
        return ExitCode.success
    }
}
