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

    var inputSchema: JSONValue {
        FindingSchema.object(ToolDocument.inputProperties, required: ["path"])
    }

    var outputSchema: JSONValue {
        FindingSchema.object(
            ["findings": FindingSchema.list, "warnings": ["type": "array", "items": ["type": "string"]]],
            required: ["findings", "warnings"], definitions: FindingSchema.definitions)
    }

    func call(_ arguments: ToolArguments) throws -> JSONValue {
        let document = try ToolDocument(arguments, workspace: workspace, options: options)
        return ["findings": document.records(), "warnings": .array(document.warnings.map(JSONValue.string))]
    }
}
