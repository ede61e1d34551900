import Foundation
import Synchronization

/// Standard output or standard error, written with `write(2)` and checked.
///
/// `FileHandle.write` traps when the write fails (`scan > /dev/full` died with SIGILL). Here every
/// byte goes through `write(2)`, retried when interrupted or short, and a failure is returned as a
/// value; after the first failure the descriptor takes nothing more, so one error is reported once.
final class OutputDescriptor: Sendable {
    /// Why a write failed.
    enum Failure: Equatable, Sendable {
        /// The reader went away (`| head -1`): nothing to report.
        case closedPipe
        /// Any other error (`ENOSPC` on a full disk, `EIO`, `EBADF`), with the system's words for it.
        case failed(String)
    }

    let descriptor: Int32
    /// "standard output" or "standard error", for the error line.
    let name: String
    private let failure = Mutex<Failure?>(nil)

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    static let standardOutput = OutputDescriptor(descriptor: 1, name: "standard output")
    static let standardError = OutputDescriptor(descriptor: 2, name: "standard error")

    /// Writes all of `bytes`; returns the failure when this write is the one that failed (nil when it
    /// succeeded, or when an earlier write had already failed and this one was dropped).
    func write(_ bytes: [UInt8]) -> Failure? {
        failure.withLock { failure in
            guard failure == nil else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { raw in
                    writeToDescriptor(descriptor, raw.baseAddress! + offset, raw.count - offset)
                }
                if written > 0 {
                    offset += written
                    continue
                }
                let code = written < 0 ? errno : EIO
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    // A non-blocking descriptor that is full: wait until it takes more.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                failure = code == EPIPE ? .closedPipe : .failed(String(cString: strerror(code)))
                return failure
            }
            return nil
        }
    }
}

/// `write(2)`, named apart from the `write` methods of the types that call it (`OutputDescriptor`,
/// `ApplyJournal`).
func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
