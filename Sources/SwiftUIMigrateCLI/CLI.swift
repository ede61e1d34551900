import ArgumentParsing
import GitStage
import SwiftUIMigrate

/// The command-line front end: parses arguments, runs one command, returns the exit code.
public enum CLI {
    static let toolName = "swiftui-migrate"

    /// The version printed by `--version` and written into commit trailers.
    public static let version = "0.1.0"

    /// Which SwiftSyntax this binary was built with.
    public static var syntaxMode: String {
        #if SWIFTUI_MIGRATE_TOOLCHAIN_SYNTAX
        return "toolchain"
        #else
        return "package"
        #endif
    }

    /// Every command, in the order the overview lists them; dispatch finds a command here by its spec's name.
    static var commands: [any Command.Type] {
        [
            ScanCommand.self, DiffCommand.self, ApplyCommand.self, BatchCommand.self, ReportCommand.self,
            RulesCommand.self, ExplainCommand.self,
            InitCommand.self, CompletionCommand.self, LSPCommand.self, MCPCommand.self,
        ]
    }

    /// Commands dispatch finds but the overview, help and completions leave out: the machinery of another command.
    static var internalCommands: [any Command.Type] { [BatchJobCommand.self] }

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    ///
    /// A write to stdout or stderr that failed while the command ran ends the process here at the
    /// latest (see `Console`), so the status says so rather than the command's own.
    public static func main(_ arguments: [String], environment: [String: String]) -> Int32 {
        Console.ignoreBrokenPipeSignal()
        let status = run(arguments, environment: environment, console: Console())
        SignalGuard.endIfRequested()
        return status
    }

    private static func run(_ arguments: [String], environment: [String: String], console: Console) -> Int32 {
        guard let name = arguments.first else {
            console.writeError(overview())
            return ExitCode.failure
        }
        switch name {
        case "--help", "-h", "help":
            console.write(overview())
            return ExitCode.success
        case "--version":
            console.write("\(toolName) \(version) (SwiftSyntax: \(syntaxMode), libgit2 \(Libgit2.version()))\n")
            return ExitCode.success
        default:
            break
        }
        guard let command = (commands + internalCommands).first(where: { $0.spec.name == name }) else {
            let error = UsageError.unknownCommand(name, among: commands.map { $0.spec.name } + ["help"])
            console.error("\(error.message) (see '\(toolName) --help')")
            return ExitCode.failure
        }
        let spec = command.spec
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: spec)
            if parsed.wantsHelp {
                console.write(HelpText.render(spec, toolName: toolName))
                return ExitCode.success
            }
            console.quiet = try parsed[CommonOptions.quiet]
            return try command.run(parsed, console: console, environment: environment)
        } catch let error as UsageError {
            console.error(error.message + (error.pointsToHelp ? " (see '\(toolName) \(name) --help')" : ""))
        } catch {
            console.error("\(error)")
        }
        return ExitCode.failure
    }

    static func overview() -> String {
        var text = """
            OVERVIEW: Migrate SwiftUI lifecycle code whose meaning is ambiguous or wrong.

            USAGE: \(toolName) <command> [options] [<path> ...]

            COMMANDS:

            """
        let specs = commands.map { $0.spec }
        let width = (specs.map(\.name.count).max() ?? 0) + 2
        for command in specs {
            text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.abstract + "\n"
        }
        text += """

            OPTIONS:
              --version   Show the version, the SwiftSyntax mode and the libgit2 version.
              -h, --help  Show help information.

            See '\(toolName) <command> --help' for a command's options.

            """
        return text
    }
}
