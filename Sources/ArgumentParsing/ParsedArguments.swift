import PlainText

/// What the user typed, sorted by option: the result of `ArgumentParser.parse`.
public struct ParsedArguments: Sendable, Equatable {
    /// Values per option name, in the order given.
    public var values: [String: [String]] = [:]
    /// The spec's default of each option with one that was not given.
    public var defaults: [String: String] = [:]
    /// Flags given.
    public var flags: Set<String> = []
    /// Positional arguments, in order.
    public var positionals: [String] = []
    /// True when `--help`/`-h` was given: print help and exit 0.
    public var wantsHelp = false

    public init() {}

    /// The last value of option `name`, else its default from the spec, else nil.
    public func value(_ name: String) -> String? { values[name]?.last ?? defaults[name] }

    /// The last value of option `name` as given on the command line (never the default), or nil.
    public func given(_ name: String) -> String? { values[name]?.last }

    /// The value of option `name`, whose spec has a default, so there always is one.
    ///
    /// - Throws: `UsageError` when the command's spec has no default for `name` (a mistake in the spec).
    public func defaulted(_ name: String) throws -> String {
        guard let value = value(name) else { throw UsageError("'--\(name)' has no value and no default") }
        return value
    }

    /// True when flag `name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The comma-separated values of every `--name a,b` given, flattened.
    public func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap { $0.split(separator: ",").map { $0.trimmingWhitespace() } }.filter { !$0.isEmpty }
    }
}
