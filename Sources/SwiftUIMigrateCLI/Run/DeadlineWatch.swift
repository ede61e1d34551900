import Dispatch
import Foundation
import SwiftUIMigrate

/// Stops waiting for a file whose time budget (`fileTimeout`) is spent while its thread is inside
/// SwiftSyntax's parse, which cannot be interrupted: the engine asks its `FileDeadline` only between
/// passes, rules and sites, so without this a 4 MB file with a 500 ms budget would still take the
/// whole parse (about 10 s in toolchain mode).
///
/// One thread per run looks, a few times per budget, at the file each worker thread is on, with
/// the clock the engine's deadline reads — the worker's processor time, so a busy machine does not
/// time out a file that would not time out alone. A file past its budget is handed over as timed
/// out at once (`overdue`), and the worker is left to finish its parse on its own: the engine then
/// finds its deadline passed and drops what it made, and the thread ends without handing anything
/// over. Until then it keeps using a core; a process that ends stops it.
final class DeadlineWatch: @unchecked Sendable {
    // Unchecked: `runners` and every runner's `file` and `isLeft` are guarded by `lock`.

    /// A worker thread, as the watch sees it: its clock and the file it is migrating.
    final class Runner: @unchecked Sendable {
        fileprivate let clock: ThreadProcessorClock
        fileprivate var file: OverdueFile?
        fileprivate var startedCPU: UInt64 = 0
        fileprivate var startedWall: UInt64 = 0
        /// True once the watch handed its file over: it must hand over nothing and end.
        fileprivate var isLeft = false

        fileprivate init(clock: ThreadProcessorClock) { self.clock = clock }
    }

    /// A file a worker is migrating under a budget, as it is handed over when the budget is spent.
    struct OverdueFile: Sendable {
        let index: Int
        let file: SourceFile
        let budget: Duration
    }

    private let lock = NSLock()
    private var runners: [Runner] = []
    private let interval: DispatchTimeInterval
    private let ended = DispatchSemaphore(value: 0)

    /// A watch for budgets of at least `shortest`: it looks four times per such budget (between
    /// 5 ms and 100 ms apart), so a file is handed over at most a quarter of its budget late.
    init(shortest: Duration) {
        let milliseconds = FileDeadline.nanoseconds(shortest / 4) / 1_000_000
        interval = .milliseconds(Int(min(100, max(5, milliseconds))))
    }

    /// The shortest budget among the files of a run whose engine is `engine`; nil when none has one.
    static func shortestBudget(_ files: [SourceFile], engine: MigrationEngine) -> Duration? {
        let budgets = files.map { $0.configuration?.fileTimeout ?? engine.configuration.fileTimeout }
        return (budgets + [engine.configuration.fileTimeout]).compactMap { $0 }.min()
    }

    /// Starts the watching thread; `overdue` is called on it with each file whose budget is spent.
    func start(overdue: @escaping @Sendable (OverdueFile) -> Void) {
        Thread { [self] in
            while ended.wait(timeout: .now() + interval) == .timedOut {
                for file in takeOverdue() { overdue(file) }
            }
        }.start()
    }

    /// Ends the watching thread.
    func end() { ended.signal() }

    /// Registers the calling thread as a worker; nil where its processor time cannot be read
    /// (its files are then waited for).
    func enroll() -> Runner? {
        guard let clock = ThreadProcessorClock.current() else { return nil }
        let runner = Runner(clock: clock)
        lock.withLock { runners.append(runner) }
        return runner
    }

    /// Marks the start of `file` (the run's file `index`) on `runner`'s thread, under `budget` (nil: none).
    func begin(_ runner: Runner, index: Int, file: SourceFile, budget: Duration?) {
        let started = (runner.clock.nanoseconds, DispatchTime.now().uptimeNanoseconds)
        lock.withLock {
            guard let budget, let cpu = started.0 else { return }
            runner.file = OverdueFile(index: index, file: file, budget: budget)
            (runner.startedCPU, runner.startedWall) = (cpu, started.1)
        }
    }

    /// Marks the end of `runner`'s file: true when its outcome is to be handed over, false when the
    /// watch handed the file over as timed out (the thread must then end).
    func finish(_ runner: Runner) -> Bool {
        lock.withLock {
            runner.file = nil
            return !runner.isLeft
        }
    }

    /// The files past their budget, each marked so its worker hands nothing over.
    private func takeOverdue() -> [OverdueFile] {
        let now = DispatchTime.now().uptimeNanoseconds
        return lock.withLock {
            var overdue: [OverdueFile] = []
            for runner in runners {
                guard let file = runner.file else { continue }
                let budget = FileDeadline.nanoseconds(file.budget)
                // A thread uses at most as much processor time as passes on the clock: until then, no
                // system call.
                guard now &- runner.startedWall >= budget, let cpu = runner.clock.nanoseconds,
                      cpu &- runner.startedCPU >= budget else { continue }
                runner.isLeft = true
                runner.file = nil
                overdue.append(file)
            }
            runners.removeAll { $0.isLeft }
            return overdue
        }
    }
}
