import Foundation
import SwiftUIMigrate

/// A batch report as Markdown (`--summary FILE`): totals, one table row per repository, counts per rule, and the
/// failures with their errors — ready for a tracking issue or a CI job summary.
enum BatchSummary {
    static func render(_ report: BatchReport) -> String {
        var lines = ["## swiftui-migrate batch (\(report.mode))", "", BatchTable.totalsLine(report), ""]
        guard !report.repositories.isEmpty else { return (lines + ["No repositories.", ""]).joined(separator: "\n") }
        lines.append("| Repository | Status | Files changed | Rewritten | Kept | Skipped | Reported | Branch | Commit |")
        lines.append("|---|---|---:|---:|---:|---:|---:|---|---|")
        for result in report.repositories {
            let cells = [
                "`\(MarkdownCell.escape(result.name))`", result.status.rawValue, "\(result.filesChanged)",
                "\(result.actions.rewrite)", "\(result.actions.keep)", "\(result.actions.skip)", "\(result.actions.report)",
                result.branch.map { "`\(MarkdownCell.escape($0))`" } ?? "", result.commit.map { "`\($0.prefix(7))`" } ?? "",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        if !report.totals.rules.isEmpty {
            lines += ["", "### Findings per rule", "", "| Rule | Rewritten | Kept | Skipped | Reported |", "|---|---:|---:|---:|---:|"]
            for (rule, counts) in report.totals.rules.sorted(by: { $0.key < $1.key }) {
                lines.append("| `\(rule)` | \(counts.rewrite) | \(counts.keep) | \(counts.skip) | \(counts.report) |")
            }
        }
        let failed = report.repositories.filter { $0.status == .failed || $0.status == .timedOut }
        if !failed.isEmpty {
            lines += ["", "### Failed", ""]
            for result in failed { lines.append("- `\(MarkdownCell.escape(result.name))`: \(MarkdownCell.escape(result.error ?? "unknown error"))") }
        }
        let skipped = report.repositories.filter { $0.status == .skipped }
        if !skipped.isEmpty {
            lines += ["", "### Skipped", ""]
            for result in skipped { lines.append("- `\(MarkdownCell.escape(result.name))`: \(MarkdownCell.escape(result.reason ?? ""))") }
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }
}
