import SwiftUIMigrate

/// The JSON Schema of a finding as `scan --format json` writes it (`FindingRecord`), for the
/// tools' output schemas: the definitions of `fixtures/schemas/findings.schema.json`, which the
/// MCP tests check these against.
enum FindingSchema {
    /// A list of findings.
    static var list: JSONValue { ["type": "array", "items": ["$ref": "#/$defs/finding"]] }

    /// The definitions `list` refers to, for an output schema's `$defs`.
    static var definitions: JSONValue {
        [
            "reasonID": ["type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*/[a-z0-9]+(-[a-z0-9]+)*$"],
            "point": object(
                ["line": integer(minimum: 1), "column": integer(minimum: 1), "offset": integer(minimum: 0)],
                required: ["line", "column", "offset"]),
            "edit": object(
                ["start": integer(minimum: 0), "end": integer(minimum: 0), "replacement": ["type": "string"]],
                required: ["start", "end", "replacement"]),
            "finding": object(
                [
                    "file": ["type": "string"],
                    "line": integer(minimum: 1),
                    "column": integer(minimum: 1),
                    "start": ["$ref": "#/$defs/point"],
                    "end": ["$ref": "#/$defs/point"],
                    "rule": ["type": "string", "pattern": "^[a-z]+(-[a-z]+)*$"],
                    "reasonID": ["$ref": "#/$defs/reasonID"],
                    "message": ["type": "string"],
                    "action": ["enum": .array(FindingAction.allCases.map { .string($0.rawValue) })],
                    "safety": ["enum": [.string(SafetyLabel.preserving.name), .string(SafetyLabel.behaviorChange("").name)]],
                    "runtimeChange": ["type": "boolean"],
                    "safetyReason": ["type": "string"],
                    "reason": ["type": "string"],
                    "edits": ["type": "array", "items": ["$ref": "#/$defs/edit"]],
                    "hunk": ["type": "string"],
                    "fingerprint": ["type": "string"],
                ],
                required: ["file", "line", "column", "start", "end", "rule", "message", "action", "reasonID", "edits", "fingerprint"]),
        ]
    }

    /// An object of exactly `properties`, with `definitions` as its `$defs` when given.
    static func object(_ properties: [String: JSONValue], required: [String], definitions: JSONValue? = nil) -> JSONValue {
        var schema: [String: JSONValue] = [
            "type": "object", "properties": .object(properties), "required": .array(required.map(JSONValue.string)),
            "additionalProperties": false,
        ]
        schema["$defs"] = definitions
        return .object(schema)
    }

    private static func integer(minimum: Int) -> JSONValue { ["type": "integer", "minimum": .integer(minimum)] }
}
