import Dispatch
import SwiftUIMigrate

/// `textDocument/didOpen`, `didChange`, `didSave`, `didClose` and `workspace/didChangeWatchedFiles`: the open documents, checked and their diagnostics pushed.
extension LanguageServer {
    func didOpen(_ params: DidOpenParams) {
        let uri = params.uri
        documents[uri] = OpenDocument(path: OpenDocument.path(of: uri), version: params.version, text: Array(params.text.utf8))
        if Self.decidesFindings(uri) { return recheckAll() }
        publish(uri)
    }

    func didChange(_ params: DidChangeParams) {
        let uri = params.uri
        guard var document = documents[uri] else { return }
        let version = params.version ?? document.version + 1
        document.update(text: OpenDocument.applying(params.changes, to: document.text, encoding: encoding), version: version)
        documents[uri] = document
        queue.asyncAfter(deadline: .now() + debounce) { [self] in
            // Only the last change of a burst is checked.
            guard let current = documents[uri], current.version == version, current.check == nil else { return }
            publish(uri)
        }
    }

    func didSave(_ uri: String?) {
        guard let uri else { return }
        if Self.decidesFindings(uri) { return recheckAll() }
        // The findings of an unchanged text are already shown; a pending check is made now.
        if let document = documents[uri], document.check == nil { publish(uri) }
    }

    func didClose(_ uri: String?) {
        guard let uri else { return }
        documents[uri]?.job?.stop()
        let closed = documents.removeValue(forKey: uri)
        let wasLarge = (closed?.text.count ?? 0) > Self.backgroundSize
        // What only this document needed goes with it.
        if let path = closed?.path, !documents.values.contains(where: { $0.path == path }) { forgetSettings(of: path) }
        for request in waiting.removeValue(forKey: uri) ?? [] {
            channel.send(Message.error(id: request.id, code: -32800, message: "the document was closed"))
        }
        send(notification: "textDocument/publishDiagnostics", params: ["uri": .string(uri), "diagnostics": []])
        if wasLarge { CheckJob.releaseFreedMemory() }
    }

    /// True for a document whose change can change other documents' findings (a configuration).
    static func decidesFindings(_ uri: String) -> Bool {
        uri.hasSuffix("/" + Configuration.fileName) || uri.hasSuffix("/Package.swift")
    }

    /// Drops every check and checks every open document again (a configuration, floor or
    /// baseline may have changed).
    func recheckAll() {
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
            send(notification: "textDocument/publishDiagnostics", params: ["uri": .string(uri), "diagnostics": []])
        }
    }

    static func isSwift(_ uri: String) -> Bool { uri.hasSuffix(".swift") && !uri.hasSuffix("/Package.swift") }

    /// The check of the document's current text, made now when there is none.
    func check(_ uri: String) -> (OpenDocument, DocumentCheck)? {
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
    func publish(_ uri: String) {
        guard Self.isSwift(uri), let document = documents[uri] else { return }
        if document.check == nil && document.text.count > Self.backgroundSize { return startCheck(uri) }
        guard let (document, check) = check(uri) else { return }
        publishDiagnostics(uri, document: document, check: check)
    }

    func publishDiagnostics(_ uri: String, document: OpenDocument, check: DocumentCheck) {
        let findings = EditorFindings(uri: uri, lines: DocumentLines(document.text), encoding: encoding)
        var diagnostics = document.published.diagnostics(check.findings, findings)
        if let reason = check.skipped {
            diagnostics.append(EditorFindings.pointDiagnostic(severity: 3, message: "not checked: \(reason)"))
        }
        send(notification: "textDocument/publishDiagnostics", params: [
            "uri": .string(uri), "version": .integer(document.version), "diagnostics": .array(diagnostics),
        ])
    }
}
