import Foundation
import GitStage

/// Files an interrupted `apply` wrote that were edited (or deleted) since, which stop `--resume` and
/// `--abort`: the refusal names each and gives the exact commands that keep the edit or drop it, so
/// the user is never left without a way out.
///
/// In the git modes a file to migrate had no uncommitted change when the run began, so the index
/// holds what the run found or what it staged — either lets the recovery go on — and `git checkout`
/// puts it back. An in-place run's original bytes may be in no git object: the edit is then undone
/// in the editor, or the journal set aside with every file kept as it is.
struct EditedSinceInterruption: Error, CustomStringConvertible {
    /// `resume` or `abort`.
    let recovery: String
    /// The edited files, as the journal names them, and whether each is gone.
    let files: [(path: String, missing: Bool)]
    /// Where the paths are relative to (the repository's work tree) for the git commands; nil for in-place.
    let workTree: String?
    let journalPath: String

    var description: String {
        let names = files.map { $0.missing ? "\($0.path) (deleted)" : $0.path }.joined(separator: ", ")
        let tool = "swiftui-migrate apply --\(recovery)"
        var lines = [
            "cannot \(recovery): \(files.count == 1 ? "a file" : "\(files.count) files") the interrupted apply wrote "
                + "\(files.count == 1 ? "was" : "were") edited since (neither the text it found nor the one it wrote): "
                + "\(names); nothing was changed",
        ]
        if let workTree {
            let cd = workTree == FileManager.default.currentDirectoryPath ? "" : "cd \(Self.quoted(workTree)) && "
            let restore = "git checkout -- " + files.map { Self.quoted($0.path) }.joined(separator: " ")
            let present = files.filter { !$0.missing }.map { Self.quoted($0.path) }
            let missing = files.filter(\.missing).map { Self.quoted($0.path) }
            let setAside = present.map { "mv \($0) \($0).mine" }
            let putBack = present.map { "mv \($0).mine \($0)" } + (missing.isEmpty ? [] : ["rm " + missing.joined(separator: " ")])
            lines.append("  to keep your edit: " + cd + (setAside + [restore, tool] + putBack).joined(separator: " && "))
            lines.append("  to drop your edit: " + cd + [restore, tool].joined(separator: " && "))
        } else {
            lines.append("  to keep your edit (and every other file as it is now, each whole: original or migrated), set the "
                + "journal aside: mv \(Self.quoted(journalPath)) \(Self.quoted(journalPath + ".set-aside"))")
            lines.append("  to drop your edit: undo it until the file holds the text the run found or the one it wrote, "
                + "then run '\(tool)' again")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` as one shell word.
    static func quoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+@%=:,".contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension InterruptedApply {
    /// Throws `EditedSinceInterruption`, changing nothing, when a file the run wrote was edited or deleted since.
    func refuseEditedFiles(before recovery: String) throws {
        var edited: [(path: String, missing: Bool)] = []
        var workTree: String?
        if let record = journal.stageRecord {
            guard let repository, let state = try? repository.inspectInterruptedStage(record) else { return }
            workTree = repository.workdir
            edited = state.files.filter { $0.state == .changed || $0.state == .missing }.map { ($0.path, $0.state == .missing) }
        } else {
            for (change, path) in zip(journal.changes, absolutePaths) {
                let state = change.diskState(at: path)
                if state == .changed || state == .missing { edited.append((change.path, state == .missing)) }
            }
        }
        guard !edited.isEmpty else { return }
        throw EditedSinceInterruption(recovery: recovery, files: edited, workTree: workTree, journalPath: journalPath)
    }
}
