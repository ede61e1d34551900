import ArgumentParsing
import SwiftUIMigrate

/// Options every migrating command shares.
enum CommonOptions {
    static let rules = OptionSpec.option(
        "rules", value: "ids", help: "Run only these rules (comma-separated ids; opt-in rules included).", repeatable: true)
    static let strategy = OptionSpec.option(
        "strategy", value: "strategy", help: "How group-lifecycle fixes a Group.",
        allowed: GroupStrategy.allCases.map(\.rawValue), default: "auto")
    static let config = OptionSpec.option(
        "config", value: "file", help: "Read this configuration instead of the nearest .swiftui-migrate.json.")
    static let paths = PositionalSpec(name: "path", help: "Swift files or folders (default: the current folder).")

    static let all = [rules, strategy, config]
}
