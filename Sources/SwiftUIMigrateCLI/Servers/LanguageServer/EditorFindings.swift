import SwiftUIMigrate

/// A document's findings as LSP values: diagnostics, text edits and code actions (JSON objects
/// ready for `JSONObjectWriter`).
struct EditorFindings {
    let uri: String
    let lines: DocumentLines
    let encoding: PositionEncoding

    /// The `source` of every diagnostic.
    static let source = "swiftui-migrate"
    /// The kind of "apply all preserving fixes in this file", which editors run on save
    /// (`source.fixAll`); like ruff's fix-all it never applies a fix that changes behaviour.
    static let fixAllKind = "source.fixAll.swiftui-migrate"

    /// The LSP range of the UTF-8 offsets `range`.
    func place(_ range: Range<Int>) -> LSPRange {
        let start = lines.position(of: range.lowerBound, in: encoding)
        let end = lines.position(of: range.upperBound, in: encoding)
        return LSPRange(startLine: start.line, startCharacter: start.character, endLine: end.line, endCharacter: end.character)
    }

    /// Where the diagnostic of `finding` underlines.
    func place(of finding: Finding) -> LSPRange {
        place(finding.offset..<max(finding.offset, finding.end.offset))
    }

    /// The diagnostic of `finding` underlining `place` (`place(of: finding)`); nil for `keep` (the code is fine as it is).
    func diagnostic(_ finding: Finding, at place: LSPRange) -> JSONValue? {
        guard finding.action != .keep else { return nil }
        var data: [String: JSONValue] = [
            "rule": .string(finding.ruleID), "reasonID": .string(finding.reasonID), "action": .string(finding.action.rawValue),
            "fingerprint": .string(finding.fingerprint),
        ]
        if let safety = finding.safety { data["safety"] = .string(safety.name) }
        return [
            "range": place.json,
            // Rewrites and reports ask for action (warnings, as in Xcode's format); skips say what to check.
            "severity": finding.action.asksForAction ? 2 : 3,
            "code": .string(finding.ruleID),
            "source": .string(Self.source),
            "message": .string(SARIFFormat.messageText(finding)),
            "data": .object(data),
        ]
    }

    /// A diagnostic of `severity` saying `message` at one point of a file (its start unless given), not a finding's.
    static func pointDiagnostic(line: Int = 0, character: Int = 0, severity: Int, message: String) -> JSONValue {
        let position: JSONValue = ["line": .integer(line), "character": .integer(character)]
        return ["range": ["start": position, "end": position], "severity": .integer(severity), "source": .string(source), "message": .string(message)]
    }

    /// The `TextEdit`s of `edits` (UTF-8 ranges of the document and their replacements).
    func textEdits(_ edits: [ByteEdit]) -> JSONValue {
        .array(edits.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { ["range": place($0.range).json, "newText": .string($0.replacement)] })
    }

    /// A code action of `kind` titled `title` whose workspace edit is `edits` of this document.
    func action(_ title: String, kind: String, edits: [ByteEdit], diagnostics: [JSONValue] = [], preferred: Bool = false) -> JSONValue {
        var action: [String: JSONValue] = [
            "title": .string(title), "kind": .string(kind),
            "edit": ["changes": .object([uri: textEdits(edits)])],
        ]
        if !diagnostics.isEmpty { action["diagnostics"] = .array(diagnostics) }
        if preferred { action["isPreferred"] = true }
        return .object(action)
    }

    /// The quick fix of one rewrite, titled with what it does and its safety label.
    func quickFix(_ finding: Finding) -> JSONValue? {
        guard finding.action == .rewrite, !finding.edits.isEmpty else { return nil }
        let label = finding.safety.map { " (\($0.name))" } ?? ""
        return action(
            "\(Self.source): \(finding.message)\(label)", kind: "quickfix", edits: finding.edits,
            diagnostics: diagnostic(finding, at: place(of: finding)).map { [$0] } ?? [], preferred: finding.safety == .preserving)
    }

    /// Every rewrite's edits together: applied at once they give the migrated text (each
    /// finding carries its own non-overlapping part of the whole change).
    static func allEdits(_ findings: [Finding]) -> [ByteEdit] {
        findings.filter { $0.action == .rewrite }.flatMap(\.edits)
    }
}
