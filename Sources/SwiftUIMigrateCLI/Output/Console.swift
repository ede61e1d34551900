import Foundation
import Synchronization

/// The one place the CLI writes to the terminal: stdout for results, stderr for everything else.
///
/// Every write is checked (see `OutputDescriptor`). When one fails the run cannot report what it
/// does, so it ends — at once, or when the write to the repository under way has finished (see
/// `SignalGuard.end`): a closed pipe (`| head -1`) ends it quietly, as SIGPIPE would; any other
/// failure (`> /dev/full`) with one `error:` line on stderr, where that still works, and exit 2.
final class Console: Sendable {
    private let out: OutputDescriptor
    private let err: OutputDescriptor

    init(output: OutputDescriptor = .standardOutput, error: OutputDescriptor = .standardError) {
        out = output
        err = error
    }

    /// `--quiet`: status output (`status`, `note`) is dropped; results, warnings and errors are still written. Set
    /// once, before the command runs.
    var quiet: Bool {
        get { quietFlag.load(ordering: .relaxed) }
        set { quietFlag.store(newValue, ordering: .relaxed) }
    }
    private let quietFlag = Atomic<Bool>(false)

    /// Writes `text` to standard output as is.
    func write(_ text: String) {
        send(Array(text.utf8), to: out)
    }

    /// Writes `bytes` to standard output as they are (a migrated file's text).
    func write(bytes: [UInt8]) {
        send(bytes, to: out)
    }

    /// Writes `text` to standard error as is.
    func writeError(_ text: String) {
        send(Array(text.utf8), to: err)
    }

    private func send(_ bytes: [UInt8], to descriptor: OutputDescriptor) {
        switch descriptor.write(bytes) {
        case nil:
            return
        case .closedPipe:
            SignalGuard.end(.signal(SIGPIPE))
        case .failed(let reason):
            if descriptor !== err {
                _ = err.write(Array("error: cannot write to \(descriptor.name): \(reason)\n".utf8))
            }
            SignalGuard.end(.exit(ExitCode.failure))
        }
    }

    /// Makes a closed pipe a failed write (EPIPE) rather than a signal that ends the process
    /// wherever it is; `Console` then ends it at a safe point.
    static func ignoreBrokenPipeSignal() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `error: message` on one line of standard error.
    func error(_ message: String) {
        writeError("error: \(message)\n")
    }

    /// Writes `warning: message` on one line of standard error.
    func warning(_ message: String) {
        writeError("warning: \(message)\n")
    }

    /// Writes `note: message` on one line of standard error, unless quiet.
    func note(_ message: String) {
        status("note: \(message)\n")
    }

    /// Writes status text — progress, the summary table, count and result lines — to standard error as is, unless
    /// quiet.
    func status(_ text: String) {
        if !quiet { writeError(text) }
    }

    /// True when standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(1) == 1 }
}

/// When to color output: `auto` colors a terminal unless NO_COLOR is set.
enum ColorChoice: String, CaseIterable {
    case auto, always, never

    /// True when output should carry ANSI colors.
    func enabled(environment: [String: String], isTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }
}
