import Foundation
import AtomicFiles
import GitStage
import PlainText
import SwiftUIMigrate

/// `batch --pr-body-dir DIR`: each migrated repository's per-file summary as Markdown, in `DIR/<name>.md`, where a
/// later step that opens the pull requests (`gh pr create --body-file`, a bot) picks it up.
struct PullRequestBody {
    /// The folder the bodies go to.
    var folder: String

    /// The file for the repository named `name`: its name's path components below `folder` (`acme/app` →
    /// `DIR/acme/app.md`), with `.`, `..` and empty components dropped so nothing lands outside the folder.
    func path(for name: String) -> String {
        let components = name.split(separator: "/").filter { $0 != "." && $0 != ".." }
        let relative = components.isEmpty ? "repository" : components.joined(separator: "/")
        return URL(fileURLWithPath: folder).appendingPathComponent(relative + ".md").path
    }

    /// Writes the body for `result` when it holds a migration on a branch; the file says which branch and commit
    /// and has the per-file summary (what changed, each fix's safety label and reason).
    func write(_ summaries: [FileSummary], for result: RepositoryResult) throws {
        guard let branch = result.branch, !result.changedPaths.isEmpty else { return }
        var text = MarkdownSummary.render(summaries, tense: .applied, toolVersion: CLI.version)
        let commit = result.commit.map { " (commit `\($0.prefix(7))`)" } ?? ""
        text += "\nBranch \(MarkdownCell.code(branch))\(commit) changes \(counted(result.changedPaths.count, "file")).\n"
        let path = path(for: result.name)
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFileWrite.write(Array(text.utf8), to: path, expecting: nil)
        } catch {
            throw CommandError("cannot write the pull-request body \(path): \(error)")
        }
    }
}
