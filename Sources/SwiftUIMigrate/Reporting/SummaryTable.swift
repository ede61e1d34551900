/// The per-file summary as an aligned plain-text table, printed on stderr.
///
/// ```
/// Sources/App/ContentView.swift  rewritten 1  skipped 1  reported 0
///   12:9   group-lifecycle  rewritten  behavior-change  runs once per appearance …
/// ```
public enum SummaryTable {
    /// The table for `summaries` (files without findings are left out), ending with a totals line; `tense` says
    /// whether rewrites were made (`rewritten`) or previewed (`would rewrite`). The `kept` counts are columns only
    /// when `showsKept`: a run that left its kept findings out counts them in one line of its own, and a column
    /// saying `kept 0` there would be untrue.
    public static func render(_ summaries: [FileSummary], tense: SummaryTense = .applied, showsKept: Bool) -> String {
        let actions = FindingAction.allCases.filter { showsKept || $0 != .keep }
        let files = summaries.filter { !$0.findings.isEmpty }
        guard !files.isEmpty else { return "no findings\n" }
        let nameWidth = files.map(\.file.count).max() ?? 0
        let allFindings = files.flatMap(\.findings)
        let positionWidth = allFindings.map { "\($0.line):\($0.column)".count }.max() ?? 0
        let ruleWidth = allFindings.map(\.ruleID.count).max() ?? 0
        let actionWidth = files.flatMap { file in file.findings.map { file.outcome(of: $0, tense: tense).count } }.max() ?? 0
        let labelWidth = allFindings.map { FileSummary.label(of: $0).count }.max() ?? 0
        var lines: [String] = []
        for summary in files {
            let counts = actions.map { "\(summary.countWord($0, tense: tense)) \(summary.count($0))" }
                .joined(separator: "  ")
            lines.append(pad(summary.file, nameWidth) + "  " + counts)
            for finding in summary.findings {
                let cells = [
                    pad("\(finding.line):\(finding.column)", positionWidth),
                    pad(finding.ruleID, ruleWidth),
                    pad(summary.outcome(of: finding, tense: tense), actionWidth),
                    pad(FileSummary.label(of: finding), labelWidth),
                    FileSummary.reason(of: finding),
                ]
                lines.append("  " + cells.joined(separator: "  "))
            }
        }
        var totals = actions.map { action in
            "\(tense.word(for: action)) \(files.reduce(0) { $0 + (action == .rewrite && $1.notWritten != nil ? 0 : $1.count(action)) })"
        }
        let notWritten = files.reduce(0) { $0 + ($1.notWritten == nil ? 0 : $1.count(.rewrite)) }
        if notWritten > 0 { totals.insert("not written \(notWritten)", at: 1) }
        lines.append("\(files.count) file\(files.count == 1 ? "" : "s") with findings: " + totals.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
