import PlainText

/// The body of the migration commit: what changed, with counts, and the tool's version, in a few lines wrapped at
/// 72 columns as git's tools expect — not the per-file table, which belongs in the pull request (`MarkdownSummary`).
///
/// ```
/// swiftui-migrate 0.1.0 rewrote 3 lifecycle sites in 2 files:
///
/// - group-lifecycle: 2 sites (behavior-change)
/// - onappear-task: 1 site (behavior-change)
///
/// 'swiftui-migrate explain RULE' says what a rule's changes do at
/// runtime. 1 site is left for a person; 'swiftui-migrate scan' lists it.
/// ```
public enum CommitMessageBody {
    /// The width the body is wrapped at.
    public static let width = 72

    /// The body for `summaries` of an applied run.
    public static func render(_ summaries: [FileSummary], toolVersion: String) -> String {
        let written = summaries.filter { $0.notWritten == nil }
        let rewrites = written.flatMap { $0.findings.filter { $0.action == .rewrite } }
        let files = written.filter { $0.findings.contains { $0.action == .rewrite } }.count
        var paragraphs = [(
            "swiftui-migrate \(toolVersion) rewrote \(counted(rewrites.count, "lifecycle site")) in \(counted(files, "file"))"
                + (rewrites.isEmpty ? "." : ":")).wrapped(width: width)]
        if !rewrites.isEmpty {
            paragraphs.append(byRule(rewrites).flatMap { $0.wrapped(width: width, firstIndent: "- ", indent: "  ") })
        }
        var closing = "'swiftui-migrate explain RULE' says what a rule's changes do at runtime."
        let notWritten = summaries.filter { $0.notWritten != nil && $0.findings.contains { $0.action == .rewrite } }
        if !notWritten.isEmpty {
            closing += " Not written: " + notWritten.map { "\($0.file) (\($0.notWritten ?? ""))" }.joined(separator: ", ") + "."
        }
        let left = summaries.reduce(0) { $0 + $1.count(.skip) + $1.count(.report) }
        if left > 0 {
            closing += " \(counted(left, "site")) \(left == 1 ? "is" : "are") left for a person; "
                + "'swiftui-migrate scan' lists \(left == 1 ? "it" : "them")."
        }
        paragraphs.append(closing.wrapped(width: width))
        return paragraphs.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
    }

    /// One line per rule: how many sites it rewrote and with which safety labels, in the rules' order of first use.
    private static func byRule(_ rewrites: [Finding]) -> [String] {
        rewrites.map(\.ruleID).countsInOrder().map { rule, sites in
            let labels = rewrites.filter { $0.ruleID == rule }.map(FileSummary.label(of:)).countsInOrder()
            let safety = labels.count == 1 ? labels[0].element : labels.map { "\($0.count) \($0.element)" }.joined(separator: ", ")
            return "\(rule): \(counted(sites, "site")) (\(safety))"
        }
    }
}
