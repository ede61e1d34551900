import Synchronization

/// The bytes of the Swift files a run has read from disk, shared by its workers and by its modules'
/// indexes, so that a file a decision needs from another file is not read a second time, and a file
/// an index read is not read again by the worker that migrates it.
///
/// At most `budget` bytes are kept; past it a file is read again when asked, so a run's memory stays
/// bounded on a repository of any size.
final class SharedFileBytes: Sendable {
    private let kept = Mutex<(files: [String: [UInt8]], total: Int)>(([:], 0))
    private let budget: Int

    /// A store that keeps up to `budget` bytes (32 MiB: the Swift files of the largest app we measured,
    /// 7 MB, four times over).
    init(budget: Int = 32 << 20) { self.budget = budget }

    /// The bytes kept for the file at `path`, if any.
    func bytes(of path: String) -> [UInt8]? {
        kept.withLock { $0.files[path] }
    }

    /// Keeps `bytes` as the file at `path`'s while the budget allows.
    func keep(_ bytes: [UInt8], of path: String) {
        kept.withLock { kept in
            guard kept.files[path] == nil, kept.total + bytes.count <= budget else { return }
            kept.files[path] = bytes
            kept.total += bytes.count
        }
    }
}
