import Foundation
import SwiftUIMigrate

/// A document the editor has open: its latest text and the check of that text, if made.
struct OpenDocument {
    /// The path the document stands for (its `file:` URI's path), which need not exist.
    var path: String
    var version: Int
    var text: [UInt8]
    /// The check of `text`; nil when the text changed since (or was never checked).
    var check: DocumentCheck?
    /// The "preserving fixes only" migration of `text`, made when a fix-all is asked for.
    var preservingCheck: DocumentCheck?
    /// The check of a large document's text running in the background, if any.
    var job: CheckJob?
    /// What the last check of the document left (kept when the text changes): the next check parses
    /// incrementally from it and checks only the top-level items that changed.
    let memory = CheckMemory()
    /// The diagnostics last published for the document, written: those of the findings the next
    /// check gives again are not written again.
    let published = PublishedDiagnostics()

    /// Replaces the text; the checks of the old text are dropped (a running one stopped), so only a
    /// changed text is parsed again.
    mutating func update(text newText: [UInt8], version newVersion: Int) {
        version = newVersion
        guard newText != text else { return }
        text = newText
        check = nil
        preservingCheck = nil
        job?.stop()
        job = nil
    }

    /// The path of the document at `uri`: a `file:` URI's path, else a name in the current folder.
    static func path(of uri: String) -> String {
        if let url = URL(string: uri), url.isFileURL { return url.path }
        let name = uri.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? "untitled"
        return FileManager.default.currentDirectoryPath + "/" + (name.hasSuffix(".swift") ? name : name + ".swift")
    }

    /// `text` with the LSP content changes applied in order: a change without a range is the
    /// whole text; one with a range replaces that part.
    static func applying(_ changes: [DidChangeParams.ContentChange], to text: [UInt8], encoding: PositionEncoding) -> [UInt8] {
        var result = text
        for change in changes {
            guard let changed = change.range else {
                result = Array(change.text.utf8)
                continue
            }
            let range = DocumentLines(result).offsets(of: changed, in: encoding)
            result.replaceSubrange(range.lowerBound..<range.upperBound, with: Array(change.text.utf8))
        }
        return result
    }
}
