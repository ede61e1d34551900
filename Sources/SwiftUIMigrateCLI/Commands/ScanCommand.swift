import ArgumentParsing
import Foundation
import PlainText
import SwiftUIMigrate

/// `scan`: print findings; exit 1 when any asks for action.
struct ScanCommand: ConsoleCommand {
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
        let plan = try RunPlan(options.migration, source: .disk(options.paths))
        let verdict = ScanVerdict(plan.settings.configuration)
        let report: any RunSink = options.listFiles
            ? FileListSink(console: console)
            : FindingsSink(
                options.format.format, showsKept: plan.settings.configuration.showKept, sourceRoot: plan.sourceRoot, console: console)
        var sink: any RunSink = SinkGroup(sinks: [report, verdict])
        if let path = options.writeBaseline { sink = Relay(next: sink) { try writeBaseline($0, to: path) } }
        // Something not read is not a pass, whatever the rest found (also under --exit-zero).
        if try plan.run(into: sink, warn: console.warning, notes: console.note) { return ExitCode.failure }
        guard options.exitZero else { return verdict.asksForAction ? ExitCode.pending : ExitCode.success }
        guard verdict.failingBuild > 0 else { return ExitCode.success }
        console.error("\(counted(verdict.failingBuild, "file")) with findings that ask for action, and their configuration sets \"failBuild\": true")
        return ExitCode.pending
    }

    /// `--print-config PATH`: the configuration of the file (or of the files directly in the folder) at `path`.
    private func printConfiguration(of path: String, _ migration: MigrationOptions) throws -> Int32 {
        let effective = try RunPlan.configuration(of: path, migration)
        let here = SourceDiscovery.absolute(".")
        let tree = DiskProjectTree()
        console.write(EffectiveConfigurationJSON.render(effective) { $0 == here ? "." : tree.display($0) })
        return ExitCode.success
    }

    /// Records every finding of `outcomes` in the baseline file at `path` (replacing it) and returns the outcomes as
    /// the baseline now leaves them: no findings, nothing to change.
    private func writeBaseline(_ outcomes: [FileOutcome], to path: String) throws -> [FileOutcome] {
        let folder = FindingSelection.folder(of: path)
        let findings = outcomes.flatMap { $0.migration?.findings ?? [] }
        let baseline = Baseline().adding(findings) { FindingSelection.baselinePath(of: $0, folder: folder) }
        try baseline.save(to: path)
        console.status("recorded \(findings.count) finding\(findings.count == 1 ? "" : "s") in \(path)\n")
        return outcomes.map { outcome in
            var hidden = outcome
            hidden.migration?.findings = []
            hidden.migration?.migrated = outcome.migration?.original ?? []
            return hidden
        }
    }
}

/// What `scan`'s exit status rests on: whether a finding asks for action, and in how many files whose configuration
/// sets `failBuild` (for `--exit-zero`).
private final class ScanVerdict: RunSink {
    private let configuration: Configuration
    private(set) var asksForAction = false
    private(set) var failingBuild = 0

    /// A verdict over files whose configuration is `configuration` unless their own.
    init(_ configuration: Configuration) { self.configuration = configuration }

    func take(_ outcomes: [FileOutcome]) {
        for outcome in outcomes where outcome.migration?.findings.contains(where: { $0.action.asksForAction }) == true {
            asksForAction = true
            if (outcome.file.configuration ?? configuration).failBuild { failingBuild += 1 }
        }
    }
}
