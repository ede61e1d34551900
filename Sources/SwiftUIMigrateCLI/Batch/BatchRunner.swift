import Dispatch
import Foundation

/// A pool of `jobs` worker threads running one ``RepositoryJob`` at a time each, taking repositories in list
/// order until none is left.
///
/// A slow repository holds one worker while the others carry on; a failing one is a `failed` result, never an
/// exception. Inside a repository the files are migrated with `DispatchQueue.concurrentPerform`, whose threads
/// come from libdispatch's process-wide pool sized to the cores, so `jobs` workers add at most `jobs` threads to it
/// rather than multiplying it.
struct BatchRunner {
    /// How many repositories run at once.
    var jobs: Int

    /// Runs `jobs` over the workers, reporting each start and finish to `progress`; results in input order.
    func run(_ work: [RepositoryJob], progress: BatchProgress) -> [RepositoryJob.Output] {
        let queue = WorkQueue(work)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, work.count)) {
            group.enter()
            let thread = Thread {
                while let (index, job) = queue.next() {
                    progress.started(job.repository.name)
                    let output = job.run()
                    queue.finish(index, output)
                    progress.finished(output.result)
                }
                group.leave()
            }
            // The engine's syntax walks recurse; give workers the main thread's usual stack.
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
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

    init(_ jobs: [RepositoryJob]) {
        self.jobs = jobs
        results = Array(repeating: nil, count: jobs.count)
    }

    /// The next job to run and its index, or nil when every job has been taken.
    func next() -> (Int, RepositoryJob)? {
        lock.withLock {
            guard nextIndex < jobs.count else { return nil }
            defer { nextIndex += 1 }
            return (nextIndex, jobs[nextIndex])
        }
    }

    /// Records the output of job `index`.
    func finish(_ index: Int, _ output: RepositoryJob.Output) {
        lock.withLock { results[index] = output }
    }

    /// Every output, in job order (call once all workers are done).
    var outputs: [RepositoryJob.Output] {
        lock.withLock { results.compactMap { $0 } }
    }
}
