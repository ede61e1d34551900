import SwiftUIMigrate

/// The diagnostics last published for a document, each written as JSON, by what it shows: a
/// finding the next check gives again (one in a top-level item the change did not touch, which the
/// engine recalls), underlining the same line and characters, is sent as the bytes written for it
/// before, not built and written again. It holds the diagnostics of one publish, so its size follows the document's findings.
final class PublishedDiagnostics {
    private var written: [Key: JSONValue] = [:]
    /// How many diagnostics of the last publish were copied from the one before.
    private(set) var reused = 0

    /// What a diagnostic is written from: a finding without what it does not show — its file, its
    /// offsets and edits, which move with every byte typed above it — and the place it underlines
    /// (which its UTF-8 offsets alone do not fix in UTF-16). Hashed once: looked up, then kept.
    private struct Key: Hashable {
        let shown: Finding
        let place: LSPRange
        private let hash: Int

        init(_ finding: Finding, _ place: LSPRange) {
            var shown = finding
            (shown.file, shown.line, shown.column, shown.offset, shown.edits) = ("", 0, 0, 0, [])
            shown.end = SourcePoint(line: 0, column: 0, offset: 0)
            (self.shown, self.place) = (shown, place)
            var hasher = Hasher()
            hasher.combine(shown)
            hasher.combine(place)
            hash = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.hash == rhs.hash && lhs.place == rhs.place && lhs.shown == rhs.shown }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// The diagnostics of `findings` as `editor` writes them (`keep`s have none), in order, and
    /// remembered for the next publish in place of the last one's.
    func diagnostics(_ findings: [Finding], _ editor: EditorFindings) -> [JSONValue] {
        var next: [Key: JSONValue] = [:]
        next.reserveCapacity(findings.count)
        var diagnostics: [JSONValue] = []
        diagnostics.reserveCapacity(findings.count)
        reused = 0
        for finding in findings where finding.action != .keep {
            let key = Key(finding, editor.place(of: finding))
            if let known = written[key] {
                reused += 1
                next[key] = known
                diagnostics.append(known)
                continue
            }
            guard let diagnostic = editor.diagnostic(key.shown, at: key.place) else { continue }
            let fragment = JSONValue.written(JSONObjectWriter.data(diagnostic))
            next[key] = fragment
            diagnostics.append(fragment)
        }
        written = next
        return diagnostics
    }
}
