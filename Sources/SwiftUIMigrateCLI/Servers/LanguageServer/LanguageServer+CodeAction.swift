import SwiftUIMigrate

/// `textDocument/codeAction`: each rewrite's quick fix, all fixes of the file, all preserving fixes.
extension LanguageServer {
    func codeActions(_ params: CodeActionParams) -> JSONValue {
        guard let uri = params.uri, Self.isSwift(uri),
              let (document, check) = check(uri) else { return .null }
        let lines = DocumentLines(document.text)
        let findings = EditorFindings(uri: uri, lines: lines, encoding: encoding)
        var actions: [JSONValue] = []
        if params.wants("quickfix") {
            let requested = params.range.map { lines.offsets(of: $0, in: encoding) }
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
        if params.wants(EditorFindings.fixAllKind) {
            let preserving = preservingCheck(uri, document: document)
            let edits = EditorFindings.allEdits(preserving.findings)
            if !edits.isEmpty {
                actions.append(findings.action(
                    "\(EditorFindings.source): apply all preserving fixes in this file", kind: EditorFindings.fixAllKind, edits: edits))
            }
        }
        return .array(actions)
    }

    /// The migration of the document with only preserving fixes applied (as `--only preserving`).
    func preservingCheck(_ uri: String, document: OpenDocument) -> DocumentCheck {
        if let made = document.preservingCheck { return made }
        let made = DocumentCheck.run(document.text, setting: setting(document.path, preserving: true))
        documents[uri]?.preservingCheck = made
        return made
    }
}
