import PlainText
import SwiftUIMigrate

/// `scan --print-config FILE`: the configuration that applies to a file, as a `.swiftui-migrate.json`
/// would say it — every key, each rule on or off, each rule option's value — with comment keys
/// (`"// …"`, which a configuration ignores) naming the files it was merged from and the folders
/// the globs are relative to. So the output can itself be used as a configuration file.
enum EffectiveConfigurationJSON {
    /// The JSON text, ending with a line break; `display` names a path as messages show it.
    static func render(
        _ effective: EffectiveConfiguration, rules: [any Rule] = RuleRegistry.all, display: (String) -> String
    ) -> String {
        let configuration = effective.configuration
        var entries: [(key: String, value: String)] = [
            ("// sources", list(effective.sources.map(display))),
            ("rules", object(rules.map { ($0.id, "\(configuration.isEnabled($0))") })),
            ("strategy", JSONText.quoted(configuration.strategy.rawValue)),
            ("hostContainer", JSONText.quoted(configuration.hostContainer)),
            ("include", list(configuration.include)),
        ]
        if !configuration.include.isEmpty {
            entries.append(("// include is relative to", JSONText.quoted(display(effective.includeFolder))))
        }
        entries.append(("exclude", list(configuration.exclude)))
        if !effective.excludes.isEmpty {
            entries.append((
                "// exclude globs by the folder they are relative to",
                object(effective.excludes.map { (display($0.folder), list($0.globs)) })))
        }
        entries += [
            ("identity", object(configuration.identity.sorted { $0.key < $1.key }.map { ($0.key, JSONText.quoted($0.value)) })),
            ("deploymentTarget", configuration.deploymentTarget.map { floor in
                object(floor.minimums.sorted { $0.key < $1.key }.map { ($0.key.rawValue, JSONText.quoted("\($0.value)")) })
            } ?? "null"),
            ("maxFileSize", "\(configuration.maxFileSize)"),
            ("showKept", "\(configuration.showKept)"),
            ("failBuild", "\(configuration.failBuild)"),
            ("fileTimeout", JSONText.quoted(configuration.fileTimeout.map(DurationText.describe) ?? "none")),
            ("ruleOptions", object(rules.filter { !$0.options.isEmpty }.map { rule in
                (rule.id, object(rule.options.map { ($0.name, "\(configuration.value(of: $0, for: rule.id) as RuleOptionValue)") }, inline: true))
            })),
        ]
        let body = entries.map { "  \(JSONText.quoted($0.key)): \($0.value)" }.joined(separator: ",\n")
        return "{\n\(body)\n}\n"
    }

    /// `["a", "b"]` on one line.
    private static func list(_ items: [String]) -> String {
        items.isEmpty ? "[]" : "[" + items.map(JSONText.quoted).joined(separator: ", ") + "]"
    }

    /// An object of already-encoded values: one entry a line, or all on one line.
    private static func object(_ entries: [(String, String)], inline: Bool = false) -> String {
        guard !entries.isEmpty else { return "{}" }
        if inline { return "{ " + entries.map { "\(JSONText.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + " }" }
        return "{\n" + entries.map { "    \(JSONText.quoted($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n  }"
    }
}
