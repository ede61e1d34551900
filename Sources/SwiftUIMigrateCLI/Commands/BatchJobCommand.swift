import ArgumentParsing
import Foundation

/// `batch-job` (internal, not listed): runs one batch repository's job read as JSON from standard input and writes
/// its output as JSON to standard output — how `batch --timeout` runs each repository in a process it can stop.
struct BatchJobCommand: ConsoleCommand {
    static let spec = CommandSpec(
        name: "batch-job", abstract: "Run one repository of a batch (internal: used by batch --timeout).",
        discussion: "Reads the job as JSON on standard input; writes the result as JSON on standard output.",
        options: [], positional: nil)

    static func options(_ arguments: ParsedArguments) throws -> RepositoryJob {
        endWithTheBatch()
        let input = Data(try StandardInput.readAll())
        do {
            return try JSONDecoder().decode(RepositoryJob.self, from: input)
        } catch {
            throw CommandError("batch-job reads a job from its batch: \(error)")
        }
    }

    /// Has the system send SIGTERM to this process when the batch that started it dies, however it dies (a
    /// SIGKILL included, which gives the batch no chance to stop its children): the job runs in a process group
    /// of its own, so nothing else would reach it, and it would run on unwatched. SIGTERM, not SIGKILL, so an
    /// apply under way ends as an interrupted one does, with its journal. Linux only (`prctl`).
    private static func endWithTheBatch() {
        #if os(Linux)
        // prctl is variadic in <sys/prctl.h>, so it is not imported; PR_SET_PDEATHSIG is 1.
        typealias Prctl = @convention(c) (Int32, UInt) -> Int32
        if let symbol = dlsym(nil, "prctl") { _ = unsafeBitCast(symbol, to: Prctl.self)(1, UInt(SIGTERM)) }
        #endif
    }

    let console: Console

    func run(_ job: RepositoryJob) throws -> Int32 {
        console.write(String(decoding: try JSONEncoder().encode(job.run()), as: UTF8.self) + "\n")
        return ExitCode.success
    }
}
