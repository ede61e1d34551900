import ArgumentParsing
import Foundation

/// `batch-job` (internal, not listed): runs one batch repository's job read as JSON from standard input and writes
/// its output as JSON to standard output — how `batch --timeout` runs each repository in a process it can stop.
struct BatchJobCommand: Command {
    static let spec = CommandSpec(
        name: "batch-job", abstract: "Run one repository of a batch (internal: used by batch --timeout).",
        discussion: "Reads the job as JSON on standard input; writes the result as JSON on standard output.",
        options: [], positional: nil)

    static func options(_ arguments: ParsedArguments) throws -> RepositoryJob {
        let input = Data(try StandardInput.readAll())
        do {
            return try JSONDecoder().decode(RepositoryJob.self, from: input)
        } catch {
            throw CommandError("batch-job reads a job from its batch: \(error)")
        }
    }

    let console: Console

    init(console: Console, environment: [String: String]) { self.console = console }

    func run(_ job: RepositoryJob) throws -> Int32 {
        console.write(String(decoding: try JSONEncoder().encode(job.run()), as: UTF8.self) + "\n")
        return ExitCode.success
    }
}
