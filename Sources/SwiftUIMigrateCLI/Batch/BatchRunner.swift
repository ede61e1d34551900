import Dispatch
import Foundation

/// A pool of `jobs` worker threads running one ``RepositoryJob`` at a time each, taking repositories in list
/// order until none is left.
///
/// A slow repository holds one worker while the others carry on; a failing one is a `failed` result, never an
/// exception. Inside a repository the files are migrated by `MigrationRun.stream` on threads of its own, one per
/// core, so `jobs` workers run up to `jobs` times that many file threads at once.
///
/// With a time limit (`--timeout`) each repository runs in a child process instead (``RepositoryProcess``), stopped
/// when it runs over.
struct BatchRunner {
    /// How many repositories run at once.
    var jobs: Int
    /// `--timeout`: how long one repository may take; nil runs them in this process, without a limit.
    var limit: TimeLimit?

    /// Runs `jobs` over the workers, reporting each start and finish to `progress`; results in input order.
    ///
    /// On SIGINT, SIGTERM or SIGHUP no repository starts any more; the running children get the signal (each ends
    /// after a write it is in), in-process writes finish, and `interrupted` is called with the outputs of the
    /// repositories that finished, in input order.
    func run(
        _ work: [RepositoryJob], progress: BatchProgress,
        interrupted: @escaping @Sendable (_ finished: [RepositoryJob.Output], _ signalName: String) -> Never
    ) -> [RepositoryJob.Output] {
        let queue = WorkQueue(work)
        SignalGuard.onInterrupt { signalName in
            let finished = queue.stop()
            progress.stop()
            RunningChildren.shared.interruptAll(SIGINT)
            interrupted(finished, signalName)
        }
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, work.count)) {
            group.enter()
            let thread = Thread { [limit] in
                while let (index, job) = queue.next() {
                    progress.started(job.repository.name)
                    let output = limit.map { RepositoryProcess(job: job, limit: $0).run() } ?? job.run()
                    guard queue.finish(index, output) else { break }
                    progress.finished(output.result)
                }
                group.leave()
            }
            // The engine's syntax walks recurse; give workers the main thread's usual stack.
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        // Interrupted: the watcher thread writes the report and ends the process.
        while queue.isStopped { sleep(60) }
        return queue.outputs
    }
}

/// The jobs not yet started and the outputs of those finished, shared by the workers under one lock.
private final class WorkQueue: @unchecked Sendable {
    // Unchecked: every stored property is read and written only while holding `lock`.
    private let lock = NSLock()
    private let jobs: [RepositoryJob]
    private var nextIndex = 0
    private var results: [RepositoryJob.Output?]
    private var stopped = false

    init(_ jobs: [RepositoryJob]) {
        self.jobs = jobs
        results = Array(repeating: nil, count: jobs.count)
    }

    /// The next job to run and its index, or nil when every job has been taken.
    func next() -> (Int, RepositoryJob)? {
        lock.withLock {
            guard !stopped, nextIndex < jobs.count else { return nil }
            defer { nextIndex += 1 }
            return (nextIndex, jobs[nextIndex])
        }
    }

    /// Records the output of job `index`; false (and nothing recorded) once the batch was stopped: a repository
    /// still running then did not finish.
    func finish(_ index: Int, _ output: RepositoryJob.Output) -> Bool {
        lock.withLock {
            guard !stopped else { return false }
            results[index] = output
            return true
        }
    }

    /// True once ``stop()`` was called.
    var isStopped: Bool { lock.withLock { stopped } }

    /// Stops handing out jobs and recording outputs; returns the outputs recorded so far, in job order.
    func stop() -> [RepositoryJob.Output] {
        lock.withLock {
            stopped = true
            return results.compactMap { $0 }
        }
    }

    /// Every output, in job order (call once all workers are done).
    var outputs: [RepositoryJob.Output] {
        lock.withLock { results.compactMap { $0 } }
    }
}
