import ArgumentParsing
import Foundation
import GitStage
import SwiftUIMigrate

/// `mcp`: the Model Context Protocol server, on standard input and output, for coding agents.
struct MCPCommand: Command {
    static let spec = CommandSpec(
        name: "mcp", abstract: "Run the MCP server (stdio) whose tools coding agents call.",
        discussion: """
            Speaks the Model Context Protocol (JSON-RPC 2.0, one message per line; protocol versions 2024-11-05 to
            2025-11-25) on standard input and output and offers three tools: scan (a Swift file's findings, as
            scan --format json gives them), fix (its text as apply --stdin-filepath leaves it, preserving fixes only
            unless asked, with what was fixed and what is left for a person) and explain (a rule or a reasonID).
            Each takes a path below the workspace (the folder the server runs in, or --workspace DIR), and the
            unsaved text when there is one; the configuration, floor and baseline are found from the path, as scan
            finds them. Writes no file. Agents start it themselves; see docs/editors.md.
            """,
        options: [workspace] + CommonOptions.all,
        positional: nil)

    static let workspace = Option(
        "workspace", value: "dir", help: "The folder whose files the tools read (default: the current folder).")

    /// `mcp`'s options: the common ones, applied to every call.
    struct Options {
        let migration: MigrationOptions
        /// `--workspace`: the folder to serve, made the current one; nil serves the current folder.
        let workspace: String?
    }

    static func options(_ arguments: ParsedArguments) throws -> Options {
        Options(migration: try MigrationOptions(arguments), workspace: try arguments[workspace])
    }

    init(console: Console, environment: [String: String]) {}

    func run(_ options: Options) throws -> Int32 {
        try StandardInput.requireReadable()
        // Relative paths, in calls and in the options, are taken from the workspace.
        if let folder = options.workspace, !FileManager.default.changeCurrentDirectoryPath(folder) {
            throw CommandError("--workspace \(folder): no such folder")
        }
        let workspace = Repository.resolvingSymlinks(SourceDiscovery.absolute("."))
        return MCPServer(channel: MessageChannel(framing: .lines), options: options.migration, workspace: workspace).serve()
    }
}
