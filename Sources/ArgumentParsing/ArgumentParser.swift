/// Parses a command's arguments following swift-argument-parser's conventions.
///
/// - `--name value` and `--name=value`; `-n value` for a short name.
/// - Flags take no value; `--flag=x` is an error.
/// - `--` ends options: everything after it is positional.
/// - `-h`/`--help` anywhere asks for help.
/// - An option not given takes its key's default when read (`ParsedArguments[key]`).
/// - Unknown options, missing values, values outside an enumeration, repeated
///   single options and too many or too few positionals are `UsageError`s; so is the first of the spec's
///   `OptionRule`s a command line breaks, in that rule's own words.
public enum ArgumentParser {
    /// Parses `arguments` (without the program and command names) for `command`.
    public static func parse(_ arguments: [String], for command: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            let (spec, inlineValue) = try lookUp(argument, in: command)
            if spec.isFlag {
                guard inlineValue == nil else { throw UsageError("the flag '--\(spec.name)' takes no value") }
                parsed.values[spec.name] = parsed.values[spec.name] ?? []
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !isOptionLike(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("missing value for '\(spec.synopsis)'")
            }
            if let allowed = spec.allowedValues, !allowed.contains(value) {
                throw UsageError(
                    "the value '\(value)' is invalid for '\(spec.synopsis)'; use one of: \(allowed.joined(separator: ", "))")
            }
            if !spec.isRepeatable, parsed.values[spec.name] != nil {
                throw UsageError("'\(spec.synopsis)' was given more than once")
            }
            parsed.values[spec.name, default: []].append(value)
        }
        if parsed.wantsHelp { return parsed }
        if let positional = command.positional {
            if parsed.positionals.count < positional.minimum {
                throw UsageError("missing expected argument '<\(positional.name)>'")
            }
            if let maximum = positional.maximum, parsed.positionals.count > maximum {
                throw UsageError("unexpected argument '\(parsed.positionals[maximum])'")
            }
        } else if let first = parsed.positionals.first {
            throw UsageError("unexpected argument '\(first)'")
        }
        if let error = command.rules.lazy.compactMap({ $0.error(parsed) }).first {
            throw UsageError(error, pointsToHelp: false)
        }
        return parsed
    }

    private static func lookUp(_ argument: String, in command: CommandSpec) throws -> (OptionSpec, String?) {
        if argument.hasPrefix("--") {
            let parts = argument.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let (name, value) = (parts[0], parts.count > 1 ? String(parts[1]) : nil)
            guard let spec = command.options.first(where: { $0.name == name }) else {
                throw UsageError.unknownOption("--\(name)", in: command)
            }
            return (spec, value)
        }
        let body = argument.dropFirst()
        guard let letter = body.first, let spec = command.options.first(where: { $0.shortName == letter }) else {
            throw UsageError.unknownOption(argument, in: command)
        }
        let rest = body.dropFirst()
        if rest.isEmpty { return (spec, nil) }
        if spec.isFlag { throw UsageError.unknownOption(argument, in: command) }
        return (spec, String(rest.hasPrefix("=") ? rest.dropFirst() : rest))
    }

    /// True for `--x` and `-x`, false for `-` and negative numbers.
    private static func isOptionLike(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument.count > 1 else { return false }
        let second = argument[argument.index(after: argument.startIndex)]
        return !second.isNumber
    }
}
