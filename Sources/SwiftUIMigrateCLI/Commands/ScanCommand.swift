import ArgumentParsing
import Foundation
import PlainText
import SwiftUIMigrate

/// `scan`: print findings; exit 1 when any asks for action.
struct ScanCommand: Command {
    static let spec = CommandSpec(
        name: "scan", abstract: "Report lifecycle code to migrate, without changing anything.",
        discussion: """
            Exit status: 0 when nothing asks for action (findings kept or skipped are informational),
            1 when a finding would be rewritten or needs a person, 2 on usage or input errors — among them a
            folder in a git repository that gives no tracked .swift file though it holds some (--no-git walks it).
            --list-files prints only the paths the migration would change, one per line (same exit status).
            --write-baseline FILE records every current finding in FILE; they are then hidden, here and in
            later runs given --baseline FILE (so this run prints nothing and exits 0).
            --print-config FILE prints the configuration that applies to FILE (every .swiftui-migrate.json from
            the repository root down to FILE's folder, the nearer over the farther; or --config) and scans nothing.
            --exit-zero exits 0 though findings ask for action (a build phase: they are warnings), except for a
            finding in a file whose configuration sets "failBuild": true (exit 1, and one error line says why).
            """,
        options: [format, listFiles, exitZero, writeBaseline, printConfig] + CommonOptions.ofPaths,
        positional: CommonOptions.paths)

    static let format = Option("format", value: "format", help: "Output format.", default: ReportFormat.xcode)
    static let listFiles = Flag("list-files", help: "Print only the paths the migration would change, one per line.")
    static let exitZero = Flag("exit-zero", help: "Exit 0 on findings unless their configuration sets failBuild.")
    static let writeBaseline = Option("write-baseline", value: "file", help: "Record every current finding in this baseline file.")
    static let printConfig = Option(
        "print-config", value: "file", help: "Print the configuration that applies to this file, as JSON; scan nothing.")

    let console: Console

    init(console: Console, environment: [String: String]) { self.console = console }

    /// `scan`'s options, typed.
    struct Options {
        let paths: [String]
        let migration: MigrationOptions
        let format: ReportFormat
        let listFiles: Bool
        /// `--exit-zero`: findings that ask for action exit 1 only where their configuration sets `failBuild`.
        let exitZero: Bool
        /// `--write-baseline`: record every finding here (and ignore `--baseline`).
        let writeBaseline: String?
        /// `--print-config`: the file whose configuration to print instead of scanning.
        let printConfig: String?
    }

    static func options(_ arguments: ParsedArguments) throws -> Options {
        var migration = try MigrationOptions(arguments)
        let writeBaseline = try arguments[Self.writeBaseline]
        // --write-baseline records every finding, so no baseline hides any.
        if writeBaseline != nil { migration.baselinePath = nil }
        return Options(
            paths: try MigrationOptions.paths(arguments), migration: migration, format: try arguments[format],
            listFiles: try arguments[listFiles], exitZero: try arguments[exitZero], writeBaseline: writeBaseline,
            printConfig: try arguments[printConfig])
    }

    func run(_ options: Options) throws -> Int32 {
        if let path = options.printConfig { return try printConfiguration(of: path, options.migration) }
        let format = options.format.format
        // A format that streams is printed as the files are done; the others, and a run that writes a baseline,
        // once every file is.
        let streams = options.writeBaseline == nil && (options.listFiles || format.streams)
        let plan = try RunPlan(options.migration, source: .disk(options.paths))
        var kept = KeptFindings(shown: plan.settings.configuration.showKept)
        var collected: [(migration: FileMigration, rootPath: String)] = []
        var asksForAction = false
        // Files whose configuration sets failBuild and that hold a finding asking for action (for --exit-zero).
        var failingBuild = 0
        var leftUnread = plan.unlistedFolders > 0
        try plan.stream(warn: console.warning, notes: console.note) { outcome in
            leftUnread = leftUnread || outcome.unread
            guard let migration = outcome.migration else { return }
            if options.writeBaseline == nil, (outcome.file.configuration ?? plan.settings.configuration).failBuild,
                migration.findings.contains(where: { $0.action.asksForAction })
            {
                failingBuild += 1
            }
            if !streams { return collected.append((migration, outcome.file.rootPath)) }
            asksForAction = show([migration], rootPaths: [outcome.file.rootPath], options, kept: &kept) || asksForAction
        }
        if !streams {
            var migrations = collected.map(\.migration)
            if let path = options.writeBaseline { migrations = try writeBaseline(migrations, to: path) }
            asksForAction = show(migrations, rootPaths: collected.map(\.rootPath), options, kept: &kept, streamed: false, sourceRoot: plan.sourceRoot)
        }
        if !options.listFiles && !format.listsEveryFinding, let line = kept.countLine { console.status(line + "\n") }
        // Something not read is not a pass, whatever the rest found (also under --exit-zero).
        if leftUnread { return ExitCode.failure }
        guard options.exitZero else { return asksForAction ? ExitCode.pending : ExitCode.success }
        guard failingBuild > 0 else { return ExitCode.success }
        console.error("\(counted(failingBuild, "file")) with findings that ask for action, and their configuration sets \"failBuild\": true")
        return ExitCode.pending
    }

    /// Prints `migrations` (their files named by `rootPaths` for the formats other tools read) as `options` ask —
    /// nothing for a file without a finding shown when `streamed`; a document of every file names `sourceRoot`, the
    /// run's (SARIF's `%SRCROOT%`) — and returns true when a finding asks for action.
    private func show(
        _ migrations: [FileMigration], rootPaths: [String], _ options: Options, kept: inout KeptFindings,
        streamed: Bool = true, sourceRoot: String? = nil
    ) -> Bool {
        let format = options.format.format
        if options.listFiles {
            console.write(migrations.filter(\.changed).map { $0.file + "\n" }.joined())
        } else if format.listsEveryFinding {
            console.write(format.render(migrations, FindingsReport.context()))
        } else {
            let named = format.namesFilesFromRoot ? zip(migrations, rootPaths).map { FindingsReport.named($0, $1) } : migrations
            let shown = kept.filter(named)
            if !streamed || shown.contains(where: { !$0.findings.isEmpty }) {
                console.write(format.render(shown, FindingsReport.context(sourceRoot: sourceRoot)))
            }
        }
        return migrations.contains { $0.findings.contains { $0.action.asksForAction } }
    }

    /// `--print-config PATH`: the configuration of the file (or of the files directly in the folder) at `path`.
    private func printConfiguration(of path: String, _ migration: MigrationOptions) throws -> Int32 {
        let effective = try RunPlan.configuration(of: path, migration)
        let here = SourceDiscovery.absolute(".")
        let tree = DiskProjectTree()
        console.write(EffectiveConfigurationJSON.render(effective) { $0 == here ? "." : tree.display($0) })
        return ExitCode.success
    }

    /// Records every finding of `migrations` in the baseline file at `path` (replacing it) and
    /// returns the migrations as the baseline now leaves them: no findings, nothing to change.
    private func writeBaseline(_ migrations: [FileMigration], to path: String) throws -> [FileMigration] {
        let folder = FindingSelection.folder(of: path)
        let findings = migrations.flatMap(\.findings)
        let baseline = Baseline().adding(findings) { FindingSelection.baselinePath(of: $0, folder: folder) }
        try baseline.save(to: path)
        console.status("recorded \(findings.count) finding\(findings.count == 1 ? "" : "s") in \(path)\n")
        return migrations.map { migration in
            var hidden = migration
            hidden.findings = []
            hidden.migrated = migration.original
            return hidden
        }
    }
}
