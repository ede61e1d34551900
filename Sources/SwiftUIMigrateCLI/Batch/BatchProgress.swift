#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Progress of a batch on standard error: one line per finished repository, and on a terminal also a live status
/// line below them — repositories done out of the total, the ones running, and the failures so far.
///
/// ```
/// [3/7] app-settings: migrated, 2 files changed, swiftui-migrate/lifecycle @ 1a2b3c4 (0.41s)
/// batch: 3/7 done, 1 failed · running: app-login, app-feed
/// ```
final class BatchProgress: @unchecked Sendable {
    // Unchecked: the mutable state is touched only while holding `lock`; the console is thread-safe.
    private let lock = NSLock()
    private let console: Console
    private let total: Int
    private let live: Bool
    private var done = 0
    private var failed = 0
    private var running: [String] = []

    /// Progress for `total` repositories; `live` draws the status line (use it when stderr is a terminal).
    init(console: Console, total: Int, live: Bool = BatchProgress.errorIsTerminal) {
        self.console = console
        self.total = total
        self.live = live
    }

    /// True when standard error is a terminal.
    static var errorIsTerminal: Bool { isatty(2) == 1 }

    /// Notes that `name` started.
    func started(_ name: String) {
        lock.withLock {
            running.append(name)
            if live { console.status("\r\u{1B}[K" + statusLine()) }
        }
    }

    /// Prints the finished repository's line.
    func finished(_ result: RepositoryResult) {
        lock.withLock {
            done += 1
            if result.status == .failed { failed += 1 }
            if let index = running.firstIndex(of: result.name) { running.remove(at: index) }
            var text = "[\(done)/\(total)] \(result.name): \(result.status.rawValue)"
            let detail = BatchTable.detail(of: result)
            if result.filesChanged > 0 {
                text += ", \(result.filesChanged) file\(result.filesChanged == 1 ? "" : "s") changed"
            }
            if !detail.isEmpty { text += ", " + detail }
            text += " (\(BatchTable.seconds(result.durationSeconds)))\n"
            if live {
                console.status("\r\u{1B}[K" + text + (done < total ? statusLine() : ""))
            } else {
                console.status(text)
            }
        }
    }

    /// The status line, cut to the terminal's width.
    private func statusLine() -> String {
        var line = "batch: \(done)/\(total) done"
        if failed > 0 { line += ", \(failed) failed" }
        if !running.isEmpty { line += " · running: " + running.joined(separator: ", ") }
        let width = Self.terminalWidth()
        if line.count > width - 1 { line = String(line.prefix(max(0, width - 2))) + "…" }
        return line
    }

    private static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 10 { return Int(size.ws_col) }
        return 80
    }
}
