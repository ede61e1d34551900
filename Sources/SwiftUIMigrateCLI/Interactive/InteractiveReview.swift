import Foundation
import SwiftUIMigrate

/// `--interactive` for `apply` and `diff`: asks about each fix of a finished run, records
/// the rejected ones in the baseline, and re-runs the engine so the outcome holds exactly
/// the accepted fixes — what `apply` then writes, stages or commits and what `diff` prints.
///
/// Applying a subset re-uses the engine instead of splicing edits by hand: the re-run's
/// `decline` turns down every fix that was not accepted, so accepted fixes that overlap are
/// still applied over several passes, the result is re-parsed like any run (a syntax error
/// leaves the file unchanged), and fixes that only appear once an accepted one is applied
/// are left for the next review rather than applied unseen.
struct InteractiveReview {
    let terminal: any ReviewTerminal
    let presenter: HunkPresenter
    let baseline: RejectionBaseline
    let console: Console

    /// A review on the controlling terminal for a run over `paths`; throws (exit 2) when
    /// there is no terminal. Colors follow `color` (`diff --color`; `auto` on the terminal);
    /// rejections go to `baselinePath` (`--baseline`), else the default baseline when
    /// `writesDefaultBaseline`.
    static func onTerminal(
        color choice: ColorChoice = .auto, baselinePath: String?, paths: [String], writesDefaultBaseline: Bool,
        console: Console
    ) throws -> InteractiveReview {
        let terminal = try ControllingTerminal()
        let color = choice.enabled(environment: ProcessInfo.processInfo.environment, isTerminal: true)
        let baseline = try RejectionBaseline(
            explicit: baselinePath, firstPath: paths.first ?? ".", writesDefault: writesDefaultBaseline)
        return InteractiveReview(terminal: terminal, presenter: HunkPresenter(color: color), baseline: baseline, console: console)
    }

    /// Reviews the fixes of `outcomes` (made by `engine`) and returns the outcomes with only
    /// the accepted fixes applied.
    func run(_ outcomes: [FileOutcome], engine: MigrationEngine) throws -> [FileOutcome] {
        let absolutePaths = Dictionary(
            outcomes.map { ($0.file.displayPath, baseline.absolutePath(of: $0.file)) }, uniquingKeysWith: { first, _ in first })
        let session = ReviewSession(terminal: terminal, presenter: presenter)
        let decisions = try session.review(outcomes.compactMap(\.migration)) { finding in
            baseline.contains(finding, absolutePath: absolutePaths[finding.file] ?? finding.file)
        }
        try baseline.record(decisions.rejected.map { ($0, absolutePaths[$0.file] ?? $0.file) })
        terminal.write("\n" + decisions.tally + "\n" + recordedLine(decisions))

        var reviewed = engine
        let earlier = engine.decide
        reviewed.decide = { finding in
            if let decision = earlier?(finding), decision != .allow { return decision }
            return decisions.declineReason(finding).map { .decline($0) } ?? .allow
        }
        return RunPlan.rerun(outcomes, engine: reviewed).enumerated().map { index, again in
            if let error = again.migration?.internalError, outcomes[index].migration?.internalError == nil {
                console.warning("internal error in \(again.file.displayPath): \(error); the file is left unchanged")
            }
            return again
        }
    }

    /// Where the rejections went, or why they were not recorded.
    private func recordedLine(_ decisions: ReviewDecisions) -> String {
        guard !decisions.rejected.isEmpty else { return "" }
        guard let path = baseline.path else {
            return "rejections not recorded: a bare repository has no work tree; name a file with --baseline\n"
        }
        if baseline.writes { return "rejections recorded in \(path)\n" }
        return "rejections not recorded (this mode writes no file); name a baseline with --baseline to keep them\n"
    }
}
