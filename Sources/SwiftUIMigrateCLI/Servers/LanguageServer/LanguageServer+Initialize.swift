import Dispatch
import Foundation
import SwiftUIMigrate

/// `initialize`: the capabilities the server and the client agree on; `initialized`: the watched files.
extension LanguageServer {
    func initialize(_ params: [String: Any]) -> [String: Any] {
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
    func registerWatchedFiles() {
        guard watchesFiles else { return }
        let watchers = Self.watchedPatterns.map { ["globPattern": $0] }
        send(request: "client/registerCapability", params: [
            "registrations": [["id": "swiftui-migrate-watched-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": ["watchers": watchers]]],
        ])
    }
}
