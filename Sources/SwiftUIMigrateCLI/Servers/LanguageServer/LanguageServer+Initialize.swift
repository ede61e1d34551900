import SwiftUIMigrate

/// `initialize`: the capabilities the server and the client agree on; `initialized`: the watched files.
extension LanguageServer {
    func initialize(_ params: InitializeParams) -> JSONValue {
        initialized = true
        encoding = PositionEncoding.negotiated(offered: params.positionEncodings)
        watchesFiles = params.watchesFiles
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": false]],
                "codeActionProvider": ["codeActionKinds": ["quickfix", .string(EditorFindings.fixAllKind)], "resolveProvider": false],
            ],
            "serverInfo": ["name": .string(CLI.toolName), "version": .string(CLI.version)],
        ]
    }

    /// Asks the client to report changes to the files that decide findings (when it can).
    func registerWatchedFiles() {
        guard watchesFiles else { return }
        let watchers = JSONValue.array(Self.watchedPatterns.map { ["globPattern": .string($0)] })
        send(request: "client/registerCapability", params: [
            "registrations": [["id": "swiftui-migrate-watched-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": ["watchers": watchers]]],
        ])
    }
}
