import SwiftUIMigrate

/// The per-file summary on standard error once the run is done (`diff`, `apply --stdin-filepath`): the table in
/// `tense`, kept findings counted in one line unless shown (`KeptFindings`).
final class SummarySink: RunSink {
    private let tense: SummaryTense
    private let showsKept: Bool
    private let console: Console
    private var summaries: [FileSummary] = []
    /// How many files the migration changes.
    private(set) var changedFiles = 0

    init(_ tense: SummaryTense, showsKept: Bool, console: Console) {
        self.tense = tense
        self.showsKept = showsKept
        self.console = console
    }

    func take(_ outcomes: [FileOutcome]) {
        summaries += ApplyRun.summaries(outcomes).filter { !$0.findings.isEmpty }
        changedFiles += outcomes.count { $0.migration?.changed == true }
    }

    func finish() { console.status(KeptFindings.summaryTable(summaries, tense: tense, shown: showsKept)) }
}
