import ArgumentParsing
import Foundation
import SwiftUIMigrate

/// `scan`: print findings; exit 1 when any asks for action.
struct ScanCommand {
    static let spec = CommandSpec(
        name: "scan", abstract: "Report lifecycle code to migrate, without changing anything.",
        discussion: """
            Exit status: 0 when nothing asks for action (findings kept or skipped are informational),
            1 when a finding would be rewritten or needs a person, 2 on usage or input errors.
            """,
        options: [
            .option("format", value: "format", help: "Output format.", allowed: ["xcode", "json"], default: "xcode")
        ] + CommonOptions.all,
        positional: CommonOptions.paths)

    let console: Console

    func run(_ arguments: ParsedArguments) throws -> Int32 {
        let outcomes = try Workspace.migrate(arguments, console: console)
        let findings = outcomes.flatMap { $0.migration?.findings ?? [] }
        switch arguments.value("format") ?? "xcode" {
        case "json":
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(findings.map(FindingRecord.init))
            console.write(String(decoding: data, as: UTF8.self) + "\n")
        default:
            for finding in findings { console.write(XcodeFormat.line(for: finding) + "\n") }
        }
        return findings.contains { $0.action.asksForAction } ? ExitCode.pending : ExitCode.success
    }
}
