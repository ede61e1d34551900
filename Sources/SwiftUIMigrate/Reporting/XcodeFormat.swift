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

    /// One line for `finding`, without a line break: the headline and, for a keep, skip or report, the
    /// deciding fact (`decidingFact`); the whole reason is in JSON and the rest in `explain REASON_ID`.
    public static func line(for finding: Finding) -> String {
        "\(finding.file):\(finding.line):\(finding.column): \(text(of: finding)) [\(finding.ruleID)]"
    }

    /// The most characters `text(of:)` prints: a default line is short enough to read in one go
    /// (DESIGN §8), its location and rule id aside.
    public static let budget = 200

    /// What a line says after its location: `warning: headline (label)` or `note: headline: fact`.
    public static func text(of finding: Finding) -> String {
        "\(finding.action.asksForAction ? "warning" : "note"): \(message(of: finding, whole: false))"
    }

    /// A finding's one line of text, the one function every format and the editor print it with: the headline, then
    /// for a rewrite its safety label (and, when `whole`, what the fix changes), for a keep, skip or report the reason
    /// (only its deciding fact, `decidingFact`, unless `whole`).
    public static func message(of finding: Finding, whole: Bool) -> String {
        switch finding.action {
        case .rewrite:
            guard let safety = finding.safety else { return finding.message }
            let change = whole ? safety.explanation.map { ": \($0)" } ?? "" : ""
            return "\(finding.message) (\(safety.printed)\(change))"
        case .keep, .skip, .report:
            guard let reason = finding.reason else { return finding.message }
            return "\(finding.message): \(whole ? reason : decidingFact(of: reason))"
        }
    }

    /// The first clause of `reason`: up to its first `: ` or `; ` outside brackets and quotes. A reason
    /// states the deciding fact first, then what follows from it (": as task, the work would be
    /// cancelled …") or what else may be done ("; ruleOptions … turns the pair into …").
    public static func decidingFact(of reason: String) -> String {
        var depth = 0
        var quoted = false
        var previous: Character = " "
        for (index, character) in zip(reason.indices, reason) {
            switch character {
            case "\"", "`": quoted.toggle()
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case " " where depth == 0 && !quoted && (previous == ":" || previous == ";"):
                return String(reason[..<reason.index(before: index)])
            default: break
            }
            previous = character
        }
        return reason
    }
}
