import Foundation

/// A journal an interrupted `apply` left that cannot be read (cut short, overwritten): it cannot be
/// resumed or aborted, so rather than refusing every run for good it is set aside — renamed beside
/// itself — with a message saying so and what to check; the next run starts afresh.
struct DamagedJournal: Error {
    let path: String

    /// Renames the journal to `<path>.damaged` (or `.damaged-2`, … when taken) and returns the error
    /// that says so; if it cannot be renamed, the error says that and how to do it by hand.
    func setAside() -> CommandError {
        var target = path + ".damaged"
        var number = 2
        while FileManager.default.fileExists(atPath: target) {
            target = path + ".damaged-\(number)"
            number += 1
        }
        let damaged = "the journal \(path) is damaged: an interrupted apply left it, but it cannot be read"
        guard rename(path, target) == 0 else {
            return CommandError("\(damaged), and it cannot be set aside (\(String(cString: strerror(errno)))); "
                + "move it away by hand: mv \(EditedSinceInterruption.quoted(path)) \(EditedSinceInterruption.quoted(target))")
        }
        return CommandError("\(damaged); it is set aside as \(target). Every file it covered is whole (each write is atomic), "
            + "holding the text the run found or the one it wrote: check them ('git status', and 'git branch' for a branch "
            + "the run created), then run apply again")
    }
}
