import Dispatch
import SwiftUIMigrate

/// `swiftui-migrate lsp`: a Language Server Protocol 3.17 server over stdio.
///
/// Diagnostics are pushed (`textDocument/publishDiagnostics`) for every open document when it
/// opens, a short while after it last changed (debounced), and when a configuration changes;
/// they come from the unsaved text, run exactly as `scan --stdin-filepath` runs it. Code actions
/// offer each rewrite as a quick fix, all fixes of the file, and all preserving fixes
/// (`source.fixAll.swiftui-migrate`). The server never writes a file.
///
/// Messages are read on the calling thread and handled in order on one serial queue, which owns
/// all state. A document up to `backgroundSize` is checked there too, so a request is answered from
/// the latest text; a larger one is checked off that queue (`CheckJob`), so every other request is
/// answered meanwhile: a newer text stops its check, a code action on it waits for the check of its
/// latest text (or `$/cancelRequest`), and a document past the size or time budget (`maxFileSize`,
/// `fileTimeout`) or too deeply nested to parse (`NestingDepth`) gets one diagnostic saying it was not
/// checked. A check on the queue past its time budget is answered so when the budget is spent, its
/// parse left to end on its own, so a slow small document holds up the others for at most the budget.
final class LanguageServer: @unchecked Sendable {
    // Unchecked: every mutable property is touched only on `queue`.
    let channel: MessageChannel
    let options: MigrationOptions
    let queue = DispatchQueue(label: "swiftui-migrate.lsp")
    /// Where large documents are checked.
    let checks = DispatchQueue(label: "swiftui-migrate.lsp.checks", attributes: .concurrent)
    /// Documents larger than this many bytes are checked off the queue.
    static let backgroundSize = 64 * 1024
    /// The check running for each large document, wanted or stopped: one at a time per document, so a
    /// burst of changes never piles up parses (a parse runs to its end even when its check is stopped).
    var running: [String: CheckJob] = [:]
    /// Code action requests waiting for the check of a large document, by URI.
    var waiting: [String: [(id: JSONValue, params: CodeActionParams)]] = [:]
    /// How long after a change the document is checked, so a burst of keystrokes costs one check.
    let debounce: DispatchTimeInterval

    var encoding = PositionEncoding.utf16
    var documents: [String: OpenDocument] = [:]
    /// What each document path decides (with `--only preserving` added for the fix-all); dropped
    /// when a watched file changes, and when the last document of the path is closed.
    var settings: [SettingKey: Result<RunPlan, any Error>] = [:]
    /// The last setting of each key that could be read: kept while a configuration does not parse
    /// (half-typed), so the editor's diagnostics do not vanish meanwhile.
    var lastGoodSettings: [SettingKey: RunPlan] = [:]
    /// The keys of `settings` and `lastGoodSettings`, the least recently used first: at most `keptSettings`.
    var settingUse: [SettingKey] = []
    /// How many paths' settings are kept (a setting holds its module's index): past it, the least recently
    /// used goes, and is made again if its document is checked again.
    static let keptSettings = 64
    /// The configuration files that cannot be used, by URI, each shown as a diagnostic on the file.
    var configurationProblems: [String: ConfigurationProblem] = [:]
    var initialized = false
    var shutdownRequested = false
    var watchesFiles = false
    var nextRequestID = 1

    /// The files whose change can change a document's findings: configuration, floor, baseline.
    static let watchedPatterns = ["**/.swiftui-migrate.json", "**/Package.swift", "**/*.xcconfig", "**/project.pbxproj", "**/*baseline*.json"]

    init(channel: MessageChannel, options: MigrationOptions, debounce: DispatchTimeInterval = .milliseconds(25)) {
        self.channel = channel
        self.options = options
        self.debounce = debounce
    }

    /// Serves until `exit` or the end of the input; the exit status the protocol asks for
    /// (0 after `shutdown`, else 1).
    func serve() -> Int32 {
        while true {
            switch channel.receive() {
            case .end:
                return queue.sync { shutdownRequested ? 0 : 1 }
            case .unreadable(let problem, let id):
                // Answered per JSON-RPC (a parse error, with the request's id when it could be read) and logged;
                // the channel reads on from the next header.
                channel.send(Message.error(id: id, code: -32700, message: "parse error: \(problem)"))
                channel.send(Message.notification("window/logMessage", [
                    "type": 1, "message": .string("\(CLI.toolName): a message could not be read: \(problem)"),
                ]))
            case .message(let message):
                if message.method == "exit" {
                    return queue.sync { shutdownRequested ? 0 : 1 }
                }
                queue.async { self.handle(message) }
            }
        }
    }

    // MARK: Dispatch

    func handle(_ message: Message) {
        guard let method = message.method else { return }  // a response to one of our requests
        let params = message.params
        if let id = message.id {
            guard initialized || method == "initialize" else {
                return channel.send(Message.error(id: id, code: -32002, message: "the server is not initialized"))
            }
            switch method {
            case "initialize": reply(id, initialize(InitializeParams(params)))
            case "shutdown":
                shutdownRequested = true
                reply(id, .null)
            case "textDocument/codeAction":
                let params = CodeActionParams(params)
                if let uri = params.uri, needsBackgroundCheck(uri, params) {
                    waiting[uri, default: []].append((id, params))
                    startCheck(uri)
                } else {
                    reply(id, codeActions(params))
                }
            default: channel.send(Message.error(id: id, code: -32601, message: "method not found: \(method)"))
            }
            return
        }
        guard initialized else { return }
        switch method {
        case "initialized": registerWatchedFiles()
        case "textDocument/didOpen": DidOpenParams(params).map(didOpen)
        case "textDocument/didChange": DidChangeParams(params).map(didChange)
        case "textDocument/didSave": didSave(CodeActionParams(params).uri)
        case "textDocument/didClose": didClose(CodeActionParams(params).uri)
        case "workspace/didChangeWatchedFiles": recheckAll()
        case "$/cancelRequest": cancel(params["id"])
        default: break  // $/setTrace, didChangeConfiguration …: nothing to do
        }
    }

    // MARK: Messages

    func reply(_ id: JSONValue, _ result: JSONValue) {
        channel.send(Message.result(id, result))
    }

    func send(notification method: String, params: JSONValue) {
        channel.send(Message.notification(method, params))
    }

    func send(request method: String, params: JSONValue) {
        nextRequestID += 1
        channel.send(["jsonrpc": "2.0", "id": .string("swiftui-migrate-\(nextRequestID)"), "method": .string(method), "params": params])
    }

    /// A line in the client's log (`window/logMessage`, type log).
    func log(_ text: String) {
        send(notification: "window/logMessage", params: ["type": 4, "message": .string("\(CLI.toolName): \(text)")])
    }
}
