/// Findings as Xcode (and most editors) read them: `file:line:col: warning: message [rule]`.
///
/// Findings that ask for action (rewrite, report) are warnings; kept and
/// skipped ones are notes, so Xcode shows them without failing anything.
public struct XcodeFormat: FindingsFormat {
    /// The format.
    public init() {}

    public var streams: Bool { true }

    public func render(_ files: [FileMigration], _ context: ReportContext) -> String {
        files.flatMap(\.findings).map { Self.line(for: $0) + "\n" }.joined()
    }

    /// One line for `finding`, without a line break.
    public static func line(for finding: Finding) -> String {
        let severity = finding.action.asksForAction ? "warning" : "note"
        var text = finding.message
        switch finding.action {
        case .rewrite:
            if let safety = finding.safety { text += " (\(safety.printed))" }
        case .keep, .skip, .report:
            if let reason = finding.reason { text += ": \(reason)" }
        }
        return "\(finding.file):\(finding.line):\(finding.column): \(severity): \(text) [\(finding.ruleID)]"
    }
}
