import Foundation

/// Progress of a batch on standard error: one line per finished repository, and on a terminal also a live status
/// line below them, redrawn every second — repositories done out of the total, the failures so far, how long the
/// oldest running repository has been at it, and the ones running.
///
/// ```
/// [3/7] app-settings: migrated, 2 files changed, swiftui-migrate/lifecycle @ 1a2b3c4 (0.41s)
/// batch: 3/7 done, 1 failed · app-login running for 12s · running: app-login, app-feed
/// ```
final class BatchProgress: @unchecked Sendable {
    // Unchecked: the mutable state is touched only while holding `lock`; the console is thread-safe.
    private let lock = NSLock()
    private let console: Console
    private let total: Int
    private let live: Bool
    private var done = 0
    private var failed = 0
    /// The repositories running, oldest first, with when each started.
    private var running: [(name: String, started: Stopwatch)] = []

    /// Progress for `total` repositories; `live` draws the status line (use it when stderr is a terminal).
    init(console: Console, total: Int, live: Bool = BatchProgress.errorIsTerminal) {
        self.console = console
        self.total = total
        self.live = live
        if live {
            Thread { [weak self] in
                while let self, self.redraw() { sleep(1) }
            }.start()
        }
    }

    /// Clears the status line and draws no more (the batch was interrupted).
    func stop() {
        lock.withLock {
            if live { console.status("\r\u{1B}[K") }
            done = total
        }
    }

    /// Redraws the status line (the oldest repository's time moves on); false once every repository is done.
    private func redraw() -> Bool {
        lock.withLock {
            guard done < total else { return false }
            if !running.isEmpty { console.status("\r\u{1B}[K" + statusLine()) }
            return true
        }
    }

    /// True when standard error is a terminal.
    static var errorIsTerminal: Bool { isatty(2) == 1 }

    /// Notes that `name` started.
    func started(_ name: String) {
        lock.withLock {
            running.append((name, Stopwatch()))
            if live { console.status("\r\u{1B}[K" + statusLine()) }
        }
    }

    /// Prints the finished repository's line.
    func finished(_ result: RepositoryResult) {
        lock.withLock {
            guard done < total else { return }
            done += 1
            if result.status == .failed || result.status == .timedOut { failed += 1 }
            if let index = running.firstIndex(where: { $0.name == result.name }) { running.remove(at: index) }
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
        if let oldest = running.first {
            line += " · \(oldest.name) running for \(Int(oldest.started.elapsedSeconds))s"
            line += " · running: " + running.map(\.name).joined(separator: ", ")
        }
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
