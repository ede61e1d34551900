/// Renders `--help` for a command, laid out like swift-argument-parser's.
public enum HelpText {
    /// The help of `command`, invoked as `toolName command`.
    public static func render(_ command: CommandSpec, toolName: String) -> String {
        var lines = ["OVERVIEW: \(command.abstract)", "", "USAGE: \(usage(command, toolName: toolName))"]
        if !command.discussion.isEmpty {
            lines += ["", command.discussion]
        }
        var rows: [(String, String)] = []
        if let positional = command.positional {
            lines += ["", "ARGUMENTS:"]
            let name = "<\(positional.name)>"
            lines.append(row(name, positional.help, width: max(24, name.count + 2)))
        }
        for option in command.options {
            let left = (option.shortName.map { "-\($0), " } ?? "") + option.synopsis
            var help = option.help
            if let allowed = option.allowedValues { help += " (values: \(allowed.joined(separator: ", ")))" }
            if let defaultValue = option.defaultValue ?? option.defaultDescription { help += " (default: \(defaultValue))" }
            rows.append((left, help))
        }
        rows.append(("-h, --help", "Show help information."))
        let width = max(24, (rows.map(\.0.count).max() ?? 0) + 2)
        lines += ["", "OPTIONS:"]
        for (left, help) in rows { lines.append(row(left, help, width: width)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `toolName command [--a <a>] [--b] [<path> ...]`.
    public static func usage(_ command: CommandSpec, toolName: String) -> String {
        if let usage = command.usage { return [toolName, usage].filter { !$0.isEmpty }.joined(separator: " ") }
        var parts = [toolName, command.name].filter { !$0.isEmpty } + command.options.map { "[\($0.synopsis)]" }
        if let positional = command.positional {
            let repeated = positional.maximum == 1 ? "" : " ..."
            parts.append(positional.minimum > 0 ? "<\(positional.name)>\(repeated)" : "[<\(positional.name)>\(repeated)]")
        }
        return parts.joined(separator: " ")
    }

    private static func row(_ left: String, _ help: String, width: Int) -> String {
        let padded = left.count < width ? left + String(repeating: " ", count: width - left.count) : left + "  "
        return "  " + padded + help
    }
}
