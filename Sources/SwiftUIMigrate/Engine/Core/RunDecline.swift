/// Why a run did not make a rule's rewrite, whatever the rule decided: the run's own decisions,
/// which every rule's catalog lists after its own (`Rule.reasonCatalog`). A declined finding keeps
/// its rule's headline; its reason is the decision's meaning.
public struct RunDecline: Hashable, Sendable {
    /// The catalog entry; its headline is empty, since the finding keeps its rule's.
    let catalogEntry: RuleReason

    /// The decision's name, after the rule's id: `group-lifecycle/not-preserving`.
    public var decision: String { catalogEntry.decision }

    /// What a finding declined this way does: a fix `--only` leaves out is a keep (this run leaves the code as it
    /// is, so `scan --only …` lists just the fixes asked for, and its exit status counts only them), a fix
    /// declined in a review is a skip, a file that is not rewritten reports.
    public var action: FindingAction { catalogEntry.action }

    /// The reason a declined finding gives: the meaning, `detail` filling the check that failed, for an internal error.
    public func reason(detail: String = "") -> String {
        (detail.isEmpty ? catalogEntry.words() : catalogEntry.words([Self.failedCheck: detail])).reason ?? ""
    }

    /// True for a fix that `--only` left out: a keep of this run, and still a fix not made (the MCP `fix` tool's `left`).
    public static func leftOutByOnly(_ finding: Finding) -> Bool {
        [RunDecline.notPreserving, .changesRuntime].contains { finding.reasonID == $0.catalogEntry.id(in: finding.ruleID) }
    }

    /// The entries every rule's catalog ends with.
    public static let catalog: [RuleReason] = [
        notPreserving, changesRuntime, rejectedInReview, rejectedEarlier, notReviewed, appearsAfterOthers, syntaxErrors, internalError,
    ].map(\.catalogEntry)

    private init(_ decision: String, _ action: FindingAction, meaning: String, whatToDo: String) {
        catalogEntry = RuleReason(decision, action, headline: "", meaning: meaning, whatToDo: whatToDo)
    }

    /// The blank of `internalError`: the check of the tool that failed.
    private static let failedCheck = "the check that failed"

    /// `--only preserving` and the fix changes behaviour.
    public static let notPreserving = RunDecline(
        "not-preserving", .keep, meaning: "not preserving (--only preserving)",
        whatToDo: "run without --only preserving to make it, after reading its safety label")
    /// `--only no-runtime-change` and the fix changes behaviour at runtime on the file's floor.
    public static let changesRuntime = RunDecline(
        "changes-runtime", .keep, meaning: "changes behaviour at runtime on this floor (--only no-runtime-change)",
        whatToDo: "run without --only no-runtime-change to make it, after reading its safety label")
    /// Rejected in the interactive review.
    public static let rejectedInReview = RunDecline(
        "rejected-in-review", .skip, meaning: "rejected in interactive review", whatToDo: "review again to accept it")
    /// Rejected in an earlier review (the baseline holds it).
    public static let rejectedEarlier = RunDecline(
        "rejected-earlier", .skip, meaning: "rejected earlier (in the baseline)", whatToDo: "remove it from the baseline to be asked again")
    /// The review ended before the fix was shown.
    public static let notReviewed = RunDecline(
        "not-reviewed", .skip, meaning: "not reviewed: the review ended before this fix", whatToDo: "review again to decide it")
    /// The fix appears only once other fixes are applied; the review did not show it.
    public static let appearsAfterOthers = RunDecline(
        "appears-after-others", .skip, meaning: "not reviewed: it appears once other fixes are applied; review again to see it",
        whatToDo: "review again, after applying the accepted fixes, to decide it")
    /// The file has syntax errors, so it is not rewritten.
    public static let syntaxErrors = RunDecline(
        "syntax-errors", .report, meaning: "the file has syntax errors, so it is not rewritten",
        whatToDo: "fix the syntax errors and run again")
    /// Applying the file's fixes failed a check (`MigrationEngine`); the file was left unchanged.
    public static let internalError = RunDecline(
        "internal-error", .report, meaning: "internal error: {\(failedCheck)}; the file was left unchanged",
        whatToDo: "report it with the file, if you can share it")
}
