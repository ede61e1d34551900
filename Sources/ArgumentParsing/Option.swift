import PlainText

/// An option or flag as a command lists it in its spec.
public protocol OptionKey: Sendable {
    /// Its name, help and values, for the parser, help and completion scripts.
    var spec: OptionSpec { get }
}

/// An option declared once, as a typed key: its spec names it to the parser, help and completion scripts, and
/// `arguments[key]` reads its value typed — so a command never names an option by a string of its own.
public struct Option<Value>: OptionKey {
    public var spec: OptionSpec
    /// The value from the option's values as given, in order; nil when it was not given.
    let read: @Sendable ([String]?) throws -> Value

    /// The same option worded for another command: it is read the same way, with the same key.
    public func help(_ help: String) -> Self {
        var worded = self
        worded.spec.help = help
        return worded
    }
}

/// A flag, `--name`: true when given.
public typealias Flag = Option<Bool>

extension Option where Value == Bool {
    /// A flag that takes no value.
    public init(_ name: String, short: Character? = nil, help: String) {
        self.init(spec: OptionSpec(name: name, shortName: short, help: help)) { $0 != nil }
    }
}

extension Option {
    /// `--name <value>`: `parse` of the last value given (a thrown error is the command's), nil when none was;
    /// `shownDefault` only says in help what its absence means.
    public init<Parsed>(
        _ name: String, short: Character? = nil, value: String, help: String, allowed: [String]? = nil,
        shownDefault: String? = nil, parse: @escaping @Sendable (String) throws -> Parsed
    ) where Value == Parsed? {
        let spec = OptionSpec(
            name: name, shortName: short, valueName: value, help: help, allowedValues: allowed,
            defaultDescription: shownDefault)
        self.init(spec: spec) { try $0?.last.map(parse) }
    }
}

extension Option where Value == String? {
    /// `--name <value>`: the last value given, nil when none was.
    public init(_ name: String, value: String, help: String, allowed: [String]? = nil, shownDefault: String? = nil) {
        self.init(name, value: value, help: help, allowed: allowed, shownDefault: shownDefault) { $0 }
    }
}

extension Option where Value == String {
    /// `--name <value>`: the last value given, else `defaultValue` (shown in help).
    public init(_ name: String, value: String, help: String, allowed: [String]? = nil, default defaultValue: String) {
        let spec = OptionSpec(name: name, valueName: value, help: help, allowedValues: allowed, defaultValue: defaultValue)
        self.init(spec: spec) { $0?.last ?? defaultValue }
    }
}

extension Option where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// `--name <value>`, one of `Value`'s cases (the parser refuses others), else `defaultValue` (shown in help).
    public init(_ name: String, value: String, help: String, default defaultValue: Value) {
        let spec = OptionSpec(
            name: name, valueName: value, help: help, allowedValues: Value.allCases.map(\.rawValue),
            defaultValue: defaultValue.rawValue)
        self.init(spec: spec) { $0?.last.flatMap(Value.init(rawValue:)) ?? defaultValue }
    }
}

extension Option where Value == [String] {
    /// `--name a,b`, which may be given more than once: every value, split at commas, trimmed, none empty.
    public init(list name: String, value: String, help: String) {
        self.init(spec: OptionSpec(name: name, valueName: value, help: help, isRepeatable: true)) { given in
            (given ?? []).flatMap { $0.split(separator: ",").map { $0.trimmingWhitespace() } }.filter { !$0.isEmpty }
        }
    }
}
