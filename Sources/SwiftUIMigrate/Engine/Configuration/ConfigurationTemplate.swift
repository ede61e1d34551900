import Foundation
import PlainText

/// The `.swiftui-migrate.json` that `swiftui-migrate init` writes: every option at its default,
/// each preceded by a `"// key"` entry explaining it (keys starting with `//` are comments to
/// `Configuration`, since JSON has none).
public enum ConfigurationTemplate {
    /// The file's text, keys in the order docs/configuration.md documents them, ending with a line break.
    public static func render(rules: [any Rule] = RuleRegistry.all) -> String {
        let defaults = Configuration()
        let ruleLines = rules.map { "    \(quoted($0.id)): \($0.isEnabledByDefault)" }.joined(separator: ",\n")
        let configurable = rules.filter { !$0.options.isEmpty }
        // group-lifecycle's settings are typed fields of the configuration, not declared options.
        let groupLifecycle = rules.contains { $0.id == GroupLifecycleRule.id }
            ? ["    \(quoted(GroupLifecycleRule.id)): { \"strategy\": \(quoted(defaults.strategy.rawValue)), "
                + "\"hostContainer\": \(quoted(defaults.hostContainer)) }"] : []
        let optionLines = (groupLifecycle + configurable.map { rule in
            let values = rule.options.map { "\(quoted($0.name)): \($0.defaultValue)" }.joined(separator: ", ")
            return "    \(quoted(rule.id)): { \(values) }"
        }).joined(separator: ",\n")
        let groupLifecycleDocs = groupLifecycle.isEmpty ? [] : [
            "\(GroupLifecycleRule.id): strategy, how it fixes a Group: auto (hoist, else distribute, else report), hoist, "
                + "distribute or report; hostContainer, the container that replaces a hoisted Group "
                + "(\(Configuration.hostContainers.joined(separator: ", ")))",
        ]
        let optionDocs = (groupLifecycleDocs + configurable.map { rule in
            "\(rule.id): " + rule.options.map { "\($0.name), \($0.summary) (\($0.expected))" }.joined(separator: "; ")
        }).joined(separator: ". ")
        let entries: [(key: String, comment: String, value: String)] = [
            ("rules",
             "Rules on (true) or off (false) by id; a rule not named keeps its default. "
                + "'swiftui-migrate rules' lists them; opt-in rules are off by default.",
             "{\n\(ruleLines)\n  }"),
            ("include",
             "Globs of the files to look at, relative to this file's folder; empty means all. "
                + "Read as .gitignore lines: * within a path component, ? one character, dir/** everything under dir, **/x/** an x folder "
                + "at any depth, a trailing / a folder; a pattern without / (other than a trailing one) matches at any depth.",
             "[]"),
            ("exclude", "Globs of the files to leave alone, as include.", "[]"),
            ("identity",
             "The property .task(id:) keys on, per view type, where several qualify: { \"BrewDetailView\": \"brewID\" }.",
             "{}"),
            ("deploymentTarget",
             "The oldest OS versions the code runs on, such as { \"iOS\": \"16.0\", \"macOS\": \"13.0\" }: below iOS 15 "
                + "(macOS 12, tvOS 15, watchOS 8) .task is not available, so its fixes are skipped. null finds the floor in "
                + "the nearest Package.swift (platforms:), else the Xcode project's *_DEPLOYMENT_TARGET settings.",
             "null"),
            ("maxFileSize", "Files larger than this many bytes are skipped with a reason.", "\(defaults.maxFileSize)"),
            ("showKept",
             "List the sites checked and left as they are (keep findings) in scan output, SARIF, summaries and "
                + "pull-request bodies, as --show-kept does; false prints one line counting them. JSON lists them always.",
             "\(defaults.showKept)"),
            ("failBuild",
             "true: a finding that asks for action fails the build where the build-tool plugin or the Xcode Run Script "
                + "runs scan --exit-zero (it exits 1 for it); false: such findings are warnings and the build goes on.",
             "\(defaults.failBuild)"),
            ("fileTimeout",
             "A file whose migration takes longer than this (\"10s\", \"500ms\", \"2m\") is skipped with a warning naming it, "
                + "and the run goes on; \"none\" for no limit.",
             defaults.fileTimeout.map { quoted(DurationText.describe($0)) } ?? quoted("none")),
            ("ruleOptions",
             "Options of individual rules, by rule id ('swiftui-migrate explain RULE' lists them). " + optionDocs + ".",
             optionLines.isEmpty ? "{}" : "{\n\(optionLines)\n  }"),
        ]
        var lines = [
            "{",
            "  \"//\": \(quoted("swiftui-migrate configuration. Every option is shown at its default; delete what you do not change. Keys starting with // are comments.")),",
        ]
        for (index, entry) in entries.enumerated() {
            lines.append("  \(quoted("// " + entry.key)): \(quoted(entry.comment)),")
            lines.append("  \(quoted(entry.key)): \(entry.value)\(index == entries.count - 1 ? "" : ",")")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ text: String) -> String { JSONText.quoted(text) }
}
