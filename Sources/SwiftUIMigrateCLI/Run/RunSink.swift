/// Where a run's outcomes go: each consumer of a run — a report streamed or collected, a list of files, a patch, the
/// files written, a branch, the interactive review, the editor's diagnostics, an agent's result, a batch job — is one
/// sink, and a command picks a source (`RunPlan.Source`) and its sinks, then runs (`RunPlan.run(into:)`; as
/// ast-grep's printers, with their `before_print`, `process` and `after_print`). The servers' check of a buffer
/// (`DocumentCheck`) and a batch job's scan or diff keep what they need of each file as it is done (`EachOutcome`).
///
/// A sink says itself whether it streams (SwiftLint's `Reporter.isRealtime`), so no command forks into "collect"
/// and "stream": one that streams takes each file as soon as it and every earlier one are done; the others take the
/// whole run at once.
protocol RunSink {
    /// True when the sink takes each file's outcome as it is done; false when it needs the whole run at once.
    var streams: Bool { get }
    /// Takes outcomes in file order: one file's at a time when the sink streams, else the whole run's.
    func take(_ outcomes: [FileOutcome]) throws
    /// Ends the run, once every outcome is taken.
    func finish() throws
}

extension RunSink {
    var streams: Bool { true }
    func finish() throws {}
}

/// Several sinks fed by one run, in order; it streams when they all do.
struct SinkGroup: RunSink {
    let sinks: [any RunSink]

    var streams: Bool { sinks.allSatisfy(\.streams) }
    func take(_ outcomes: [FileOutcome]) throws { for sink in sinks { try sink.take(outcomes) } }
    func finish() throws { for sink in sinks { try sink.finish() } }
}

/// A sink that takes the whole run, changes it and hands it on to `next`: the interactive review (only the accepted
/// fixes go on), `scan --write-baseline` (the findings it records go on hidden).
struct Relay: RunSink {
    let next: any RunSink
    let change: ([FileOutcome]) throws -> [FileOutcome]

    var streams: Bool { false }
    func take(_ outcomes: [FileOutcome]) throws { try next.take(try change(outcomes)) }
    func finish() throws { try next.finish() }
}

/// A sink that streams: each file's outcome goes to `each` as soon as the file is done.
struct EachOutcome: RunSink {
    let each: (FileOutcome) -> Void

    func take(_ outcomes: [FileOutcome]) { outcomes.forEach(each) }
}
