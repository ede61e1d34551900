import SwiftUIMigrate

// The params of the messages the language server reads, typed: each taken from its message's params, a member
// that is missing or of another type than the protocol's read as absent, as a client's extra or odd member is.

/// A `Range`: the lines and characters (in the document's position encoding) of its start and end, as a message
/// gives it (a missing line or character is 0) and as a diagnostic or an edit writes it.
struct LSPRange: Hashable {
    var startLine: Int, startCharacter: Int, endLine: Int, endCharacter: Int

    /// The range as JSON.
    var json: JSONValue {
        [
            "start": ["line": .integer(startLine), "character": .integer(startCharacter)],
            "end": ["line": .integer(endLine), "character": .integer(endCharacter)],
        ]
    }
}

extension LSPRange {
    /// The range `value` holds; nil without a `start` and an `end` object.
    init?(_ value: JSONValue?) {
        guard let start = value?["start"], start.object != nil, let end = value?["end"], end.object != nil else { return nil }
        (startLine, startCharacter) = (start["line"]?.integer ?? 0, start["character"]?.integer ?? 0)
        (endLine, endCharacter) = (end["line"]?.integer ?? 0, end["character"]?.integer ?? 0)
    }
}

/// `initialize`: the position encodings the client offers, and whether it can watch files for the server.
struct InitializeParams {
    var positionEncodings: [String]
    var watchesFiles: Bool

    init(_ params: JSONValue) {
        let capabilities = params["capabilities"]
        positionEncodings = capabilities?["general"]?["positionEncodings"]?.elements(\.string) ?? []
        watchesFiles = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
    }
}

/// `textDocument/didOpen`: the document, its version and text.
struct DidOpenParams {
    var uri: String
    var version: Int
    var text: String

    init?(_ params: JSONValue) {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return nil }
        (self.uri, version, self.text) = (uri, item["version"]?.integer ?? 0, text)
    }
}

/// `textDocument/didChange`: the document, its new version (nil when not given) and the changes, in order.
struct DidChangeParams {
    var uri: String
    var version: Int?
    var changes: [ContentChange]

    /// One change: the whole text, or `range`'s replacement.
    struct ContentChange {
        var text: String
        var range: LSPRange?
    }

    init?(_ params: JSONValue) {
        guard let identifier = params["textDocument"], let uri = identifier["uri"]?.string else { return nil }
        (self.uri, version) = (uri, identifier["version"]?.integer)
        // Changes that are not all objects are none.
        changes = (params["contentChanges"]?.elements(\.object) ?? []).compactMap { change in
            change["text"]?.string.map { ContentChange(text: $0, range: LSPRange(change["range"])) }
        }
    }
}

/// `textDocument/codeAction` (and the document of `didSave` and `didClose`): the document, the range asked
/// about, and the kinds of action asked for (nil: every kind).
struct CodeActionParams {
    var uri: String?
    var range: LSPRange?
    var only: [String]?

    init(_ params: JSONValue) {
        uri = params["textDocument"]?["uri"]?.string
        range = LSPRange(params["range"])
        only = params["context"]?["only"]?.elements(\.string)
    }

    /// True when the request asks for actions of `kind` (or for every kind).
    func wants(_ kind: String) -> Bool {
        only?.contains { kind == $0 || kind.hasPrefix($0 + ".") } ?? true
    }
}
