import ArgumentParsing
import SwiftUIMigrate

/// What a shell completes for an option's value or a positional argument.
enum CompletedValue: Equatable {
    /// Nothing to offer (a number, a branch name, free text).
    case nothing
    /// One of these words.
    case choices([String])
    /// A comma-separated list of rule ids (`--rules a,b`).
    case ruleList
    /// File and folder paths.
    case files
    /// Folder paths only.
    case directories
}

/// One option as the completion scripts see it: its names, help and what its value completes to.
struct CompletedOption {
    var name: String
    var shortName: Character?
    var help: String
    /// nil for a flag, which takes no value.
    var value: CompletedValue?
}

/// One command as the completion scripts see it.
struct CompletedCommand {
    var name: String
    var abstract: String
    var options: [CompletedOption]
    /// What the positional arguments complete to; nil when the command takes none.
    var positional: CompletedValue?
}

/// The command line as the completion scripts see it, derived from the commands' specs so the
/// scripts cannot drift from `--help`: every command, every option, the values an option allows,
/// rule ids where a rule is expected, paths where a file or folder is.
struct CompletionModel {
    var toolName: String
    var commands: [CompletedCommand]
    var ruleIDs: [String]

    init(toolName: String, specs: [CommandSpec], ruleIDs: [String]) {
        self.toolName = toolName
        self.ruleIDs = ruleIDs
        commands = specs.map { spec in
            var options = spec.options.map { option in
                CompletedOption(
                    name: option.name, shortName: option.shortName, help: option.help,
                    value: option.isFlag ? nil : Self.value(of: option))
            }
            options.append(CompletedOption(name: "help", shortName: "h", help: "Show help information.", value: nil))
            return CompletedCommand(
                name: spec.name, abstract: spec.abstract, options: options,
                positional: spec.positional.map { Self.value(of: $0, ruleIDs: ruleIDs) })
        }
    }

    /// The top-level options (before a command).
    let globalOptions = [
        CompletedOption(name: "version", shortName: nil, help: "Show the version.", value: nil),
        CompletedOption(name: "help", shortName: "h", help: "Show help information.", value: nil),
    ]

    /// An option's value: its allowed values, rule ids for `--rules`, paths for a file or folder.
    private static func value(of option: OptionSpec) -> CompletedValue {
        if let allowed = option.allowedValues { return .choices(allowed) }
        if option.name == CommonOptions.rules.spec.name { return .ruleList }
        switch option.valueName {
        case "file": return .files
        case "dir": return .directories
        default: return .nothing
        }
    }

    /// A command's positional arguments, by what its spec names them.
    private static func value(of positional: PositionalSpec, ruleIDs: [String]) -> CompletedValue {
        switch positional.name {
        case "rule": return .choices(ruleIDs)
        case "shell": return .choices(CompletionShell.allCases.map(\.rawValue))
        case "repo", "folder": return .directories
        default: return .files
        }
    }
}
