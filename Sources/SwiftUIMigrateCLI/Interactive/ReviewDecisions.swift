import SwiftUIMigrate

/// One fix a review can decide on: a rule's finding at one byte of one file's original text.
///
/// `MigrationEngine` reports every finding at its offset in the original file, in every
/// pass, so the same key names the fix in the first run and in the run that applies the
/// accepted fixes.
struct FixKey: Hashable, Sendable {
    var file: String
    var rule: String
    var offset: Int

    init(_ finding: Finding) {
        file = finding.file
        rule = finding.ruleID
        offset = finding.offset
    }
}

/// What a review decided: the fixes to apply, the ones turned down, and the ones never asked.
struct ReviewDecisions: Sendable {
    /// Fixes answered `y` or `a`.
    var accepted: Set<FixKey> = []
    /// Fixes answered `n` or `d`, in the order asked (recorded in the baseline).
    var rejected: [Finding] = []
    /// Fixes left unasked because the review was ended with `q` (or input ended).
    var unasked: Set<FixKey> = []
    /// Fixes not offered because the baseline already holds them.
    var recorded: Set<FixKey> = []
    /// Fixes the first run found only after applying others (they carry no edits of their
    /// own to show); the next review offers them.
    var dependent = 0

    /// Why the engine should not apply `finding` when it re-runs with these decisions; nil
    /// for an accepted fix.
    func declineReason(_ finding: Finding) -> RunDecline? {
        let key = FixKey(finding)
        if accepted.contains(key) { return nil }
        if rejected.contains(where: { FixKey($0) == key }) { return .rejectedInReview }
        if recorded.contains(key) { return .rejectedEarlier }
        if unasked.contains(key) { return .notReviewed }
        return .appearsAfterOthers
    }

    /// One line for the end of the review: `accepted 1 of 3 fixes; 1 rejected; 1 not reviewed`.
    var tally: String {
        let offered = accepted.count + rejected.count + unasked.count
        var parts = ["accepted \(accepted.count) of \(offered) fix\(offered == 1 ? "" : "es")"]
        if !rejected.isEmpty { parts.append("\(rejected.count) rejected") }
        if !unasked.isEmpty { parts.append("\(unasked.count) not reviewed") }
        if !recorded.isEmpty { parts.append("\(recorded.count) skipped as rejected earlier") }
        if dependent > 0 { parts.append("\(dependent) more to review once these are applied") }
        return parts.joined(separator: "; ")
    }
}
