import Synchronization

/// How a run reads its Swift files from disk, shared by its workers and by its modules' indexes, so that a
/// file a decision needs from another file is not read a second time, and a file an index read is not read
/// again by the worker that migrates it.
///
/// What an index read is kept for the workers: it costs nothing more, the index holds the same bytes. What a
/// worker read is kept for an index that may be asked later only up to `budget` bytes in all: kept bytes are
/// fresh memory for every file, which costs a run that never looks a name up more than reading again would
/// save (keeping all of swift-syntax's 9.6 MB: 1,100 more page faults, 2.4 ms).
final class SharedFileBytes: Sendable {
    private let kept = Mutex<(files: [String: [UInt8]], speculative: Int)>(([:], 0))
    private let budget: Int

    /// A store that keeps up to `budget` bytes a worker read before an index did (4 MiB: the Swift files of
    /// most apps we measured).
    init(budget: Int = 4 << 20) { self.budget = budget }

    /// The bytes of the file at `path` for an index, within `maxSize`: kept ones (they stay kept: another
    /// module's index may list the file too), else read and kept for the worker.
    func readForIndex(_ path: String, maxSize: Int) -> [UInt8]? {
        if let bytes = kept.withLock({ $0.files[path] }), bytes.count <= maxSize { return bytes }
        guard case .text(let bytes) = SourceReader.read(SourceFile(displayPath: path, absolutePath: path), maxSize: maxSize) else {
            return nil
        }
        keep(bytes, of: path, speculatively: false)
        return bytes
    }

    /// The bytes of `file` for the worker that migrates it, within `maxSize`: kept ones, no longer kept (a
    /// worker reads a file once), else read and kept while the budget allows.
    func readForWorker(_ file: SourceFile, maxSize: Int) -> SourceReader.Outcome {
        if let bytes = kept.withLock({ $0.files.removeValue(forKey: file.absolutePath) }), bytes.count <= maxSize {
            return .text(bytes)
        }
        let outcome = SourceReader.read(file, maxSize: maxSize)
        if case .text(let bytes) = outcome { keep(bytes, of: file.absolutePath, speculatively: true) }
        return outcome
    }

    private func keep(_ bytes: [UInt8], of path: String, speculatively: Bool) {
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
