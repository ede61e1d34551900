/// Why a run did not make a rule's rewrite, whatever the rule decided: the run's own decisions,
/// which every rule's catalog lists after its own (`Rule.reasonCatalog`).
public enum RunDecline: Hashable, Sendable, CaseIterable {
    /// `--only preserving` and the fix changes behaviour.
    case notPreserving
    /// `--only no-runtime-change` and the fix changes behaviour at runtime on the file's floor.
    case changesRuntime
    /// Rejected in the interactive review.
    case rejectedInReview
    /// Rejected in an earlier review (the baseline holds it).
    case rejectedEarlier
    /// The review ended before the fix was shown.
    case notReviewed
    /// The fix appears only once other fixes are applied; the review did not show it.
    case appearsAfterOthers
    /// The file has syntax errors, so it is not rewritten.
    case syntaxErrors
    /// Applying the file's fixes failed a check (`MigrationEngine`); the file was left unchanged.
    case internalError

    /// The decision's name, after the rule's id: `group-lifecycle/not-preserving`.
    public var decision: String { catalogEntry.decision }

    /// What a finding declined this way does: a fix `--only` leaves out is a keep (this run leaves the code as it
    /// is, so `scan --only …` lists just the fixes asked for, and its exit status counts only them), a fix
    /// declined in a review is a skip, a file that is not rewritten reports.
    public var action: FindingAction { catalogEntry.action }

    /// The reason a declined finding gives; `detail` is the check that failed, for an internal error.
    public func reason(detail: String = "") -> String {
        switch self {
        case .notPreserving: return "not preserving (--only preserving)"
        case .changesRuntime: return "changes behaviour at runtime on this floor (--only no-runtime-change)"
        case .rejectedInReview: return "rejected in interactive review"
        case .rejectedEarlier: return "rejected earlier (in the baseline)"
        case .notReviewed: return "not reviewed: the review ended before this fix"
        case .appearsAfterOthers: return "not reviewed: it appears once other fixes are applied; review again to see it"
        case .syntaxErrors: return "the file has syntax errors, so it is not rewritten"
        case .internalError: return "internal error: \(detail); the file was left unchanged"
        }
    }

    /// True for a fix that `--only` left out: a keep of this run, and still a fix not made (the MCP `fix` tool's `left`).
    public static func leftOutByOnly(_ finding: Finding) -> Bool {
        [RunDecline.notPreserving, .changesRuntime].contains { finding.reasonID == $0.catalogEntry.id(in: finding.ruleID) }
    }

    /// The entries every rule's catalog ends with.
    public static let catalog: [RuleReason] = allCases.map(\.catalogEntry)

    var catalogEntry: RuleReason {
        switch self {
        case .notPreserving:
            RuleReason("not-preserving", .keep, meaning: "the run was asked for preserving fixes only (--only preserving), and this fix changes behaviour",
                       whatToDo: "run without --only preserving to make it, after reading its safety label")
        case .changesRuntime:
            RuleReason("changes-runtime", .keep, meaning: "the run was asked for fixes that change nothing at runtime on the file's floor (--only no-runtime-change), and this fix changes behaviour at runtime",
                       whatToDo: "run without --only no-runtime-change to make it, after reading its safety label")
        case .rejectedInReview:
            RuleReason("rejected-in-review", .skip, meaning: "the fix was rejected in the interactive review",
                       whatToDo: "review again to accept it")
        case .rejectedEarlier:
            RuleReason("rejected-earlier", .skip, meaning: "the fix was rejected in an earlier review, which the baseline records",
                       whatToDo: "remove it from the baseline to be asked again")
        case .notReviewed:
            RuleReason("not-reviewed", .skip, meaning: "the interactive review ended before this fix was shown",
                       whatToDo: "review again to decide it")
        case .appearsAfterOthers:
            RuleReason("appears-after-others", .skip, meaning: "the fix appears only once other fixes are applied, so the review could not show it",
                       whatToDo: "review again, after applying the accepted fixes, to decide it")
        case .syntaxErrors:
            RuleReason("syntax-errors", .report, meaning: "the file has syntax errors, so no fix is applied to it",
                       whatToDo: "fix the syntax errors and run again")
        case .internalError:
            RuleReason("internal-error", .report, meaning: "applying the file's fixes failed a check of the tool (for example the result did not parse), so the file was left unchanged",
                       whatToDo: "report it with the file, if you can share it")
        }
    }
}
