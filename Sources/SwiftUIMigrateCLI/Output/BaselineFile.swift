import AtomicFiles
import SwiftUIMigrate

extension Baseline {
    /// Writes the baseline to `path` as `AtomicFileWrite` does every file the tool writes (flushed, renamed over the
    /// old file, never through a symbolic link); a failure is the command's one-line error.
    func save(to path: String) throws {
        do {
            try AtomicFileWrite.write(encoded(), to: path, expecting: nil)
        } catch {
            throw CommandError("\(path): cannot write the baseline file (\(error))")
        }
    }
}
