import PlainText
import Synchronization

/// How a run reads its Swift files from disk, shared by its workers and by its modules' indexes, so that a
/// file an index read is not read again by the worker that migrates it.
///
/// What an index read is kept for the workers: it costs nothing more, the index holds the same bytes. What a
/// worker read is not kept for an index that may be asked later: kept bytes are fresh memory for every file,
/// which costs more than reading again saves. Keeping up to 4 MiB of them cost the nine checkouts of
/// `scripts/bench` 3,100 page faults (25,554 against 22,463) and 2.5% of their CPU; only mlem, whose first
/// look-up comes after 400 files, read less (427 files fewer), and gained nothing measurable.
final class SharedFileBytes: Sendable {
    private let kept = Mutex<[String: [UInt8]]>([:])

    init() {}

    /// The bytes of the file at `path` for an index, within `maxSize`: kept ones (they stay kept: another
    /// module's index may list the file too), else read and kept for the worker.
    func readForIndex(_ path: String, maxSize: Int) -> [UInt8]? {
        if let bytes = kept.withLock({ $0[path] }), bytes.count <= maxSize { return bytes }
        guard case .text(let bytes) = SourceReader.read(SourceFile(displayPath: path, absolutePath: path), maxSize: maxSize) else {
            return nil
        }
        kept.withLock { kept in
            if kept[path] == nil { kept[path] = bytes }
        }
        return bytes
    }

    /// Stops keeping the bytes of the files below `folder` (a module the run is past): a worker that still
    /// wants one reads it.
    func forget(below folder: String) {
        kept.withLock { kept in
            if !kept.isEmpty { kept = kept.filter { PathText.inside($0.key, folder) == nil } }
        }
    }

    /// The bytes of `file` for the worker that migrates it, within `maxSize`: kept ones, no longer kept (a
    /// worker reads a file once), else read.
    func readForWorker(_ file: SourceFile, maxSize: Int) -> SourceReader.Outcome {
        if let bytes = kept.withLock({ $0.removeValue(forKey: file.absolutePath) }), bytes.count <= maxSize {
            return .text(bytes)
        }
        return SourceReader.read(file, maxSize: maxSize)
    }
}
