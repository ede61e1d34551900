import AtomicFiles
import Foundation
import GitStage

/// An `apply` run that was stopped midway, found by its journal: what state it left, and how `apply --resume`
/// finishes it and `apply --abort` undoes exactly its own writes.
///
/// Every entry point is called with the state folder's lock held, so no other run writes meanwhile.
struct InterruptedApply {
    let journal: ApplyJournal
    let journalPath: String
    /// The repository, for the git modes (and in-place runs inside one).
    let repository: Repository?

    /// The interrupted run in `folder`, if one left its journal; sweeps the temporary files an interrupted write
    /// left there and beside the journal's files.
    static func find(in folder: ApplyStateFolder, repository: Repository?) throws -> InterruptedApply? {
        AtomicFileWrite.sweepTemporaryFiles(in: folder.path)
        let found: ApplyJournal?
        do {
            found = try ApplyJournal.read(folder.journalPath)
        } catch let damaged as DamagedJournal {
            // Which files it covered cannot be read from it: the temporary files an interrupted write left go from
            // every folder of the work tree (or of the folder outside git) that holds a Swift file.
            let root = repository?.workdir ?? folder.path
            ApplyRun.sweepTemporaryFiles(beside: SourceDiscovery.walk(root))
            throw damaged.setAside()
        }
        guard let journal = found else { return nil }
        let interrupted = InterruptedApply(journal: journal, journalPath: folder.journalPath, repository: repository)
        ApplyRun.sweepTemporaryFiles(beside: interrupted.absolutePaths)
        return interrupted
    }

    /// Throws, naming the state of every part, when an interrupted run left its journal in `folder`: no new run starts
    /// over a half-done one. The message says what was interrupted, what to do, and the state of each part.
    static func refuseIfPresent(in folder: ApplyStateFolder, repository: Repository?) throws {
        guard let interrupted = try find(in: folder, repository: repository) else { return }
        let (header, journalPath) = (interrupted.journal.header, interrupted.journalPath)
        let lines = [
            "an interrupted apply (\(header.mode.rawValue), started \(header.startedAt)) left its journal \(journalPath); "
                + "finish it with 'swiftui-migrate apply --resume' or undo it with 'swiftui-migrate apply --abort'",
        ] + interrupted.stateLines().map { "  " + $0 }
        throw CommandError(lines.joined(separator: "\n"))
    }

    /// The absolute path of each file of the run.
    var absolutePaths: [String] {
        let root = journal.header.mode == .inPlace ? nil : repository?.workdir
        return journal.changes.map { change in root.map { $0 + "/" + change.path } ?? change.path }
    }

    /// One line per part the run touches: the branch, HEAD, the index, each file.
    func stateLines() -> [String] {
        guard let record = journal.stageRecord else {
            return zip(journal.changes, absolutePaths).map { change, path in
                "\(change.path): \(change.diskState(at: path).rawValue)"
            }
        }
        guard let repository, let state = try? repository.inspectInterruptedStage(record) else {
            return ["the repository cannot be read: its state is unknown"]
        }
        let branch = switch state.branch {
        case .absent: "not created"
        case .atBase: "created at \(record.base.hex.prefix(7)), nothing committed"
        case .atMigration(let tip): "at the migration commit \(tip.hex.prefix(7))"
        case .elsewhere(let tip): "at \(tip.hex.prefix(7)), a commit the run did not make (moved since)"
        }
        var lines = ["branch '\(record.branch)': " + branch]
        let before = record.headReference.map { Repository.shortBranchName($0) } ?? "HEAD"
        switch state.head {
        case .original: lines.append("HEAD: on \(before), as before the run")
        case .onBranch: lines.append("HEAD: on '\(record.branch)' (was \(before))")
        case .elsewhere(let name): lines.append("HEAD: on \(name) (moved since; was \(before))")
        case nil: break
        }
        if record.mode != .noCheckout {
            lines.append("index: \(state.stagedCount) of \(record.changes.count) files staged migrated")
        }
        lines += state.files.map { "\($0.path): \($0.state.rawValue)" }
        return lines
    }

    // MARK: - Abort

    /// Undoes the run's own writes — and, in the git modes, the index entries, HEAD and the branch it created —
    /// refusing, changing nothing, when a file was changed since. Returns what was undone, one line each.
    func abort() throws -> [String] {
        let done: [String]
        if let record = journal.stageRecord {
            guard let repository else { throw CommandError("the journal \(journalPath) is of a git run, but no repository holds it") }
            done = try repository.undoInterruptedStage(
                record, lastStep: journal.lastStep, journalChanged: ApplyJournal.lastChange(journalPath))
        } else {
            done = try rewriteFiles(toward: \.original, from: .migrated)
        }
        JournalRecorder(path: journalPath).remove()
        return done
    }

    // MARK: - Resume

    /// Finishes an in-place run: writes the migrated bytes of every file still holding its original ones, refusing,
    /// changing nothing, when a file was changed since. Returns what was done.
    func resumeInPlace() throws -> [String] {
        let done = try rewriteFiles(toward: \.migrated, from: .original)
        JournalRecorder(path: journalPath).remove()
        return done
    }

    /// Writes each in-place file that holds `from` bytes with its `toward` bytes, after checking every file holds
    /// either.
    private func rewriteFiles(toward: KeyPath<FileRewrite, [UInt8]>, from: FileRewrite.DiskState) throws -> [String] {
        let states = zip(journal.changes, absolutePaths).map { ($0, $1, $0.diskState(at: $1)) }
        let obstacles = states.filter { $0.2 != .original && $0.2 != .migrated }.map { "\($0.0.path) is \($0.2.rawValue)" }
        guard obstacles.isEmpty else {
            throw CommandError(GitStageError.changedSinceInterruptedRun(obstacles).description)
        }
        var written = 0
        for (change, path, state) in states where state == from {
            let expected = from == .original ? change.original : change.migrated
            try AtomicFileWrite.write(change[keyPath: toward], to: path, expecting: expected)
            written += 1
        }
        let what = from == .original ? "wrote the migration into" : "restored the original bytes of"
        return ["\(what) \(written) file\(written == 1 ? "" : "s") (\(states.count - written) already were)"]
    }
}
