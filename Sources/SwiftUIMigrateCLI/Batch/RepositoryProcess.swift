import Foundation
import GitStage

/// Runs one repository's job in a child process (`swiftui-migrate batch-job`) that is stopped when it outlives the
/// batch's `--timeout`: the only way to stop a push that libgit2 waits on forever (libgit2 1.5 has no network
/// timeout), a hung file system or a slow file. A stopped repository's half-done apply is undone from its journal and
/// it is reported `timed-out`; the others carry on.
struct RepositoryProcess {
    let job: RepositoryJob
    let limit: TimeLimit

    /// Runs the job to its end or its time limit.
    func run() -> RepositoryJob.Output {
        let stopwatch = Stopwatch()
        var result = RepositoryResult(name: job.repository.name, path: job.repository.path, status: .failed)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = [BatchJobCommand.spec.name]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            let description = try JSONEncoder().encode(job)
            try RunningChildren.shared.start(process)
            // The job is far smaller than a pipe's buffer; a child that died at once makes this throw, not block.
            try? input.fileHandleForWriting.write(contentsOf: description)
            try? input.fileHandleForWriting.close()
        } catch {
            result.error = "cannot start a process for the repository: \(error)"
            return RepositoryJob.Output(result: result, patch: "")
        }
        let reading = DispatchGroup()
        nonisolated(unsafe) var bytes = Data()
        DispatchQueue.global().async(group: reading) { bytes = output.fileHandleForReading.readDataToEndOfFile() }
        let timedOut = ended.wait(timeout: .now() + limit.seconds) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        RunningChildren.shared.finished(process)
        reading.wait()
        if !timedOut, let decoded = try? JSONDecoder().decode(RepositoryJob.Output.self, from: bytes) { return decoded }
        if timedOut { result.status = .timedOut }
        result.error = (timedOut ? "stopped after \(limit) (--timeout)"
            : process.terminationReason == .uncaughtSignal ? "its process was ended by signal \(process.terminationStatus)"
            : "its process exited \(process.terminationStatus) without a result") + "; " + undo()
        result.durationSeconds = (stopwatch.elapsedSeconds * 1000).rounded() / 1000
        return RepositoryJob.Output(result: result, patch: "")
    }

    /// Undoes what the stopped job left half done — an apply interrupted midway, from its journal — and says what
    /// state the repository is in.
    private func undo() -> String {
        guard case .apply = job.mode else { return "nothing had been written (\(job.mode.name) changes nothing)" }
        guard let repository = try? Repository.discoverIfPresent(from: job.repository.path) else {
            return "the repository could not be opened to check it"
        }
        let state = ApplyStateFolder(repository)
        do {
            let lock = try state.lock()
            defer { lock.release() }
            guard let interrupted = try InterruptedApply.find(in: state, repository: repository) else {
                let branch = try? repository.branchExists(job.commit.branch)
                return branch == true
                    ? "no half-done write; the branch '\(job.commit.branch)' is kept (a re-run says already-applied"
                        + (job.push == nil ? ")" : " and pushes it)")
                    : "nothing had been written"
            }
            _ = try interrupted.abort()
            return "its half-done apply was undone: the repository is as it was"
        } catch {
            return "undoing its half-done apply failed: \(error) (run 'swiftui-migrate apply --abort' in it)"
        }
    }

    /// This program, to run the child with.
    static var executable: String {
        #if os(Linux)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}

/// The child processes running repositories, so an interrupted batch can pass the signal on and wait for them.
final class RunningChildren: @unchecked Sendable {
    // Unchecked: `processes` is touched only while holding `lock`.
    static let shared = RunningChildren()
    private let lock = NSLock()
    private var processes: [Int32: Process] = [:]

    /// Starts `process` and notes it.
    func start(_ process: Process) throws {
        try lock.withLock {
            try process.run()
            processes[process.processIdentifier] = process
        }
    }

    /// Forgets `process`, which has ended.
    func finished(_ process: Process) {
        _ = lock.withLock { processes.removeValue(forKey: process.processIdentifier) }
    }

    /// Sends `signal` to every running child and waits until each has ended (each finishes a write it is in first).
    func interruptAll(_ signal: Int32) {
        let running = lock.withLock { Array(processes.values) }
        for process in running { kill(process.processIdentifier, signal) }
        for process in running { process.waitUntilExit() }
    }
}
