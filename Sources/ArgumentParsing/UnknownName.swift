import PlainText

extension UsageError {
    /// `unknown command 'scna'; did you mean 'scan'?` — the hint only when a command is close.
    public static func unknownCommand(_ name: String, among commands: [String]) -> UsageError {
        UsageError("unknown command '\(name)'" + ClosestName.hint(for: name, among: commands))
    }

    /// `unknown option '--fromat'; did you mean '--format'?` — among `command`'s options and `--help`.
    static func unknownOption(_ written: String, in command: CommandSpec) -> UsageError {
        let names = command.options.map { "--" + $0.name } + ["--help"]
        return UsageError("unknown option '\(written)'" + ClosestName.hint(for: written, among: names))
    }
}
