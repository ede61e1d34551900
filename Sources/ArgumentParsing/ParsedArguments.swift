/// What the user typed, sorted by option: the result of `ArgumentParser.parse`, read with the options' keys.
public struct ParsedArguments: Sendable, Equatable {
    /// The values given per option name, in order; a flag given has none.
    public var values: [String: [String]] = [:]
    /// Positional arguments, in order.
    public var positionals: [String] = []
    /// True when `--help`/`-h` was given: print help and exit 0.
    public var wantsHelp = false

    public init() {}

    /// The value of `option`, typed: from what was given, else its default.
    ///
    /// - Throws: the error of the option's parse function, for a value the parser cannot check.
    public subscript<Value>(option: Option<Value>) -> Value {
        get throws { try option.read(values[option.spec.name]) }
    }

    /// True when `option` was given on the command line (its default does not count).
    public func has(_ option: any OptionKey) -> Bool { values[option.spec.name] != nil }

    /// The first of `options` given, as `--name`, for an error that names it.
    public func firstGiven(_ options: [any OptionKey]) -> String? {
        options.first(where: has)?.spec.dashedName
    }
}
