import ArgumentParsing

/// `report merge A.json B.json …`: combine the reports of a sharded batch into one report, table and summary.
struct ReportCommand: ConsoleCommand {
    static let spec = CommandSpec(
        name: "report", abstract: "Merge batch reports (e.g. one per shard) into one.",
        discussion: """
            Reads reports written by 'batch --report', keeps one line per repository (when a repository is in
            several reports, the one in the later file wins, so list a re-run's report last), recomputes the
            totals, prints the table on standard error, and writes the merged JSON (default: standard output)
            and Markdown summary. Warns when a K/N shard is missing. Reports of different modes are refused.
            Exit status as batch: 0 all succeeded, 1 something to migrate (scan, diff), 2 a repository failed.
            """,
        options: [report, summary, CommonOptions.quiet],
        positional: PositionalSpec(name: "merge> <report.json", help: "'merge', then the reports to merge.", minimum: 2),
        usage: "report merge <report.json> ... [--report <file>] [--summary <file>]")

    static let report = Option("report", value: "file", help: "Write the merged JSON report here ('-': standard output).", default: "-")
    static let summary = Option("summary", value: "file", help: "Write the merged Markdown summary here ('-': standard output).")

    /// `report merge`'s options, typed.
    struct Options {
        let files: [String]
        let reportPath: String
        let summaryPath: String?
    }

    static func options(_ arguments: ParsedArguments) throws -> Options {
        guard arguments.positionals.first == "merge" else {
            throw CommandError("unknown report action '\(arguments.positionals[0])': use 'report merge A.json B.json …'")
        }
        let options = Options(
            files: Array(arguments.positionals.dropFirst()), reportPath: try arguments[report],
            summaryPath: try arguments[summary])
        try ReportOutput.check(reportPath: options.reportPath, summaryPath: options.summaryPath)
        return options
    }

    let console: Console

    func run(_ options: Options) throws -> Int32 {
        let reports = try options.files.map { (file: $0, report: try BatchReport.read($0)) }
        let merged = try ReportMerge.merge(reports) { console.warning($0) }
        try ReportOutput(console: console).write(merged, reportPath: options.reportPath, summaryPath: options.summaryPath)
        return merged.exitCode
    }
}
