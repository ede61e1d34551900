/// The per-file summary as Markdown, ready for a pull-request body or `--summary FILE`.
public enum MarkdownSummary {
    /// A heading, one table of counts per file, and one table of findings per file.
    public static func render(_ summaries: [FileSummary], title: String = "swiftui-migrate summary") -> String {
        let files = summaries.filter { !$0.findings.isEmpty }
        var lines = ["## \(title)", ""]
        guard !files.isEmpty else { return (lines + ["No findings.", ""]).joined(separator: "\n") }
        lines.append("| File | Rewritten | Kept | Skipped | Reported |")
        lines.append("|---|---:|---:|---:|---:|")
        for summary in files {
            let counts = FindingAction.allCases.map { String(summary.count($0)) }.joined(separator: " | ")
            lines.append("| `\(MarkdownCell.escape(summary.file))` | \(counts) |")
        }
        for summary in files {
            lines.append("")
            lines.append("### `\(MarkdownCell.escape(summary.file))`")
            lines.append("")
            lines.append("| Line | Rule | Action | Safety | Reason |")
            lines.append("|---:|---|---|---|---|")
            for finding in summary.findings {
                let cells = [
                    "\(finding.line)", "`\(finding.ruleID)`", finding.action.summaryWord,
                    FileSummary.label(of: finding), MarkdownCell.escape(FileSummary.reason(of: finding)),
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }
}
