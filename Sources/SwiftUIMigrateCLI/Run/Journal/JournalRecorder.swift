import AtomicFiles
import Foundation
import GitStage

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

    /// Runs the git staging `body` with the journal kept while it writes, removing it afterwards unless the run
    /// failed and its rollback was incomplete.
    func recording<T>(_ body: (StageObserver) throws -> T) throws -> T {
        do {
            let result = try body(observer)
            remove()
            return result
        } catch let error as GitStageError {
            if case .rollbackIncomplete = error {
                throw CommandError("\(error) (the journal \(path) is kept: 'swiftui-migrate apply --abort' tries again)")
            }
            remove()
            throw error
        } catch {
            remove()
            throw error
        }
    }

    /// Removes the journal (nothing happens when there is none).
    func remove() {
        unlink(path)
        AtomicFileWrite.sweepTemporaryFiles(in: PathText.folder(of: path) ?? ".")
    }
}
