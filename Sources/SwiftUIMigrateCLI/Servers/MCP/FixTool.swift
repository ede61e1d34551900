import SwiftUIMigrate

/// `fix`: one Swift file's text as `apply --stdin-filepath` leaves it, what was fixed and what
/// is left for a person; writes nothing.
struct FixTool: AgentTool {
    /// The folder paths must be inside.
    let workspace: String
    /// The server's options (`mcp --config`, `--rules` …), applied to every call.
    let options: MigrationOptions

    let name = "fix"
    let description = """
        Migrate one Swift file's SwiftUI lifecycle code and return the new text; writes no file (write the text \
        yourself). Give the path and, for text not saved yet, the text. With onlyPreserving (the default) only fixes \
        that keep behaviour are made; the others are left with the reason not-preserving. The result is exactly what \
        `swiftui-migrate apply --stdin-filepath PATH` prints: text (the whole migrated file, the same text when nothing \
        changed), fixed (the findings rewritten) and left (what needs a person: reports, and fixes not made, each with \
        its reason), each as `scan --format json` writes findings.
        """

    var inputSchema: JSONValue {
        var properties = ToolDocument.inputProperties
        properties["onlyPreserving"] = [
            "type": "boolean", "default": true,
            "description": "Make only the fixes labelled preserving (same behaviour); false also makes the behavior-change ones.",
        ]
        return FindingSchema.object(properties, required: ["path"])
    }

    var outputSchema: JSONValue {
        FindingSchema.object(
            [
                "text": ["type": "string"], "changed": ["type": "boolean"],
                "fixed": FindingSchema.list, "left": FindingSchema.list,
                "warnings": ["type": "array", "items": ["type": "string"]],
            ],
            required: ["text", "changed", "fixed", "left", "warnings"], definitions: FindingSchema.definitions)
    }

    func call(_ arguments: ToolArguments) throws -> JSONValue {
        var chosen = options
        if try arguments.bool("onlyPreserving", default: true) { chosen.only = .preserving }
        let document = try ToolDocument(arguments, workspace: workspace, options: chosen)
        return [
            "text": .string(String(decoding: document.check.migrated, as: UTF8.self)),
            "changed": .bool(document.migration.changed),
            "fixed": document.records { $0.action == .rewrite },
            "left": document.records { $0.action == .report || $0.action == .skip || RunDecline.leftOutByOnly($0) },
            "warnings": .array(document.warnings.map(JSONValue.string)),
        ]
    }
}
