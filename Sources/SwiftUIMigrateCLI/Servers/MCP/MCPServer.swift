import SwiftUIMigrate

/// `swiftui-migrate mcp`: a Model Context Protocol server over stdio (JSON-RPC 2.0, one message
/// per line) offering the tools `scan`, `fix` and `explain` to a coding agent.
///
/// Calls are answered one at a time, in order; each reads the configuration, floor and baseline
/// of its path afresh, so nothing needs watching. The server never writes a file. A call it
/// cannot answer is a tool result with `isError` and one line saying why; only a malformed
/// request, an unknown method or an unknown tool is a JSON-RPC error.
final class MCPServer {
    /// The protocol versions the server speaks, newest first: it answers `initialize` with the
    /// client's when it is one of these, else the newest (the tools are the same in each).
    static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    private let channel: MessageChannel
    private let tools: [any AgentTool]

    /// A server on `channel` whose `scan` and `fix` read files below `workspace` (an absolute
    /// path with symbolic links resolved) with `options`.
    init(channel: MessageChannel, options: MigrationOptions, workspace: String) {
        self.channel = channel
        tools = [
            ScanTool(workspace: workspace, options: options), FixTool(workspace: workspace, options: options),
            ExplainTool(),
        ]
    }

    /// Serves until the end of the input; 0.
    func serve() -> Int32 {
        while true {
            switch channel.receive() {
            case .end:
                return 0
            case .unreadable(let problem, let id):
                channel.send(Message.error(id: id, code: -32700, message: "parse error: \(problem)"))
            case .message(let message):
                if let reply = reply(to: message) { channel.send(reply) }
            }
        }
    }

    /// The answer to one message; nil for a notification or a response.
    func reply(to message: Message) -> JSONValue? {
        guard let method = message.method else {
            if message.isResponse { return nil }  // a response: the server asks nothing
            return Message.error(id: message.id ?? .null, code: -32600, message: "invalid request: no method")
        }
        guard let id = message.id else { return nil }  // notifications/initialized, notifications/cancelled …
        let params = message.params
        switch method {
        case "initialize": return Message.result(id, initialize(params))
        case "ping": return Message.result(id, [:])
        case "tools/list": return Message.result(id, ["tools": .array(tools.map(\.listing))])
        case "tools/call": return call(id, params)
        default: return Message.error(id: id, code: -32601, message: "method not found: \(method)")
        }
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        let asked = params["protocolVersion"]?.string ?? ""
        return [
            "protocolVersion": .string(Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]),
            "capabilities": ["tools": ["listChanged": false]],
            "serverInfo": ["name": .string(CLI.toolName), "version": .string(CLI.version)],
            "instructions": """
                Call scan (or fix) on a SwiftUI view file before you write it: fix returns the text with the fixes \
                that keep behaviour made; what it leaves needs your decision (explain a reasonID to learn why).
                """,
        ]
    }

    private func call(_ id: JSONValue, _ params: JSONValue) -> JSONValue {
        guard let name = params["name"]?.string else {
            return Message.error(id: id, code: -32602, message: "invalid params: tools/call needs the tool's name")
        }
        guard let tool = tools.first(where: { $0.name == name }) else {
            return Message.error(
                id: id, code: -32602, message: "unknown tool: \(name) (tools: \(tools.map(\.name).joined(separator: ", ")))")
        }
        guard let arguments = (params["arguments"] ?? [:]).object else {
            return Self.failure(id, "arguments must be an object")
        }
        do {
            let structured = try tool.call(ToolArguments(values: arguments))
            let text = String(decoding: JSONObjectWriter.data(structured), as: UTF8.self)
            return Message.result(id, ["content": [["type": "text", "text": .string(text)]], "structuredContent": structured, "isError": false])
        } catch {
            return Self.failure(id, "\(error)")
        }
    }

    /// A tool result saying in one line why the call could not be answered.
    private static func failure(_ id: JSONValue, _ line: String) -> JSONValue {
        Message.result(id, ["content": [["type": "text", "text": .string(line)]], "isError": true])
    }
}
