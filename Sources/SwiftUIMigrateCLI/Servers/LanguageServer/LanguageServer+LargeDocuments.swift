import Dispatch
import SwiftUIMigrate

/// Large documents, checked off the queue; `$/cancelRequest` of a code action waiting for one.
extension LanguageServer {
    /// True when a code action on `uri` must wait for a check of a large document that is not made yet.
    func needsBackgroundCheck(_ uri: String, _ params: CodeActionParams) -> Bool {
        guard Self.isSwift(uri), let document = documents[uri], document.text.count > Self.backgroundSize else { return false }
        return document.check == nil || (params.wants(EditorFindings.fixAllKind) && document.preservingCheck == nil)
    }

    /// Starts the check of a large document's text in the background, unless one is running (a stopped
    /// one still finishing starts the next when it ends): the check itself, and the preserving one when
    /// a waiting code action asks for the fix-all.
    func startCheck(_ uri: String) {
        guard var document = documents[uri], document.job == nil, running[uri] == nil else { return }
        let wantsPreserving = document.preservingCheck == nil && (waiting[uri] ?? []).contains { $0.params.wants(EditorFindings.fixAllKind) }
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
    func finish(_ uri: String, job: CheckJob, check: DocumentCheck?, preservingCheck: DocumentCheck?) {
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
    func cancel(_ id: JSONValue?) {
        guard let id else { return }
        for (uri, requests) in waiting {
            guard let index = requests.firstIndex(where: { $0.id == id }) else { continue }
            waiting[uri]?.remove(at: index)
            if waiting[uri]?.isEmpty == true { waiting[uri] = nil }
            return channel.send(Message.error(id: requests[index].id, code: -32800, message: "request cancelled"))
        }
    }
}
