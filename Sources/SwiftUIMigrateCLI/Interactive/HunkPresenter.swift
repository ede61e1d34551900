import SwiftUIMigrate

/// Shows one fix as a reviewer needs it: where it is, the rule, what the fix promises and
/// why, and the hunk of applying just that fix's edits to the file as it is on disk.
struct HunkPresenter {
    /// True when the hunk carries ANSI colors (see `ColorChoice`).
    var color: Bool

    private static let bold = "\u{1B}[1m"
    private static let yellow = "\u{1B}[33m"
    private static let reset = "\u{1B}[m"

    /// The text shown for `finding` of `migration` (`index` of `total` fixes in the run, from 1).
    func present(_ finding: Finding, in migration: FileMigration, index: Int, total: Int) -> String {
        let location = "\(migration.file):\(finding.line):\(finding.column)"
        var text = "\n" + emphasized("(\(index)/\(total)) \(location) [\(finding.ruleID)]", Self.bold) + "\n"
        text += finding.message + "\n"
        if let safety = finding.safety {
            let label = emphasized(safety.name, Self.yellow)
            text += "safety: " + label + (safety.explanation.map { " — \($0)" } ?? "") + "\n"
        }
        if let reason = finding.reason { text += "reason: \(reason)\n" }
        text += hunk(of: finding, in: migration)
        return text
    }

    /// The hunks (no file header) of applying only `finding`'s edits to the original text, as `--format json`
    /// gives them (`FindingsReport.hunk`).
    func hunk(of finding: Finding, in migration: FileMigration) -> String {
        let body = FindingsReport.hunk(for: finding, in: migration) ?? ""
        return color ? DiffColorizer.colorize(body) : body
    }

    private func emphasized(_ text: String, _ style: String) -> String {
        color ? style + text + Self.reset : text
    }
}
