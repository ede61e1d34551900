import PlainText

/// What the user typed, sorted by option: the result of `ArgumentParser.parse`.
public struct ParsedArguments: Sendable, Equatable {
    /// Values per option name, in the order given.
    public var values: [String: [String]] = [:]
    /// Flags given.
    public var flags: Set<String> = []
    /// Positional arguments, in order.
    public var positionals: [String] = []
    /// True when `--help`/`-h` was given: print help and exit 0.
    public var wantsHelp = false

    public init() {}

    /// The last value of option `name`, or nil.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for option `name`.
    public func all(_ name: String) -> [String] { values[name] ?? [] }

    /// True when flag `name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The comma-separated values of every `--name a,b` given, flattened.
    public func list(_ name: String) -> [String] {
        all(name).flatMap { $0.split(separator: ",").map { $0.trimmingWhitespace() } }.filter { !$0.isEmpty }
    }
}
