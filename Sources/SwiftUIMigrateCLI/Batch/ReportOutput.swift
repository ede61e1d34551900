import AtomicFiles
import SwiftUIMigrate

/// Writes a batch report where `--report` and `--summary` ask (`-` is standard output) and the table on stderr:
/// the ending `batch` and `report merge` share.
struct ReportOutput {
    let console: Console

    /// Refuses, before any work, a `--report` or `--summary` path that cannot be written.
    static func check(reportPath: String?, summaryPath: String?) throws {
        try OutputPath.checkFile(reportPath, option: "report")
        try OutputPath.checkFile(summaryPath, option: "summary")
    }

    /// Prints the table, then writes the JSON to `reportPath` and the Markdown to `summaryPath` when given.
    func write(_ report: BatchReport, reportPath: String?, summaryPath: String?) throws {
        console.status(BatchTable.render(report))
        if let reportPath { try write(try JSONText.encode(report), to: reportPath, what: "report") }
        if let summaryPath { try write(BatchSummary.render(report), to: summaryPath, what: "summary") }
    }

    private func write(_ text: String, to path: String, what: String) throws {
        if path == "-" {
            console.write(text)
            return
        }
        do {
            try AtomicFileWrite.write(Array(text.utf8), to: path, expecting: nil)
        } catch {
            throw CommandError("cannot write the \(what) to \(path): \(error)")
        }
    }
}
