import SwiftUIMigrate

/// How many findings had each action: the per-repository, per-rule and total counts of a batch report.
struct ActionCounts: Codable, Equatable, Sendable {
    /// Findings whose fix was made (or would be, in scan and diff modes).
    var rewrite = 0
    /// Findings left as they are on purpose.
    var keep = 0
    /// Findings seen but not safe to rewrite.
    var skip = 0
    /// Findings that need a person.
    var report = 0

    init() {}

    /// The counts of `findings`.
    init(_ findings: some Sequence<Finding>) {
        for finding in findings { add(finding.action) }
    }

    /// Counts one more finding with `action`.
    mutating func add(_ action: FindingAction) {
        switch action {
        case .rewrite: rewrite += 1
        case .keep: keep += 1
        case .skip: skip += 1
        case .report: report += 1
        }
    }

    /// The sum of two counts.
    static func + (left: ActionCounts, right: ActionCounts) -> ActionCounts {
        var sum = left
        sum.rewrite += right.rewrite
        sum.keep += right.keep
        sum.skip += right.skip
        sum.report += right.report
        return sum
    }

    /// Counts per rule id of `findings`.
    static func perRule(_ findings: [Finding]) -> [String: ActionCounts] {
        var result: [String: ActionCounts] = [:]
        for finding in findings { result[finding.ruleID, default: ActionCounts()].add(finding.action) }
        return result
    }
}
