import ArgumentParsing
import SwiftUIMigrate

/// `lsp`: the language server, on standard input and output, until the editor stops it.
struct LSPCommand: Command {
    static let spec = CommandSpec(
        name: "lsp", abstract: "Run the language server (LSP over stdio) for editors.",
        discussion: """
            Speaks the Language Server Protocol 3.17 on standard input and output: diagnostics for open
            Swift documents from their unsaved text (configuration, floor and baseline found from each
            document's path, as scan finds them), a quick fix per rewrite titled with its safety label,
            "apply all fixes in this file", and "apply all preserving fixes in this file"
            (source.fixAll.swiftui-migrate). Writes no file. Editors start it themselves; see docs/editors.md.
            """,
        options: CommonOptions.all,
        positional: nil)

    /// `lsp`'s options: the common ones, applied to every document.
    static func options(_ arguments: ParsedArguments) throws -> MigrationOptions {
        try MigrationOptions(arguments)
    }

    init(console: Console, environment: [String: String]) {}

    func run(_ options: MigrationOptions) throws -> Int32 {
        try StandardInput.requireReadable()
        CheckJob.mapLargeBlocksApart()
        return LanguageServer(channel: MessageChannel(), options: options).serve()
    }
}
