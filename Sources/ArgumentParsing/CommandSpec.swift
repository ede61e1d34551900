/// A named option or flag a command accepts, in swift-argument-parser's style; made by its typed key (`Option`).
public struct OptionSpec: Sendable, Hashable {
    /// The long name without dashes: `format` for `--format`.
    public var name: String
    /// A one-letter short name without the dash: `j` for `-j`.
    public var shortName: Character? = nil
    /// The placeholder shown in help (`<format>`); nil for a flag that takes no value.
    public var valueName: String? = nil
    /// One line of help.
    public var help: String
    /// The values accepted, when the option is an enumeration.
    public var allowedValues: [String]? = nil
    /// The value used when the option is not given, shown in help.
    public var defaultValue: String? = nil
    /// What help says happens when the option is not given, for a default that is not one value (`the number
    /// of cores`, or the configuration's setting); nothing is applied. Nil when `defaultValue` says it.
    public var defaultDescription: String? = nil
    /// True when the option may be given more than once (values accumulate).
    public var isRepeatable = false

    /// True for a flag, false for an option with a value.
    public var isFlag: Bool { valueName == nil }

    /// `--name`, as errors name the option.
    public var dashedName: String { "--\(name)" }

    /// `--name <value>` or `--name`, as shown in usage lines and errors.
    public var synopsis: String {
        isFlag ? dashedName : "\(dashedName) <\(valueName!)>"
    }
}

/// The positional arguments a command accepts.
public struct PositionalSpec: Sendable, Hashable {
    /// The placeholder shown in help: `path`.
    public var name: String
    /// One line of help.
    public var help: String
    /// Least number of values.
    public var minimum: Int
    /// Greatest number of values; nil for no limit.
    public var maximum: Int?

    public init(name: String, help: String, minimum: Int = 0, maximum: Int? = nil) {
        self.name = name
        self.help = help
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A (sub)command: its name, its help, and what it accepts.
public struct CommandSpec: Sendable {
    /// The command's name as typed: `scan`.
    public var name: String
    /// One line saying what it does.
    public var abstract: String
    /// Longer help text shown after the usage line; may be empty.
    public var discussion: String
    /// Options and flags, in the order help lists them.
    public var options: [OptionSpec]
    /// How the options go together, checked in this order once the command line is read.
    public var rules: [OptionRule]
    /// The positional arguments, if any.
    public var positional: PositionalSpec?
    /// The usage line after the tool's name, for a command whose arguments the options and positional
    /// do not say (`report merge <report.json> ...`); nil to build it from them.
    public var usage: String?

    public init(
        name: String, abstract: String, discussion: String = "", options: [any OptionKey] = [],
        positional: PositionalSpec? = nil, rules: [OptionRule] = [], usage: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options.map(\.spec)
        self.rules = rules
        self.positional = positional
        self.usage = usage
    }
}
