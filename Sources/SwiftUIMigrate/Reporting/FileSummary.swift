/// What happened in one file: counts per action and the findings, for the per-file summary.
public struct FileSummary: Sendable {
    public var file: String
    public var findings: [Finding]
    /// Why the file's rewrites were not written (a symbolic link, a read-only file, inside a submodule); nil when
    /// they were, or when there was nothing to write.
    public var notWritten: String?

    public init(file: String, findings: [Finding], notWritten: String? = nil) {
        self.file = file
        self.findings = findings
        self.notWritten = notWritten
    }

    /// The number of findings with `action`.
    public func count(_ action: FindingAction) -> Int {
        findings.count { $0.action == action }
    }

    /// What became of `finding` in `tense`: "rewritten" / "would rewrite", "not written: <why>" for a rewrite of a
    /// file that was not written, else the action's word.
    public func outcome(of finding: Finding, tense: SummaryTense) -> String {
        if finding.action == .rewrite, let notWritten { return "not written: \(notWritten)" }
        return tense.word(for: finding.action)
    }

    /// The word heading the count of `action` in this file's line of the text table.
    func countWord(_ action: FindingAction, tense: SummaryTense) -> String {
        action == .rewrite && notWritten != nil ? "not written" : tense.word(for: action)
    }

    /// The text shown for a finding's label column: the safety label, or "-".
    static func label(of finding: Finding) -> String { finding.safety?.name ?? "-" }

    /// The text shown for a finding's reason column: why it was not rewritten,
    /// or what the behaviour change is.
    static func reason(of finding: Finding) -> String {
        if finding.action == .rewrite { return finding.safety?.explanation ?? finding.message }
        return finding.reason ?? finding.message
    }
}
