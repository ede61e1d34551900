import SwiftUIMigrate

/// A tool the MCP server offers a coding agent: its name, what it does, the JSON Schemas of its
/// input and of its structured output, and the call itself.
protocol AgentTool {
    /// The name agents call it by.
    var name: String { get }
    /// One paragraph for the agent: when to call it and what comes back.
    var description: String { get }
    /// The JSON Schema of `arguments`.
    var inputSchema: JSONValue { get }
    /// The JSON Schema of the structured result.
    var outputSchema: JSONValue { get }
    /// The structured result of a call; throws `ToolFailure` for input the tool cannot answer.
    func call(_ arguments: ToolArguments) throws -> JSONValue
}

extension AgentTool {
    /// The tool as `tools/list` lists it.
    var listing: JSONValue {
        ["name": .string(name), "description": .string(description), "inputSchema": inputSchema, "outputSchema": outputSchema]
    }
}

/// Why a call could not be answered, in one line for the agent: returned as a tool result with
/// `isError`, never as a protocol error, so the agent can read it and call again.
struct ToolFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A call's `arguments`, read with the types the input schema declares.
struct ToolArguments {
    let values: [String: JSONValue]

    /// The string `name`; throws when it is missing or not a string.
    func string(_ name: String) throws -> String {
        guard let value = try optionalString(name) else { throw ToolFailure("missing argument '\(name)' (a string)") }
        return value
    }

    /// The string `name`, nil when it is missing; throws when it is not a string.
    func optionalString(_ name: String) throws -> String? {
        guard let value = values[name] else { return nil }
        guard let string = value.string else { throw ToolFailure("argument '\(name)' must be a string") }
        return string
    }

    /// The boolean `name`, `defaultValue` when it is missing; throws when it is not a boolean.
    func bool(_ name: String, default defaultValue: Bool) throws -> Bool {
        guard let value = values[name] else { return defaultValue }
        guard let flag = value.bool else { throw ToolFailure("argument '\(name)' must be true or false") }
        return flag
    }
}
