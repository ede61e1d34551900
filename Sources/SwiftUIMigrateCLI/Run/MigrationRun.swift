import Dispatch
import SwiftUIMigrate

/// What happened to one file in a run.
struct FileOutcome: Sendable {
    var file: SourceFile
    /// The migration, when the file could be read.
    var migration: FileMigration?
    /// Why the file was skipped, when it could not be read.
    var skipReason: String?
}

/// Runs the engine over many files on every core, returning results in input order.
enum MigrationRun {
    /// Migrates `files` read from disk.
    static func run(_ files: [SourceFile], engine: MigrationEngine) -> [FileOutcome] {
        let maxSize = engine.configuration.maxFileSize
        return run(files, engine: engine) { SourceReader.read($0, maxSize: maxSize) }
    }

    /// Migrates `files` whose bytes `load` provides (from disk, or from a commit's blobs).
    static func run(
        _ files: [SourceFile], engine: MigrationEngine, load: @escaping @Sendable (SourceFile) -> SourceReader.Outcome
    ) -> [FileOutcome] {
        let slots = ResultSlots<FileOutcome>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            switch load(file) {
            case .skipped(let reason):
                slots.set(index, FileOutcome(file: file, migration: nil, skipReason: reason))
            case .text(let bytes):
                let migration = engine.migrate(bytes: bytes, file: file.displayPath)
                slots.set(index, FileOutcome(file: file, migration: migration, skipReason: nil))
            }
        }
        return slots.values
    }
}

/// Fixed slots each written once, by one worker, before being read.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    // Unchecked: every index is written by exactly one iteration of concurrentPerform,
    // into memory allocated once, and `values` is read only after concurrentPerform returns.
    private let storage: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        storage = UnsafeMutablePointer<Value?>.allocate(capacity: max(count, 1))
        storage.initialize(repeating: nil, count: max(count, 1))
    }

    deinit {
        storage.deinitialize(count: max(count, 1))
        storage.deallocate()
    }

    func set(_ index: Int, _ value: Value) {
        storage[index] = value
    }

    var values: [Value] { (0..<count).map { storage[$0]! } }
}
