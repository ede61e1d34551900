import ArgumentParsing

/// A subcommand: its spec (name, options, help), its typed options, and how it runs.
///
/// `CLI` finds the command whose spec has the typed name in `CLI.commands` and runs it, so
/// every listed command is reachable and none falls through to another.
protocol Command {
    /// What the command reads from its command line, typed, with the spec's defaults applied.
    associatedtype Options

    /// The command's name, options and help.
    static var spec: CommandSpec { get }

    /// The typed options of a parsed command line; throws `CommandError` for a value the
    /// parser cannot check (a number, a rule id, an identity).
    static func options(_ arguments: ParsedArguments) throws -> Options

    init(console: Console, environment: [String: String])

    /// Runs the command and returns the exit code.
    func run(_ options: Options) throws -> Int32
}

extension Command {
    /// Types `arguments` and runs the command with them.
    static func run(_ arguments: ParsedArguments, console: Console, environment: [String: String]) throws -> Int32 {
        try Self(console: console, environment: environment).run(options(arguments))
    }
}

/// A command that needs only the console from its surroundings (most do): its memberwise `init(console:)` serves.
protocol ConsoleCommand: Command {
    init(console: Console)
}

extension ConsoleCommand {
    init(console: Console, environment: [String: String]) { self.init(console: console) }
}
