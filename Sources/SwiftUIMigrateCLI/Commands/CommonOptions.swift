import ArgumentParsing
import PlainText
import SwiftUIMigrate

/// Options every migrating command shares.
enum CommonOptions {
    static let rules = Option(
        list: "rules", value: "ids", help: "Run only these rules (comma-separated ids; opt-in rules included).")
    static let strategy = Option(
        "strategy", value: "strategy", help: "How group-lifecycle fixes a Group.",
        allowed: GroupStrategy.allCases.map(\.rawValue), shownDefault: "auto")
    static let config = Option(
        "config", value: "file", help: "Read this configuration instead of the nearest .swiftui-migrate.json.")
    static let only = Option(
        "only", value: "label",
        help: "Apply only these fixes (preserving; no-runtime-change adds those with runtimeChange: false); the others are skipped with the reason.",
        allowed: OnlyFixes.allCases.map(\.rawValue))
    static let baseline = Option(
        "baseline", value: "file", help: "Hide the findings recorded in this baseline file (and apply none of their fixes).")
    static let maxFileSize = Option(
        "max-file-size", value: "bytes", help: "Skip files larger than this (default 4194304; overrides maxFileSize).") {
            guard let bytes = Int($0), bytes > 0 else { throw CommandError("--max-file-size takes a positive number of bytes") }
            return bytes
        }
    static let showKept = Flag(
        "show-kept", help: "List the sites checked and left as they are (keep findings); else one line counts them.")
    static let forceExclude = Flag(
        "force-exclude", help: "Skip named files the configuration's include/exclude leave out too (for pre-commit and editors).")
    static let noGit = Flag(
        "no-git", help: "Walk folders for .swift files even inside a git repository (untracked and ignored files included).")
    /// `.some(nil)` for no limit (0 or none).
    static let fileTimeout = Option(
        "file-timeout", value: "duration",
        help: "Skip a file whose migration takes longer than this, with a warning (default 10s; 0 or none: no limit; overrides fileTimeout)."
    ) { text -> Duration? in
        guard let duration = text == "none" ? .zero : DurationText.parse(text) else {
            throw CommandError("--file-timeout takes a duration such as 10s or 500ms, or 0 or none for no limit; not '\(text)'")
        }
        return duration == .zero ? nil : duration
    }
    /// `scan`, `diff` and `apply` only: the file's text on standard input.
    static let stdinFilepath = Option(
        "stdin-filepath", value: "file",
        help: "Read the text from stdin as the file at this path (which need not exist).")
    /// `--quiet`: findings, warnings and errors only — for the commands whose status output (progress, the per-file
    /// or batch table, count and result lines) a script does not want.
    static let quiet = Flag(
        "quiet", short: "q", help: "Print only findings, warnings and errors: no progress, summary table or count lines.")
    static let paths = PositionalSpec(name: "path", help: "Swift files or folders (default: the current folder).")

    static let all: [any OptionKey] = [rules, strategy, config, only, baseline, maxFileSize, fileTimeout, showKept]
    /// The commands that take paths (`scan`, `diff`, `apply`): `all`, how named paths become files, stdin, `--quiet`.
    static let ofPaths = all + [forceExclude, noGit, stdinFilepath, quiet]
}
