import Synchronization

/// The bytes of the Swift files a run has read from disk, shared by its workers and by its modules'
/// indexes, so that a file a decision needs from another file is not read a second time, and a file
/// an index read is not read again by the worker that migrates it.
///
/// A worker keeps what it read only while its module's index has not read the module yet, and only up to
/// `budget` bytes in all: kept bytes are fresh memory for every file, which costs a run that never looks a
/// name up more than reading again would save (keeping all of swift-syntax's 9.6 MB: 1,100 more page faults,
/// 2.4 ms). What an index read costs nothing more to keep: the index holds the same bytes.
final class SharedFileBytes: Sendable {
    private let kept = Mutex<(files: [String: [UInt8]], speculative: Int)>(([:], 0))
    private let budget: Int

    /// A store that keeps up to `budget` bytes a worker read before its module's index did (4 MiB: the Swift
    /// files of most apps we measured).
    init(budget: Int = 4 << 20) { self.budget = budget }

    /// The bytes kept for the file at `path`, if any (for an index, which may share a file with another).
    func bytes(of path: String) -> [UInt8]? {
        kept.withLock { $0.files[path] }
    }

    /// The bytes kept for the file at `path`, if any, no longer kept (for the worker, which reads a file once).
    func take(_ path: String) -> [UInt8]? {
        kept.withLock { $0.files.removeValue(forKey: path) }
    }

    /// Keeps `bytes` as the file at `path`'s: what an index read, always; what a worker read before its
    /// module's index (`speculatively`), while the budget allows.
    func keep(_ bytes: [UInt8], of path: String, speculatively: Bool) {
        kept.withLock { kept in
            guard kept.files[path] == nil else { return }
            if speculatively {
                guard kept.speculative + bytes.count <= budget else { return }
                kept.speculative += bytes.count
            }
            kept.files[path] = bytes
        }
    }
}
