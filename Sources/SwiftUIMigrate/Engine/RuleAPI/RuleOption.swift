/// A setting one rule declares: its name under `ruleOptions["rule-id"]` in `.swiftui-migrate.json`,
/// the values it takes, its default and one line saying what it does.
///
/// The declarations are the single source for the configuration's checks (a misspelt option is an
/// error naming the valid ones), for `init`'s template and for `explain`.
public struct RuleOption: Sendable, Equatable {
    /// The values an option takes.
    public enum Kind: Sendable, Equatable {
        /// A whole number of at least `minimum`.
        case integer(minimum: Int)
        /// One of these strings.
        case oneOf([String])
    }

    /// The key under the rule's id in `ruleOptions`: `maxMembers`.
    public var name: String
    /// The values it takes.
    public var kind: Kind
    /// The value used when the configuration does not set it.
    public var defaultValue: RuleOptionValue
    /// One line: what the option changes.
    public var summary: String

    /// A whole-number option.
    public static func integer(_ name: String, default value: Int, minimum: Int = 0, summary: String) -> RuleOption {
        RuleOption(name: name, kind: .integer(minimum: minimum), defaultValue: .integer(value), summary: summary)
    }

    /// An option that takes one of a few strings.
    public static func oneOf(_ name: String, values: [String], default value: String, summary: String) -> RuleOption {
        RuleOption(name: name, kind: .oneOf(values), defaultValue: .string(value), summary: summary)
    }

    /// What a valid value is, completing "must be …": `a whole number of at least 1`.
    public var expected: String {
        switch kind {
        case .integer(let minimum): "a whole number of at least \(minimum)"
        case .oneOf(let values): "one of " + values.joined(separator: ", ")
        }
    }

    /// `value` when it is valid for this option, else nil.
    public func accepting(_ value: RuleOptionValue) -> RuleOptionValue? {
        switch (kind, value) {
        case (.integer(let minimum), .integer(let number)): number >= minimum ? value : nil
        case (.oneOf(let values), .string(let text)): values.contains(text) ? value : nil
        default: nil
        }
    }
}

/// The value of a rule option: a whole number or a string.
public enum RuleOptionValue: Sendable, Hashable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral
{
    case integer(Int)
    case string(String)

    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .string(value) }

    /// The number, or nil for a string.
    public var integer: Int? {
        if case .integer(let number) = self { return number }
        return nil
    }

    /// The string, or nil for a number.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as JSON text: `2`, `"keep"`.
    public var description: String {
        switch self {
        case .integer(let number): "\(number)"
        case .string(let text): JSONText.quoted(text)
        }
    }
}

/// A type a rule option is read as (`Configuration.value(of:for:)`).
public protocol RuleOptionReadable {
    /// `value` as this type, nil when it is of the other kind.
    init?(option value: RuleOptionValue)
}

extension RuleOptionValue: RuleOptionReadable {
    public init?(option value: RuleOptionValue) { self = value }
}

extension Int: RuleOptionReadable {
    public init?(option value: RuleOptionValue) {
        guard let number = value.integer else { return nil }
        self = number
    }
}

extension String: RuleOptionReadable {
    public init?(option value: RuleOptionValue) {
        guard let text = value.string else { return nil }
        self = text
    }
}

extension RuleOptionReadable where Self: RawRepresentable, RawValue == String {
    /// One of the strings an option of `.oneOf` takes, as the enum naming them.
    public init?(option value: RuleOptionValue) {
        guard let text = value.string else { return nil }
        self.init(rawValue: text)
    }
}
