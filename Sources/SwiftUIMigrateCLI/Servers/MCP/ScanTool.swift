import SwiftUIMigrate

/// `scan`: the findings in one Swift file, as `scan --format json` gives them; changes nothing.
struct ScanTool: AgentTool {
    /// The folder paths must be inside.
    let workspace: String
    /// The server's options (`mcp --config`, `--rules` …), applied to every call.
    let options: MigrationOptions

    let name = "scan"
    let description = """
        Find SwiftUI lifecycle code to migrate in one Swift file (a Group carrying .onAppear/.task, a Task started \
        in .onAppear, a loading flag guarding a reload …) without changing anything. Give the path and, for text not \
        saved yet, the text. Each finding has its rule, reasonID, action (rewrite: a fix is offered; report: needs \
        you; skip: seen and left, with the reason; keep: fine as it is), safety label, line, message and reason, as \
        `swiftui-migrate scan --format json` writes them. Call explain with a reasonID to learn what it means.
        """

    var inputSchema: [String: Any] {
        FindingSchema.object(ToolDocument.inputProperties, required: ["path"])
    }

    var outputSchema: [String: Any] {
        var schema = FindingSchema.object(
            ["findings": FindingSchema.list, "warnings": ["type": "array", "items": ["type": "string"]]],
            required: ["findings", "warnings"])
        schema["$defs"] = FindingSchema.definitions
        return schema
    }

    func call(_ arguments: ToolArguments) throws -> [String: Any] {
        let document = try ToolDocument(arguments, workspace: workspace, options: options)
        return ["findings": document.records(), "warnings": document.warnings]
    }
}
