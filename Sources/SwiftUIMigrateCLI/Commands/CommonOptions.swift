import ArgumentParsing
import SwiftUIMigrate

/// Options every migrating command shares.
enum CommonOptions {
    static let rules = OptionSpec.option(
        "rules", value: "ids", help: "Run only these rules (comma-separated ids; opt-in rules included).", repeatable: true)
    static let strategy = OptionSpec.option(
        "strategy", value: "strategy", help: "How group-lifecycle fixes a Group.",
        allowed: GroupStrategy.allCases.map(\.rawValue), shownDefault: "auto")
    static let config = OptionSpec.option(
        "config", value: "file", help: "Read this configuration instead of the nearest .swiftui-migrate.json.")
    static let only = OptionSpec.option(
        "only", value: "label",
        help: "Apply only these fixes (preserving; no-runtime-change adds those with runtimeChange: false); the others are skipped with the reason.",
        allowed: OnlyFixes.allCases.map(\.rawValue))
    static let baseline = OptionSpec.option(
        "baseline", value: "file", help: "Hide the findings recorded in this baseline file (and apply none of their fixes).")
    static let maxFileSize = OptionSpec.option(
        "max-file-size", value: "bytes", help: "Skip files larger than this (default 4194304; overrides maxFileSize).")
    static let showKept = OptionSpec.flag(
        "show-kept", help: "List the sites checked and left as they are (keep findings); else one line counts them.")
    static let forceExclude = OptionSpec.flag(
        "force-exclude", help: "Skip named files the configuration's include/exclude leave out too (for pre-commit and editors).")
    static let noGit = OptionSpec.flag(
        "no-git", help: "Walk folders for .swift files even inside a git repository (untracked and ignored files included).")
    static let fileTimeout = OptionSpec.option(
        "file-timeout", value: "duration",
        help: "Skip a file whose migration takes longer than this, with a warning (default 10s; 0 or none: no limit; overrides fileTimeout).")
    /// `scan`, `diff` and `apply` only: the file's text on standard input.
    static let stdinFilepath = OptionSpec.option(
        "stdin-filepath", value: "file",
        help: "Read the text from stdin as the file at this path (which need not exist).")
    /// `--quiet`: findings, warnings and errors only — for the commands whose status output (progress, the per-file
    /// or batch table, count and result lines) a script does not want.
    static let quiet = OptionSpec.flag(
        "quiet", short: "q", help: "Print only findings, warnings and errors: no progress, summary table or count lines.")
    static let paths = PositionalSpec(name: "path", help: "Swift files or folders (default: the current folder).")

    static let all = [rules, strategy, config, only, baseline, maxFileSize, fileTimeout, showKept]
    /// How named paths become files: for the commands that take paths (`scan`, `diff`, `apply`), not `batch`.
    static let fileSelection = [forceExclude, noGit]
}
