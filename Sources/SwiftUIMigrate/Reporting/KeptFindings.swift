import PlainText

/// Which findings a person reads: `keep` findings (code left as it is on purpose) ask nothing of
/// anyone, so the text formats, SARIF, the per-file summary and pull-request bodies leave them
/// out unless `--show-kept` (or `showKept` in the configuration) asks for them, and one line
/// counts them. JSON carries every finding whatever this says.
///
/// A run's value, made once at its end from the findings it met; what a person reads of a file before then
/// depends only on whether they are shown (`visible`).
public struct KeptFindings: Sendable {
    /// True to list the kept findings.
    public let shown: Bool
    /// How many kept findings the run left out.
    public let hiddenCount: Int

    /// The kept findings of a run that met `findings`.
    public init(_ findings: some Sequence<Finding>, shown: Bool) {
        self.shown = shown
        hiddenCount = shown ? 0 : findings.count { $0.action == .keep }
    }

    /// `findings` as a person reads them: without the kept ones unless they are `shown`.
    public static func visible(_ findings: [Finding], shown: Bool) -> [Finding] {
        shown ? findings : findings.filter { $0.action != .keep }
    }

    /// `summaries` with their findings as a person reads them.
    public static func visible(_ summaries: [FileSummary], shown: Bool) -> [FileSummary] {
        var visibleSummaries = summaries
        for index in summaries.indices { visibleSummaries[index].findings = visible(summaries[index].findings, shown: shown) }
        return visibleSummaries
    }

    /// `migrations` with their findings as a person reads them (the texts, and so every edit, unchanged).
    public static func visible(_ migrations: [FileMigration], shown: Bool) -> [FileMigration] {
        var visibleMigrations = migrations
        for index in migrations.indices { visibleMigrations[index].findings = visible(migrations[index].findings, shown: shown) }
        return visibleMigrations
    }

    /// The per-file summary of a run whose files are `summaries` as a person reads it: the table without the kept
    /// findings unless they are `shown` (and then without its kept column), followed by the line counting those left
    /// out.
    public static func summaryTable(_ summaries: [FileSummary], tense: SummaryTense = .applied, shown: Bool) -> String {
        let table = SummaryTable.render(visible(summaries, shown: shown), tense: tense, showsKept: shown)
        return KeptFindings(summaries.lazy.flatMap(\.findings), shown: shown).countLine.map { table + $0 + "\n" } ?? table
    }

    /// The line that ends a run which left kept findings out, nil when it left none out:
    /// `41 sites checked and left as they are (--show-kept lists them)`.
    public var countLine: String? {
        guard hiddenCount > 0 else { return nil }
        return "\(counted(hiddenCount, "site")) checked and left as \(hiddenCount == 1 ? "it is" : "they are") (--show-kept lists \(hiddenCount == 1 ? "it" : "them"))"
    }
}
