import ArgumentParsing
import PlainText
import SwiftUIMigrate

/// The options every migrating command shares (`CommonOptions`), typed and checked once: the
/// rule ids of `--rules` exist, `--max-file-size` is a positive number and `--file-timeout` a duration.
struct MigrationOptions: Sendable {
    /// `--rules`: the only rules to run (opt-in ones included); empty runs the configured rules.
    var rules: [String] = []
    /// `--strategy`, over the configuration's.
    var strategy: GroupStrategy?
    /// `--config`: the configuration file to read instead of the nearest `.swiftui-migrate.json`.
    var configPath: String?
    /// `--only preserving` or `--only no-runtime-change`.
    var only: OnlyFixes?
    /// `--baseline`: the findings to hide.
    var baselinePath: String?
    /// `--max-file-size`, over the configuration's `maxFileSize`.
    var maxFileSize: Int?
    /// `--show-kept`, over the configuration's `showKept`.
    var showKept = false
    /// `--force-exclude`: named files the configuration's globs leave out are skipped too.
    var forceExclude = false
    /// False for `--no-git`: folders are walked even inside a git work tree.
    var useGit = true
    /// `--file-timeout`, over the configuration's `fileTimeout`: `.some(nil)` is no limit.
    var fileTimeout: Duration??
    /// `--stdin-filepath`: the text is read from standard input, as the file at this path.
    var stdinPath: String?

    /// The options of no flags: the configuration decides.
    init() {}

    /// Reads and checks the common options of `arguments`.
    init(_ arguments: ParsedArguments) throws {
        rules = try arguments[CommonOptions.rules]
        // `unknown rule 'group-lifecyle'; did you mean 'group-lifecycle'? (see 'swiftui-migrate rules')`
        for id in rules where RuleRegistry.rule(id: id) == nil {
            throw CommandError(
                "unknown rule '\(id)'" + ClosestName.hint(for: id, among: RuleRegistry.all.map(\.id))
                    + " (see 'swiftui-migrate rules')")
        }
        strategy = try arguments[CommonOptions.strategy].flatMap(GroupStrategy.init(rawValue:))
        configPath = try arguments[CommonOptions.config]
        only = try arguments[CommonOptions.only].flatMap(OnlyFixes.init(rawValue:))
        baselinePath = try arguments[CommonOptions.baseline]
        showKept = try arguments[CommonOptions.showKept]
        forceExclude = try arguments[CommonOptions.forceExclude]
        useGit = try !arguments[CommonOptions.noGit]
        stdinPath = try arguments[CommonOptions.stdinFilepath]
        if stdinPath != nil && !arguments.positionals.isEmpty {
            throw CommandError("--stdin-filepath reads one file from standard input; drop the paths")
        }
        if stdinPath?.isEmpty == true { throw CommandError("--stdin-filepath takes the path the text stands for") }
        maxFileSize = try arguments[CommonOptions.maxFileSize]
        fileTimeout = try arguments[CommonOptions.fileTimeout]
    }

    /// The paths a command's positionals name; the current folder when there are none.
    static func paths(_ arguments: ParsedArguments) throws -> [String] {
        if let stdinPath = try arguments[CommonOptions.stdinFilepath] { return [stdinPath] }
        return arguments.positionals.isEmpty ? ["."] : arguments.positionals
    }
}
