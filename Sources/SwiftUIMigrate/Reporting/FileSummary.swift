/// What happened in one file: counts per action and the findings, for the per-file summary.
public struct FileSummary: Sendable {
    public var file: String
    public var findings: [Finding]

    public init(file: String, findings: [Finding]) {
        self.file = file
        self.findings = findings
    }

    /// The number of findings with `action`.
    public func count(_ action: FindingAction) -> Int {
        findings.reduce(0) { $0 + ($1.action == action ? 1 : 0) }
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
