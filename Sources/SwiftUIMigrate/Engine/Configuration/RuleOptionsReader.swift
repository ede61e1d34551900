import PlainText

/// Reads `ruleOptions` from a configuration file, checking every rule id, option name and
/// value against the rules' declarations (`Rule.options`); each error is one line naming
/// the file, what is wrong and what is valid.
struct RuleOptionsReader {
    /// Names the file in errors.
    var source: String
    /// The rules whose options may be set.
    var rules: [any Rule]

    /// The options of `object` (`{"rule-id": {"option": value}}`), typed.
    func read(_ object: [String: [String: JSONValue]]) throws -> [String: [String: RuleOptionValue]] {
        var result: [String: [String: RuleOptionValue]] = [:]
        for id in object.keys.sorted() {
            guard let rule = rules.first(where: { $0.id == id }) else {
                let hint = ClosestName.question(for: id, among: rules.map(\.id)).map { $0 + " " } ?? ""
                throw ConfigurationError("\(source): unknown rule '\(id)' in 'ruleOptions'; \(hint)\(configurable)")
            }
            var values: [String: RuleOptionValue] = [:]
            for (name, raw) in (object[id] ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let option = rule.options.first(where: { $0.name == name }) else {
                    let valid = rule.options.isEmpty
                        ? "\(id) has no options"
                        : "the options of \(id) are: " + rule.options.map(\.name).joined(separator: ", ")
                    let hint = ClosestName.question(for: name, among: rule.options.map(\.name)).map { $0 + " " } ?? ""
                    throw ConfigurationError("\(source): unknown option '\(name)' of \(id) in 'ruleOptions'; \(hint)\(valid)")
                }
                guard let value = Self.value(raw).flatMap(option.accepting) else {
                    throw ConfigurationError("\(source): 'ruleOptions.\(id).\(name)' must be \(option.expected)")
                }
                values[name] = value
            }
            result[id] = values
        }
        return result
    }

    /// The rules that have options, for an error about an unknown one.
    private var configurable: String {
        let ids = rules.filter { !$0.options.isEmpty }.map(\.id)
        return ids.isEmpty ? "no rule has options" : "the rules with options are: " + ids.joined(separator: ", ")
    }

    /// A JSON scalar as an option value: a string, or a number (not a boolean) whose `Double` is whole.
    private static func value(_ raw: JSONValue) -> RuleOptionValue? {
        if let text = raw.string { return .string(text) }
        return raw.double.flatMap(Int.init(exactly:)).map(RuleOptionValue.integer)
    }
}
