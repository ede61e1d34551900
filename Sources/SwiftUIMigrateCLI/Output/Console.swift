#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The one place the CLI writes to the terminal: stdout for results, stderr for everything else.
final class Console: @unchecked Sendable {
    // Unchecked: writes go through FileHandle, which is thread-safe; the CLI writes from one thread.
    private let out = FileHandle.standardOutput
    private let err = FileHandle.standardError

    /// `--quiet`: status output (`status`, `note`) is dropped; results, warnings and errors are still written. Set
    /// once, before the command runs.
    var quiet = false

    /// Writes `text` to standard output as is.
    func write(_ text: String) {
        out.write(Data(text.utf8))
    }

    /// Writes `bytes` to standard output as they are (a migrated file's text).
    func write(bytes: [UInt8]) {
        out.write(Data(bytes))
    }

    /// Writes `text` to standard error as is.
    func writeError(_ text: String) {
        err.write(Data(text.utf8))
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
