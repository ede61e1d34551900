import PlainText

/// The summary as Markdown for a pull-request body (`apply --summary FILE`, `batch --pr-body-dir`, `scan --format
/// markdown`), written for a reviewer who reads it once:
///
/// - one sentence with the counts;
/// - a table of the changes only — the files the change touches, one row per rewrite, with its safety label and
///   what changes at runtime (a file that could not be written says `not written: <why>`);
/// - one line per kind of site left for a person (one reason id), with its count, what it means and what to do;
/// - the full text of every long reason, and where each site left for a person is, in a `<details>` block.
///
/// Cells hold at most ``cellLimit`` characters of a reason, Swift in code spans, Markdown escaped (`MarkdownCell`).
public struct MarkdownSummary: FindingsFormat {
    /// The format (`scan --format markdown`: a preview).
    public init() {}

    public var namesFilesFromRoot: Bool { true }

    public func render(_ files: [FileMigration], _ context: ReportContext) -> String {
        Self.render(files.map { FileSummary(file: $0.file, findings: $0.findings) }, tense: .preview, toolVersion: context.toolVersion)
    }

    /// The most characters of a reason a table cell or list line shows; the rest is in the `<details>` block.
    public static let cellLimit = 160

    /// The most sites the `<details>` block lists, so a huge run still fits GitHub's body limit.
    public static let detailLimit = 200

    /// The summary of `summaries`; `tense` says whether the changes were made or previewed, `toolVersion` (when
    /// given) is named in the first sentence. Kept sites are listed when `summaries` hold any: the callers leave
    /// them out unless `--show-kept` asks for them (`KeptFindings`).
    public static func render(
        _ summaries: [FileSummary], tense: SummaryTense, title: String = "SwiftUI lifecycle migration",
        toolVersion: String? = nil
    ) -> String {
        let changes = summaries.flatMap { summary in
            summary.findings.filter { $0.action == .rewrite }.map { (summary, $0) }
        }
        let written = changes.filter { $0.0.notWritten == nil }
        let left = sites(summaries) { $0 == .skip || $0 == .report }
        let kept = sites(summaries) { $0 == .keep }
        var lines = ["## \(title)", ""]
        lines.append(sentence(
            tense: tense, toolVersion: toolVersion, sites: written.count,
            files: Set(written.map(\.0.file)).count, notWritten: changes.count - written.count, left: left.count))
        if !changes.isEmpty {
            lines += ["", "| File | Line | Rule | Change | Safety | What changes at runtime |", "|---|---:|---|---|---|---|"]
            for (summary, finding) in changes {
                let cells = [
                    MarkdownCell.code(summary.file), "\(finding.line)", MarkdownCell.code(finding.ruleID),
                    MarkdownCell.prose(summary.outcome(of: finding, tense: tense)), FileSummary.label(of: finding),
                    MarkdownCell.prose(MarkdownCell.shortened(FileSummary.reason(of: finding), limit: cellLimit)),
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        if !left.isEmpty {
            lines += ["", "### Left for a person (\(counted(left.count, "site")))", ""]
            lines += kinds(of: left.map(\.finding))
        }
        if !kept.isEmpty {
            lines += ["", "### Kept as they are (\(counted(kept.count, "site")))", ""]
            lines += kinds(of: kept.map(\.finding))
        }
        lines += details(changes: changes, left: left + kept)
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// Each finding of `summaries` whose action `matches`, with the file as the summary names it.
    private static func sites(
        _ summaries: [FileSummary], matching matches: (FindingAction) -> Bool
    ) -> [(file: String, finding: Finding)] {
        summaries.flatMap { summary in summary.findings.filter { matches($0.action) }.map { (summary.file, $0) } }
    }

    /// The opening sentence: what changed and what is left, with counts.
    private static func sentence(
        tense: SummaryTense, toolVersion: String?, sites: Int, files: Int, notWritten: Int, left: Int
    ) -> String {
        let tool = toolVersion.map { "swiftui-migrate \($0)" } ?? "swiftui-migrate"
        var text: String
        if sites == 0 && notWritten == 0 {
            text = "\(tool) found nothing to rewrite"
        } else {
            let verb = tense == .preview ? "would rewrite" : "rewrote"
            text = "\(tool) \(verb) \(counted(sites, "lifecycle site")) in \(counted(files, "file"))"
            if notWritten > 0 { text += "; \(counted(notWritten, "rewrite")) could not be written" }
        }
        text += left == 0 ? ", and left nothing for a person." : "; \(counted(left, "site")) \(left == 1 ? "is" : "are") left for a person."
        return text
    }

    /// One line per kind of site — one reason id — most frequent first, with its count, what the reason means and
    /// what to do about it, from the rule's catalog (`explain RULE` lists the same). Where each site is, with its own
    /// reason, is in the `<details>` block.
    private static func kinds(of findings: [Finding]) -> [String] {
        let sorted = findings.map(SiteKind.init).countsInOrder().enumerated().sorted { first, second in
            let (a, b) = (first.element.count, second.element.count)
            return a != b ? a > b : first.offset < second.offset
        }
        return sorted.map { _, entry in
            let kind = entry.element
            return "- **\(entry.count)** × \(MarkdownCell.code(kind.reasonID)) \(kind.action.summaryWord): " + kind.text
        }
    }

    /// The `<details>` block: every site left for a person with its full reason, and the full text of each change
    /// whose cell was shortened; nothing when there is neither.
    private static func details(changes: [(FileSummary, Finding)], left: [(file: String, finding: Finding)]) -> [String] {
        let long = changes.filter { FileSummary.reason(of: $0.1).count > cellLimit }.map { (file: $0.0.file, finding: $0.1) }
        let entries = left + long
        guard !entries.isEmpty else { return [] }
        var lines = ["", "<details>", "<summary>Where each site is, with the full reasons</summary>", ""]
        for (file, finding) in entries.prefix(detailLimit) {
            lines.append("- \(MarkdownCell.code("\(file):\(finding.line)")) \(MarkdownCell.code(finding.ruleID)) "
                + "\(finding.action == .rewrite ? "rewrite" : finding.action.summaryWord): "
                + MarkdownCell.prose(FileSummary.reason(of: finding)))
        }
        if entries.count > detailLimit {
            lines.append("- … and \(entries.count - detailLimit) more: run `swiftui-migrate scan` to list them all")
        }
        lines += ["", "</details>"]
        return lines
    }
}

/// A kind of site a person looks at: the findings of one reason id (`onappear-task/nested-task`), which fixes the
/// rule and the action.
struct SiteKind: Hashable {
    var reasonID: String
    var action: FindingAction
    /// The catalog's meaning and what to do, as Markdown; the first finding's own reason when the rule's catalog
    /// does not hold the id.
    var text: String

    init(_ finding: Finding) {
        reasonID = finding.reasonID
        action = finding.action
        if let entry = RuleRegistry.rule(id: finding.ruleID)?.reason(withID: finding.reasonID) {
            // The to-do whole; the meaning shortened so the line stays readable (explain has it in full).
            let meaning = MarkdownCell.shortened(entry.generalMeaning, limit: max(60, Self.textLimit - entry.whatToDo.count))
            text = MarkdownCell.prose(meaning) + (meaning.hasSuffix("…") ? " To do: " : ". To do: ")
                + MarkdownCell.prose(entry.whatToDo) + "."
        } else {
            text = MarkdownCell.prose(MarkdownCell.shortened(FileSummary.reason(of: finding), limit: MarkdownSummary.cellLimit))
        }
    }

    /// The most characters of a kind's text, meaning and to-do together.
    static let textLimit = 170

    static func == (lhs: SiteKind, rhs: SiteKind) -> Bool { lhs.reasonID == rhs.reasonID && lhs.action == rhs.action }
    func hash(into hasher: inout Hasher) {
        hasher.combine(reasonID)
        hasher.combine(action)
    }
}
