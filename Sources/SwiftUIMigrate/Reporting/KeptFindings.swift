/// Which findings a person reads: `keep` findings (code left as it is on purpose) ask nothing of
/// anyone, so the text formats, SARIF, the per-file summary and pull-request bodies leave them
/// out unless `--show-kept` (or `showKept` in the configuration) asks for them, and one line
/// counts them. JSON carries every finding whatever this says.
public struct KeptFindings: Sendable {
    /// True to list the kept findings.
    public var shown: Bool
    /// How many kept findings `filter` has left out so far.
    public private(set) var hiddenCount = 0

    public init(shown: Bool) {
        self.shown = shown
    }

    /// `findings` as a person reads them: without the kept ones unless they are shown (counting those left out).
    public mutating func filter(_ findings: [Finding]) -> [Finding] {
        guard !shown else { return findings }
        let kept = findings.filter { $0.action == .keep }.count
        guard kept > 0 else { return findings }
        hiddenCount += kept
        return findings.filter { $0.action != .keep }
    }

    /// `summaries` with their findings filtered.
    public mutating func filter(_ summaries: [FileSummary]) -> [FileSummary] {
        summaries.map { summary in
            var shownSummary = summary
            shownSummary.findings = filter(summary.findings)
            return shownSummary
        }
    }

    /// The per-file summary of `summaries` as a person reads it: the table without the kept findings unless they are
    /// shown (and then without its kept column), followed by the line counting those left out so far.
    public mutating func summaryTable(_ summaries: [FileSummary], tense: SummaryTense = .applied) -> String {
        let table = SummaryTable.render(filter(summaries), tense: tense, showsKept: shown)
        return countLine.map { table + $0 + "\n" } ?? table
    }

    /// `migrations` with their findings filtered (the texts, and so every edit, unchanged).
    public mutating func filter(_ migrations: [FileMigration]) -> [FileMigration] {
        migrations.map { migration in
            var shownMigration = migration
            shownMigration.findings = filter(migration.findings)
            return shownMigration
        }
    }

    /// The line that ends a run which left kept findings out, nil when it left none out:
    /// `41 sites checked and left as they are (--show-kept lists them)`.
    public var countLine: String? {
        guard hiddenCount > 0 else { return nil }
        let sites = hiddenCount == 1 ? "1 site" : "\(hiddenCount) sites"
        return "\(sites) checked and left as \(hiddenCount == 1 ? "it is" : "they are") (--show-kept lists \(hiddenCount == 1 ? "it" : "them"))"
    }
}
