import AtomicFiles
import Foundation
import GitStage
import PlainText

/// Keeps the journal of one `apply` run: written right before the first change, a line appended before each git step,
/// removed after the last — or kept when a failed run could not undo itself, for `apply --abort` to finish.
struct JournalRecorder {
    /// Where the journal goes.
    let path: String

    /// The observer that writes the journal of a git run as ``Repository/stage(_:mode:observer:)`` goes.
    var observer: StageObserver {
        StageObserver(
            willBegin: { [path] record in try ApplyJournal(record).write(to: path) },
            willStep: { [path] step in try ApplyJournal.append(step, to: path) })
    }

    /// Runs `body` — a writer's writes — with the journal kept while it writes and SIGINT/SIGTERM held off until it is
    /// done (`announce` tells of a signal that came meanwhile, and whether the writes completed): `first`, when given
    /// (an in-place run's journal), is written before `body` runs; a git run's is written through the observer as
    /// ``Repository/stage(_:mode:observer:)`` goes. The journal is removed afterwards unless the run failed and its
    /// rollback was incomplete.
    func recording<T>(
        _ first: ApplyJournal? = nil, announce: (_ signalName: String, _ completed: Bool) -> Void,
        _ body: (StageObserver) throws -> T
    ) throws -> T {
        try SignalGuard.deferringInterruptions(announce: announce) {
            try first?.write(to: path)
            do {
                let result = try body(observer)
                remove()
                return result
            } catch {
                if case GitStageError.rollbackIncomplete = error {
                    throw CommandError("\(error) (the journal \(path) is kept: 'swiftui-migrate apply --abort' tries again)")
                }
                remove()
                throw error
            }
        }
    }

    /// Removes the journal (nothing happens when there is none).
    func remove() {
        unlink(path)
        AtomicFileWrite.sweepTemporaryFiles(in: PathText.folder(of: path) ?? ".")
    }
}
