import AtomicFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The undo actions of a staging run, replayed newest first when a later step fails.
struct UndoLog {
    private var steps: [(what: String, action: () throws -> Void)] = []

    mutating func push(_ what: String, _ action: @escaping () throws -> Void) {
        steps.append((what, action))
    }

    /// Undoes every step; returns `error`, or ``GitStageError/rollbackIncomplete(error:leftovers:)`` when an undo
    /// step failed too.
    func rollback(after error: any Error) -> any Error {
        var leftovers: [String] = []
        for step in steps.reversed() {
            do { try step.action() } catch { leftovers.append("\(step.what): \(error)") }
        }
        return leftovers.isEmpty ? error : GitStageError.rollbackIncomplete(error: "\(error)", leftovers: leftovers)
    }
}

/// A file's bytes (or its absence) taken before a step, to put back on rollback.
struct FileSnapshot {
    let path: String
    let bytes: [UInt8]?

    init(_ path: String) throws {
        self.path = path
        bytes = try AtomicFileWrite.regularFileStatus(path) == nil ? nil : AtomicFileWrite.readRegularFile(path)
    }

    func restore() throws {
        if let bytes {
            try AtomicFileWrite.write(bytes, to: path, expecting: nil)
        } else if unlink(path) != 0, errno != ENOENT {
            throw FileWriteError.system(path: path, operation: "remove", errno: errno)
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        count > suffix.count && hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
