import GitStage
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
    func present(_ finding: Finding, in migration: FileMigration, index: Int, total: Int) throws -> String {
        let location = "\(migration.file):\(finding.line):\(finding.column)"
        var text = "\n" + emphasized("(\(index)/\(total)) \(location) [\(finding.ruleID)]", Self.bold) + "\n"
        text += finding.message + "\n"
        if let safety = finding.safety {
            let label = emphasized(safety.name, Self.yellow)
            text += "safety: " + label + (safety.explanation.map { " — \($0)" } ?? "") + "\n"
        }
        if let reason = finding.reason { text += "reason: \(reason)\n" }
        text += try hunk(of: finding, in: migration)
        return text
    }

    /// The hunks (no file header) of applying only `finding`'s edits to the original text.
    func hunk(of finding: Finding, in migration: FileMigration) throws -> String {
        let fixed = EditApplication(text: migration.original, groups: [finding.edits]).text
        let patch = try UnifiedDiff.patch(old: migration.original, new: fixed, path: migration.file)
        var lines = patch.split(separator: "\n", omittingEmptySubsequences: false)
        if let firstHunk = lines.firstIndex(where: { $0.hasPrefix("@@") }) { lines.removeFirst(firstHunk) }
        let body = lines.joined(separator: "\n")
        return color ? DiffColorizer.colorize(body) : body
    }

    private func emphasized(_ text: String, _ style: String) -> String {
        color ? style + text + Self.reset : text
    }
}
