#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SwiftUIMigrate
@testable import SwiftUIMigrateCLI
import XCTest

/// The MCP server's message handling: one JSON text per line in and out, the protocol version
/// negotiated, notifications and responses unanswered, and a call it cannot answer given back as
/// a tool result (`isError`) while a malformed request or an unknown tool is a JSON-RPC error.
/// (Tests/mcp drives the whole server with the `mcp` package's client.)
final class MCPServerTests: XCTestCase {
    func testLinesAreReadSkippingBlankOnesAndEachMessageIsWrittenOnOneLine() throws {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&input), 0)
        XCTAssertEqual(pipe(&output), 0)
        defer { [input[0], output[0]].forEach { close($0) } }
        let lines = "{\"id\":1}\n\n  \r\n{\"id\":2,\"method\":\"ping\"}\r\nnot json\n"
        XCTAssertEqual(lines.utf8.count, lines.withCString { write(input[1], $0, strlen($0)) })
        close(input[1])
        let channel = MessageChannel(input: input[0], output: output[1], framing: .lines)
        var received: [String] = []
        loop: while true {
            switch channel.receive() {
            case .message(let message): received.append("id \(message.id?.integer ?? 0)")
            case .unreadable: received.append("unreadable")
            case .end: break loop
            }
        }
        XCTAssertEqual(received, ["id 1", "id 2", "unreadable"])
        channel.send(["text": "two\nlines"])
        close(output[1])
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(output[0], &bytes, bytes.count)
        XCTAssertEqual(String(decoding: bytes[0..<max(count, 0)], as: UTF8.self), "{\"text\":\"two\\nlines\"}\n")
    }

    func testTheClientsProtocolVersionWhenSupportedElseTheNewest() {
        let server = Self.server()
        for (asked, answered) in [("2025-06-18", "2025-06-18"), ("2025-03-26", "2025-03-26"), ("2099-01-01", "2025-11-25"), ("", "2025-11-25")] {
            let reply = server.reply(to: ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["protocolVersion": asked]])
            let result = reply?["result"] as? [String: Any]
            XCTAssertEqual(result?["protocolVersion"] as? String, answered, asked)
            XCTAssertNotNil((result?["capabilities"] as? [String: Any])?["tools"])
        }
    }

    func testNotificationsAndResponsesGetNoAnswer() {
        let server = Self.server()
        XCTAssertNil(server.reply(to: ["jsonrpc": "2.0", "method": "notifications/initialized"]))
        XCTAssertNil(server.reply(to: ["jsonrpc": "2.0", "method": "notifications/cancelled", "params": ["requestId": 3]]))
        XCTAssertNil(server.reply(to: ["jsonrpc": "2.0", "id": 9, "result": [String: Any]()]))
    }

    func testProtocolErrorsAreJSONRPCErrors() {
        let server = Self.server()
        XCTAssertEqual(Self.errorCode(server.reply(to: ["jsonrpc": "2.0", "id": 1])), -32600)
        XCTAssertEqual(Self.errorCode(server.reply(to: ["jsonrpc": "2.0", "id": 1, "method": "prompts/list"])), -32601)
        XCTAssertEqual(Self.errorCode(server.reply(to: ["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": [:] as [String: Any]])), -32602)
        let unknown = server.reply(to: ["jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": ["name": "migrate"]])
        XCTAssertEqual(Self.errorCode(unknown), -32602)
        XCTAssertEqual((unknown?["error"] as? [String: Any])?["message"] as? String, "unknown tool: migrate (tools: scan, fix, explain)")
    }

    func testACallThatCannotBeAnsweredIsAToolResultOfOneLine() throws {
        let server = Self.server()
        for (tool, arguments, expected) in [
            ("scan", ["path": "/elsewhere/View.swift", "text": ""], "/elsewhere/View.swift is outside the workspace /workspace: the server reads only files below the folder it runs in"),
            ("fix", ["path": "/workspace/notes.txt"], "not a Swift file: '/workspace/notes.txt' (scan and fix read .swift files)"),
            ("explain", ["id": "group-lifecycle/no-such-decision"], "unknown rule or reason 'group-lifecycle/no-such-decision'"),
        ] as [(String, [String: Any], String)] {
            let reply = server.reply(to: ["jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": ["name": tool, "arguments": arguments]])
            let result = try XCTUnwrap(reply?["result"] as? [String: Any], "\(String(describing: reply))")
            XCTAssertEqual(result["isError"] as? Bool, true)
            XCTAssertNil(result["structuredContent"])
            let text = try XCTUnwrap((result["content"] as? [[String: Any]])?.first?["text"] as? String)
            XCTAssertTrue(text.hasPrefix(expected), text)
            XCTAssertFalse(text.contains("\n"), text)
        }
        let listed = server.reply(to: ["jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": ["name": "explain", "arguments": [1]]])
        let result = try XCTUnwrap(listed?["result"] as? [String: Any])
        XCTAssertEqual(result["isError"] as? Bool, true)
        XCTAssertEqual((result["content"] as? [[String: Any]])?.first?["text"] as? String, "arguments must be an object")
    }

    func testAnAnsweredCallHasStructuredContentAndTheSameJSONAsText() throws {
        let reply = Self.server().reply(to: [
            "jsonrpc": "2.0", "id": "e", "method": "tools/call", "params": ["name": "explain", "arguments": ["id": "onappear-task/no-owned-state"]],
        ])
        let result = try XCTUnwrap(reply?["result"] as? [String: Any])
        XCTAssertEqual(result["isError"] as? Bool, false)
        let structured = try XCTUnwrap(result["structuredContent"] as? [String: Any])
        XCTAssertEqual(structured["kind"] as? String, "reason")
        XCTAssertEqual(structured["rule"] as? String, "onappear-task")
        let text = try XCTUnwrap((result["content"] as? [[String: Any]])?.first?["text"] as? String)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
        XCTAssertEqual(parsed, structured as NSDictionary)
    }

    private static func server() -> MCPServer {
        MCPServer(channel: MessageChannel(input: -1, output: -1, framing: .lines), options: MigrationOptions(), workspace: "/workspace")
    }

    private static func errorCode(_ reply: [String: Any]?) -> Int? {
        (reply?["error"] as? [String: Any])?["code"] as? Int
    }
}

private extension MCPServer {
    /// The reply to `message` through the wire: `message` written as JSON and read as the server reads a line,
    /// the reply written as the server writes it and read back.
    func reply(to message: [String: Any]) -> [String: Any]? {
        guard let bytes = try? JSONSerialization.data(withJSONObject: message), let value = try? JSONValue(json: Array(bytes)[...]),
              let read = Message(value), let reply = reply(to: read) else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(JSONObjectWriter.data(reply))) as? [String: Any]
    }
}
