import SwiftUIMigrate

/// A JSON-RPC 2.0 message as the servers read it — a request (a method and an id), a notification (a method
/// without an id) or a response to a request the server sent (a result or an error) — and the messages they send.
struct Message {
    /// The request's id (a JSON `null` too); nil for a notification.
    var id: JSONValue?
    /// The method; nil when there is none or it is not a string.
    var method: String?
    /// The params when they are an object, else an empty object.
    var params: JSONValue
    /// True for a response (a `result` or an `error` member).
    var isResponse: Bool

    /// The message `value` holds; nil when it is not an object.
    init?(_ value: JSONValue) {
        guard let members = value.object else { return nil }
        id = members["id"]
        method = members["method"]?.string
        params = members["params"]?.object != nil ? members["params"]! : [:]
        isResponse = members["result"] != nil || members["error"] != nil
    }

    /// A JSON-RPC response to the request `id` carrying `result`.
    static func result(_ id: JSONValue, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    /// A JSON-RPC error response to the request `id`.
    static func error(id: JSONValue, code: Int, message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .integer(code), "message": .string(message)]]
    }

    /// A notification (no answer wanted) of `method` with `params`.
    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }
}
