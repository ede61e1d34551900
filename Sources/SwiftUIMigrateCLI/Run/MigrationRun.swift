import Dispatch
import Foundation
import PlainText
import Synchronization
import SwiftUIMigrate

/// What happened to one file in a run.
struct FileOutcome: Sendable {
    var file: SourceFile
    /// The migration, when the file could be read.
    var migration: FileMigration?
    /// Why the file was skipped, when it could not be read.
    var skipReason: String?
    /// True when the file exists but could not be read (permission denied): the run did not check everything.
    var unread = false
}

/// Runs the engine over many files on a bounded pool of worker threads, handing the
/// outcomes over in input order.
///
/// Workers claim files in order and run at most a window of `filesAheadPerWorker` files per worker ahead of
/// the oldest one not yet handed over, so memory depends on the largest files and the worker count, not on
/// the number of files. The bytes of a file with no findings and no change are dropped
/// before its outcome is kept: a clean file costs nothing once it has been looked at.
enum MigrationRun {
    /// How far a worker may run ahead of the oldest outcome not yet handed over. Most files
    /// cost nearly nothing (the prefilter skips them) while a few are parsed, so a short window
    /// leaves a worker idle behind one slow file; 32 keeps both cores busy (measured: 1.4 CPUs
    /// used with 4, against 1.8 with 32) while memory still depends only on the window and the
    /// largest files.
    static let filesAheadPerWorker = 32

    /// One worker per core.
    static var defaultWorkerCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Reads each file from disk (or its `buffer`, checked as the file's bytes would be),
    /// skipping those over its configuration's size limit. A file is read from disk once: the bytes are
    /// shared with the modules' indexes (`SharedFileBytes`).
    static func reader(for engine: MigrationEngine) -> @Sendable (SourceFile) -> SourceReader.Outcome {
        let runMaxSize = engine.configuration.maxFileSize
        return { file in
            if file.isExcluded { return .skipped("left out by the configuration's include/exclude (--force-exclude)") }
            let maxSize = file.configuration?.maxFileSize ?? runMaxSize
            if let buffer = file.buffer { return SourceReader.decode(buffer, maxSize: maxSize) }
            return file.module?.shared?.readForWorker(file, maxSize: maxSize) ?? SourceReader.read(file, maxSize: maxSize)
        }
    }

    /// Migrates `files` on `workerCount` threads and calls `each` on the calling thread with
    /// every outcome, in input order, as soon as it and all earlier ones are done. The
    /// output is the same as a serial run's. When `each` throws, the files not yet started
    /// are not migrated, and the error is rethrown once the workers have stopped.
    ///
    /// A file past its time budget inside a parse is handed over as timed out when the budget is
    /// spent (`DeadlineWatch`) and its thread left to end on its own, another taking its place;
    /// `waitsForOverdueFiles` waits for the thread instead (the servers: one parse at a time per
    /// document).
    ///
    /// With `forgetsModules`, each module (`ModuleFiles`) forgets what its index read once its last file
    /// has been handed over, so a run over many repositories holds the modules it is in, not every one it
    /// has met; without (the servers, which check a document's text again and again), modules keep it.
    static func stream<Failure: Error>(
        _ files: [SourceFile], engine: MigrationEngine, workerCount: Int = defaultWorkerCount,
        load: @escaping @Sendable (SourceFile) -> SourceReader.Outcome, waitsForOverdueFiles: Bool = false,
        forgetsModules: Bool = false, each: (FileOutcome) throws(Failure) -> Void
    ) throws(Failure) {
        guard !files.isEmpty else { return }
        let workers = max(1, min(workerCount, files.count))
        let window = OutcomeWindow(files: files, size: workers * filesAheadPerWorker)
        let finished = DispatchGroup()
        let watch = waitsForOverdueFiles ? nil : DeadlineWatch.shortestBudget(files, engine: engine).map(DeadlineWatch.init)
        // A worker serves its place until no file is left; one whose file the watch handed over
        // ends early, and a new one takes the place.
        @Sendable func startWorker() {
            let thread = Thread {
                let runner = watch?.enroll()
                while let (index, file) = window.claim() {
                    if let runner {
                        watch?.begin(runner, index: index, file: file, budget: (file.configuration ?? engine.configuration).fileTimeout)
                    }
                    // A file the cancelled run does not migrate gets a placeholder, never handed over.
                    let outcome = window.isCancelled
                        ? FileOutcome(file: file, migration: nil, skipReason: "cancelled") : migrate(file, engine: engine, load: load)
                    if let runner, watch?.finish(runner) == false { return }
                    window.deliver(outcome, at: index)
                }
                finished.leave()
            }
            // The parser and the rules recurse with the nesting of the code: give them the main thread's room.
            thread.stackSize = 16 << 20
            thread.start()
        }
        watch?.start { overdue in
            window.deliver(FileOutcome(file: overdue.file, migration: nil, skipReason: timeoutReason(overdue.budget)), at: overdue.index)
            startWorker()
        }
        for _ in 0..<workers {
            finished.enter()
            startWorker()
        }
        let endingModules = forgetsModules ? Self.modulesEnding(in: files) : [:]
        var failure: Failure?
        for index in files.indices {
            let outcome = window.take(index)
            // Every file before this one is handed over too: no worker needs these modules any more.
            defer { endingModules[index]?.forEach { $0.forget() } }
            guard failure == nil else { continue }
            do {
                try each(outcome)
            } catch {
                failure = error
                window.cancel()
            }
        }
        finished.wait()
        watch?.end()
        if let failure { throw failure }
    }

    /// The modules of `files` by the index of their last file.
    private static func modulesEnding(in files: [SourceFile]) -> [Int: [ModuleFiles]] {
        var last: [ModuleFiles: Int] = [:]
        for case let (index, module?) in files.map(\.module).enumerated() { last[module] = index }
        return Dictionary(grouping: last.keys) { last[$0]! }
    }

    /// Loads and migrates one file; a clean file's bytes are dropped.
    private static func migrate(
        _ file: SourceFile, engine: MigrationEngine, load: (SourceFile) -> SourceReader.Outcome
    ) -> FileOutcome {
        switch load(file) {
        case .skipped(let reason):
            return FileOutcome(file: file, migration: nil, skipReason: reason)
        case .unreadable(let reason):
            return FileOutcome(file: file, migration: nil, skipReason: reason, unread: true)
        case .text(let bytes):
            let engine = file.configuration.map(engine.configured) ?? engine
            var migration = engine.migrate(bytes: bytes, file: file.displayPath, floor: file.floor, module: file.module?.index)
            if let budget = migration.timedOut {
                return FileOutcome(file: file, migration: nil, skipReason: Self.timeoutReason(budget))
            }
            if let excess = migration.tooDeep {
                return FileOutcome(file: file, migration: nil, skipReason: "\(excess); not parsed")
            }
            if migration.findings.isEmpty && migration.internalError == nil && !migration.changed {
                migration.original = []
                migration.migrated = []
            }
            return FileOutcome(file: file, migration: migration, skipReason: nil)
        }
    }

    /// Why a file whose migration took longer than `budget` is skipped.
    static func timeoutReason(_ budget: Duration) -> String {
        "took longer than the \(DurationText.describe(budget)) limit per file (fileTimeout, --file-timeout)"
    }
}

/// The files of a run, claimed in order by the workers, and a ring of `size` slots through
/// which their outcomes reach the consumer in order.
///
/// At most `size` files are claimed and not yet taken (a counting semaphore), so the slot
/// of a newly claimed file is always free; the claim counter and the cancel flag are atomics,
/// and each slot's `filled` semaphore hands its outcome to the consumer. A worker blocks
/// only when it is a whole window ahead of the consumer.
private final class OutcomeWindow: @unchecked Sendable {
    // Unchecked: slot `i % size` is written only once, by the worker that claimed index `i` or,
    // when its budget ran out, by the deadline watch instead (`DeadlineWatch.finish` lets one of
    // them; index `i - size` was taken before `i` could be claimed), and read only by the consumer
    // after waiting on the slot's `filled` semaphore.
    private let files: [SourceFile]
    private let size: Int
    private let slots: UnsafeMutablePointer<FileOutcome?>
    private let permits: DispatchSemaphore
    private let filled: [DispatchSemaphore]
    private let next = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)

    init(files: [SourceFile], size: Int) {
        self.files = files
        self.size = size
        slots = UnsafeMutablePointer<FileOutcome?>.allocate(capacity: size)
        slots.initialize(repeating: nil, count: size)
        permits = DispatchSemaphore(value: size)
        filled = (0..<size).map { _ in DispatchSemaphore(value: 0) }
    }

    deinit {
        slots.deinitialize(count: size)
        slots.deallocate()
    }

    /// The next file to migrate and its index, waiting while `size` files are claimed and not
    /// yet taken; nil when every file has been claimed.
    func claim() -> (Int, SourceFile)? {
        permits.wait()
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < files.count else {
            permits.signal()
            return nil
        }
        return (index, files[index])
    }

    /// Stores the outcome of file `index`.
    func deliver(_ outcome: FileOutcome, at index: Int) {
        slots[index % size] = outcome
        filled[index % size].signal()
    }

    /// Waits for the outcome of file `index` and frees its slot.
    func take(_ index: Int) -> FileOutcome {
        filled[index % size].wait()
        let outcome = slots[index % size].take()!
        permits.signal()
        return outcome
    }

    /// Asks the workers to stop migrating; they still hand over placeholders, in order.
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
