import Dispatch
import Foundation
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
    private let channel: MessageChannel
    private let options: MigrationOptions
    private let queue = DispatchQueue(label: "swiftui-migrate.lsp")
    /// Where large documents are checked.
    private let checks = DispatchQueue(label: "swiftui-migrate.lsp.checks", attributes: .concurrent)
    /// Documents larger than this many bytes are checked off the queue.
    static let backgroundSize = 64 * 1024
    /// The check running for each large document, wanted or stopped: one at a time per document, so a
    /// burst of changes never piles up parses (a parse runs to its end even when its check is stopped).
    private var running: [String: CheckJob] = [:]
    /// Code action requests waiting for the check of a large document, by URI.
    private var waiting: [String: [(id: Any, params: [String: Any])]] = [:]
    /// How long after a change the document is checked, so a burst of keystrokes costs one check.
    private let debounce: DispatchTimeInterval

    private var encoding = PositionEncoding.utf16
    private var documents: [String: OpenDocument] = [:]
    /// What each document path decides (with `--only preserving` added for the fix-all); dropped
    /// when a watched file changes, and when the last document of the path is closed.
    private var settings: [SettingKey: Result<RunPlan, any Error>] = [:]
    /// The last setting of each key that could be read: kept while a configuration does not parse
    /// (half-typed), so the editor's diagnostics do not vanish meanwhile.
    private var lastGoodSettings: [SettingKey: RunPlan] = [:]
    /// The keys of `settings` and `lastGoodSettings`, the least recently used first: at most `keptSettings`.
    private var settingUse: [SettingKey] = []
    /// How many paths' settings are kept (a setting holds its module's index): past it, the least recently
    /// used goes, and is made again if its document is checked again.
    static let keptSettings = 64
    /// The configuration files that cannot be used, by URI, each shown as a diagnostic on the file.
    private var configurationProblems: [String: ConfigurationProblem] = [:]
    private var initialized = false
    private var shutdownRequested = false
    private var watchesFiles = false
    private var nextRequestID = 1

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
                channel.send(MessageChannel.error(id: id, code: -32700, message: "parse error: \(problem)"))
                channel.send(["jsonrpc": "2.0", "method": "window/logMessage",
                              "params": ["type": 1, "message": "\(CLI.toolName): a message could not be read: \(problem)"]])
            case .message(let message):
                if message["method"] as? String == "exit" {
                    return queue.sync { shutdownRequested ? 0 : 1 }
                }
                // Handed to the queue and never touched here again.
                nonisolated(unsafe) let message = message
                queue.async { self.handle(message) }
            }
        }
    }

    // MARK: Dispatch

    private func handle(_ message: [String: Any]) {
        guard let method = message["method"] as? String else { return }  // a response to one of our requests
        let params = message["params"] as? [String: Any] ?? [:]
        let id = message["id"]
        if let id {
            guard initialized || method == "initialize" else {
                return channel.send(MessageChannel.error(id: id, code: -32002, message: "the server is not initialized"))
            }
            switch method {
            case "initialize": reply(id, initialize(params))
            case "shutdown":
                shutdownRequested = true
                reply(id, NSNull())
            case "textDocument/codeAction":
                if let uri = Self.uri(params), needsBackgroundCheck(uri, params) {
                    waiting[uri, default: []].append((id, params))
                    startCheck(uri)
                } else {
                    reply(id, codeActions(params))
                }
            default: channel.send(MessageChannel.error(id: id, code: -32601, message: "method not found: \(method)"))
            }
            return
        }
        guard initialized else { return }
        switch method {
        case "initialized": registerWatchedFiles()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles": recheckAll()
        case "$/cancelRequest": cancel(params["id"])
        default: break  // $/setTrace, didChangeConfiguration …: nothing to do
        }
    }

    private func initialize(_ params: [String: Any]) -> [String: Any] {
        initialized = true
        let capabilities = params["capabilities"] as? [String: Any] ?? [:]
        let general = capabilities["general"] as? [String: Any] ?? [:]
        encoding = PositionEncoding.negotiated(offered: general["positionEncodings"] as? [String] ?? [])
        let workspace = capabilities["workspace"] as? [String: Any] ?? [:]
        let watched = workspace["didChangeWatchedFiles"] as? [String: Any] ?? [:]
        watchesFiles = watched["dynamicRegistration"] as? Bool ?? false
        return [
            "capabilities": [
                "positionEncoding": encoding.rawValue,
                "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
                "codeActionProvider": ["codeActionKinds": ["quickfix", EditorFindings.fixAllKind], "resolveProvider": false],
            ],
            "serverInfo": ["name": CLI.toolName, "version": CLI.version],
        ]
    }

    /// Asks the client to report changes to the files that decide findings (when it can).
    private func registerWatchedFiles() {
        guard watchesFiles else { return }
        let watchers = Self.watchedPatterns.map { ["globPattern": $0] }
        send(request: "client/registerCapability", params: [
            "registrations": [["id": "swiftui-migrate-watched-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": ["watchers": watchers]]],
        ])
    }

    // MARK: Documents

    private func didOpen(_ params: [String: Any]) {
        guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
              let text = item["text"] as? String else { return }
        documents[uri] = OpenDocument(path: OpenDocument.path(of: uri), version: item["version"] as? Int ?? 0, text: Array(text.utf8))
        if Self.decidesFindings(uri) { return recheckAll() }
        publish(uri)
    }

    private func didChange(_ params: [String: Any]) {
        guard let identifier = params["textDocument"] as? [String: Any], let uri = identifier["uri"] as? String,
              var document = documents[uri] else { return }
        let changes = params["contentChanges"] as? [[String: Any]] ?? []
        let version = identifier["version"] as? Int ?? document.version + 1
        document.update(text: OpenDocument.applying(changes, to: document.text, encoding: encoding), version: version)
        documents[uri] = document
        queue.asyncAfter(deadline: .now() + debounce) { [self] in
            // Only the last change of a burst is checked.
            guard let current = documents[uri], current.version == version, current.check == nil else { return }
            publish(uri)
        }
    }

    private func didSave(_ params: [String: Any]) {
        guard let uri = Self.uri(params) else { return }
        if Self.decidesFindings(uri) { return recheckAll() }
        // The findings of an unchanged text are already shown; a pending check is made now.
        if let document = documents[uri], document.check == nil { publish(uri) }
    }

    private func didClose(_ params: [String: Any]) {
        guard let uri = Self.uri(params) else { return }
        documents[uri]?.job?.stop()
        let closed = documents.removeValue(forKey: uri)
        let wasLarge = (closed?.text.count ?? 0) > Self.backgroundSize
        // What only this document needed goes with it.
        if let path = closed?.path, !documents.values.contains(where: { $0.path == path }) { forgetSettings(of: path) }
        for request in waiting.removeValue(forKey: uri) ?? [] {
            channel.send(MessageChannel.error(id: request.id, code: -32800, message: "the document was closed"))
        }
        send(notification: "textDocument/publishDiagnostics", params: ["uri": uri, "diagnostics": [Any]()])
        if wasLarge { CheckJob.releaseFreedMemory() }
    }

    /// True for a document whose change can change other documents' findings (a configuration).
    private static func decidesFindings(_ uri: String) -> Bool {
        uri.hasSuffix("/" + Configuration.fileName) || uri.hasSuffix("/Package.swift")
    }

    /// Drops every check and checks every open document again (a configuration, floor or
    /// baseline may have changed).
    private func recheckAll() {
        settings = [:]
        let shown = configurationProblems
        configurationProblems = [:]
        for uri in documents.keys.sorted() {
            documents[uri]?.check = nil
            documents[uri]?.preservingCheck = nil
            // A check running with the old settings is not wanted any more.
            documents[uri]?.job?.stop()
            documents[uri]?.job = nil
            if Self.isSwift(uri) { publish(uri) }
        }
        // A configuration fixed since: its diagnostic goes.
        for uri in shown.keys.sorted() where configurationProblems[uri] == nil {
            send(notification: "textDocument/publishDiagnostics", params: ["uri": uri, "diagnostics": [Any]()])
        }
    }

    private static func isSwift(_ uri: String) -> Bool { uri.hasSuffix(".swift") && !uri.hasSuffix("/Package.swift") }

    /// The check of the document's current text, made now when there is none.
    private func check(_ uri: String) -> (OpenDocument, DocumentCheck)? {
        guard var document = documents[uri] else { return nil }
        if let check = document.check { return (document, check) }
        let check = DocumentCheck.run(document.text, setting: setting(document.path, preserving: false), memory: document.memory)
        document.check = check
        documents[uri] = document
        if let problem = check.problem { log(problem) }
        return (document, check)
    }

    /// Checks the document (when its text changed) and pushes its diagnostics; a large document's
    /// are pushed when its check in the background is done.
    private func publish(_ uri: String) {
        guard Self.isSwift(uri), let document = documents[uri] else { return }
        if document.check == nil && document.text.count > Self.backgroundSize { return startCheck(uri) }
        guard let (document, check) = check(uri) else { return }
        publishDiagnostics(uri, document: document, check: check)
    }

    private func publishDiagnostics(_ uri: String, document: OpenDocument, check: DocumentCheck) {
        let findings = EditorFindings(uri: uri, lines: DocumentLines(document.text), encoding: encoding)
        var diagnostics = document.published.diagnostics(check.findings, findings)
        if let reason = check.skipped {
            diagnostics.append(EditorFindings.pointDiagnostic(severity: 3, message: "not checked: \(reason)"))
        }
        send(notification: "textDocument/publishDiagnostics", params: ["uri": uri, "version": document.version, "diagnostics": diagnostics])
    }

    // MARK: Large documents

    /// True when a code action on `uri` must wait for a check of a large document that is not made yet.
    private func needsBackgroundCheck(_ uri: String, _ params: [String: Any]) -> Bool {
        guard Self.isSwift(uri), let document = documents[uri], document.text.count > Self.backgroundSize else { return false }
        return document.check == nil || (Self.wants(EditorFindings.fixAllKind, params) && document.preservingCheck == nil)
    }

    /// Starts the check of a large document's text in the background, unless one is running (a stopped
    /// one still finishing starts the next when it ends): the check itself, and the preserving one when
    /// a waiting code action asks for the fix-all.
    private func startCheck(_ uri: String) {
        guard var document = documents[uri], document.job == nil, running[uri] == nil else { return }
        let wantsPreserving = document.preservingCheck == nil && (waiting[uri] ?? []).contains { Self.wants(EditorFindings.fixAllKind, $0.params) }
        // Handed to the check's thread and only read there (a setting is not changed once made).
        nonisolated(unsafe) let main = document.check == nil ? setting(document.path, preserving: false) : nil
        nonisolated(unsafe) let preserving = wantsPreserving ? setting(document.path, preserving: true) : nil
        guard main != nil || preserving != nil else { return }
        let job = CheckJob()
        document.job = job
        documents[uri] = document
        running[uri] = job
        let (text, memory) = (document.text, document.memory)
        checks.async { [self] in
            let isStopped: @Sendable () -> Bool = { job.isStopped }
            let made = (
                main.map { DocumentCheck.run(text, setting: $0, memory: memory, isStopped: isStopped, waitsForOverdueParse: true) },
                preserving.map { DocumentCheck.run(text, setting: $0, isStopped: isStopped, waitsForOverdueParse: true) })
            queue.async { self.finish(uri, job: job, check: made.0, preservingCheck: made.1) }
        }
    }

    /// Takes the results of a background check that is still wanted: publishes the diagnostics and
    /// answers the code actions waiting for it.
    private func finish(_ uri: String, job: CheckJob, check: DocumentCheck?, preservingCheck: DocumentCheck?) {
        if running[uri] === job { running[uri] = nil }
        guard var document = documents[uri], document.job === job else {
            // Closed or superseded: its memory goes back, and the latest text (if open) is checked now.
            CheckJob.releaseFreedMemory()
            if let current = documents[uri], current.job == nil, current.check == nil || waiting[uri] != nil { startCheck(uri) }
            return
        }
        document.job = nil
        if let check { document.check = check }
        if let preservingCheck { document.preservingCheck = preservingCheck }
        documents[uri] = document
        if let check {
            if let problem = check.problem { log(problem) }
            publishDiagnostics(uri, document: document, check: check)
        }
        let requests = waiting.removeValue(forKey: uri) ?? []
        for request in requests {
            if needsBackgroundCheck(uri, request.params) {
                waiting[uri, default: []].append(request)
            } else {
                reply(request.id, codeActions(request.params))
            }
        }
        if waiting[uri] != nil { startCheck(uri) }
    }

    /// `$/cancelRequest`: a code action still waiting for its check is answered as cancelled.
    private func cancel(_ id: Any?) {
        guard let id = id as? AnyHashable else { return }
        for (uri, requests) in waiting {
            guard let index = requests.firstIndex(where: { ($0.id as? AnyHashable) == id }) else { continue }
            waiting[uri]?.remove(at: index)
            if waiting[uri]?.isEmpty == true { waiting[uri] = nil }
            return channel.send(MessageChannel.error(id: requests[index].id, code: -32800, message: "request cancelled"))
        }
    }

    private static func uri(_ params: [String: Any]) -> String? {
        (params["textDocument"] as? [String: Any])?["uri"] as? String
    }

    /// True when a code action request asks for actions of `kind` (or for every kind).
    private static func wants(_ kind: String, _ params: [String: Any]) -> Bool {
        guard let only = (params["context"] as? [String: Any])?["only"] as? [String] else { return true }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }

    // MARK: Code actions

    private func codeActions(_ params: [String: Any]) -> Any {
        guard let uri = Self.uri(params), Self.isSwift(uri),
              let (document, check) = check(uri) else { return NSNull() }
        let lines = DocumentLines(document.text)
        let findings = EditorFindings(uri: uri, lines: lines, encoding: encoding)
        var actions: [[String: Any]] = []
        if Self.wants("quickfix", params) {
            let requested = lines.offsets(of: params["range"], in: encoding)
            for finding in check.findings where finding.action == .rewrite {
                let range = finding.offset...max(finding.offset, finding.end.offset)
                guard requested.map({ range.overlaps($0) }) ?? true, let action = findings.quickFix(finding) else { continue }
                actions.append(action)
            }
            let all = EditorFindings.allEdits(check.findings)
            if !all.isEmpty {
                actions.append(findings.action("\(EditorFindings.source): apply all fixes in this file", kind: "quickfix", edits: all))
            }
        }
        if Self.wants(EditorFindings.fixAllKind, params) {
            let preserving = preservingCheck(uri, document: document)
            let edits = EditorFindings.allEdits(preserving.findings)
            if !edits.isEmpty {
                actions.append(findings.action(
                    "\(EditorFindings.source): apply all preserving fixes in this file", kind: EditorFindings.fixAllKind, edits: edits))
            }
        }
        return actions
    }

    /// The migration of the document with only preserving fixes applied (as `--only preserving`).
    private func preservingCheck(_ uri: String, document: OpenDocument) -> DocumentCheck {
        if let made = document.preservingCheck { return made }
        let made = DocumentCheck.run(document.text, setting: setting(document.path, preserving: true))
        documents[uri]?.preservingCheck = made
        return made
    }

    private struct SettingKey: Hashable {
        var path: String
        var preserving: Bool
    }

    /// What `path` decides, found on first use (with `--only preserving` for the fix-all).
    private func setting(_ path: String, preserving: Bool) -> Result<RunPlan, any Error> {
        let key = SettingKey(path: path, preserving: preserving)
        used(key)
        if let known = settings[key] { return known }
        var chosen = options
        if preserving { chosen.only = .preserving }
        var found = Result { try DocumentCheck.setting(path: path, options: chosen) }
        switch found {
        case .success(let setting):
            lastGoodSettings[key] = setting
        case .failure(let error):
            guard let problem = ConfigurationProblem(error) else { break }
            let lastGood = lastGoodSettings[key]
            show(problem, keepsLastGood: lastGood != nil)
            if let lastGood { found = .success(lastGood) }
        }
        settings[key] = found
        return found
    }

    /// Marks `key` as the most recently used, and forgets the least recently used past `keptSettings`.
    private func used(_ key: SettingKey) {
        if let index = settingUse.firstIndex(of: key) { settingUse.remove(at: index) }
        settingUse.append(key)
        while settingUse.count > Self.keptSettings {
            let oldest = settingUse.removeFirst()
            settings[oldest] = nil
            lastGoodSettings[oldest] = nil
        }
    }

    /// Forgets the settings of `path` (its last document was closed).
    private func forgetSettings(of path: String) {
        settingUse.removeAll { $0.path == path }
        for preserving in [false, true] {
            settings[SettingKey(path: path, preserving: preserving)] = nil
            lastGoodSettings[SettingKey(path: path, preserving: preserving)] = nil
        }
    }

    /// Publishes a configuration file's problem on the file and logs it, once for each problem.
    private func show(_ problem: ConfigurationProblem, keepsLastGood: Bool) {
        guard configurationProblems[problem.uri] != problem else { return }
        configurationProblems[problem.uri] = problem
        log("\(problem.path): \(problem.message)\(keepsLastGood ? "; keeping the last configuration that could be read" : "")")
        send(notification: "textDocument/publishDiagnostics", params: [
            "uri": problem.uri, "diagnostics": [problem.diagnostic(keepsLastGood: keepsLastGood)],
        ])
    }

    // MARK: Messages

    private func reply(_ id: Any, _ result: Any) {
        channel.send(MessageChannel.result(id, result))
    }

    private func send(notification method: String, params: [String: Any]) {
        channel.send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private func send(request method: String, params: [String: Any]) {
        nextRequestID += 1
        channel.send(["jsonrpc": "2.0", "id": "swiftui-migrate-\(nextRequestID)", "method": method, "params": params])
    }

    /// A line in the client's log (`window/logMessage`, type log).
    private func log(_ text: String) {
        send(notification: "window/logMessage", params: ["type": 4, "message": "\(CLI.toolName): \(text)"])
    }
}
