import Foundation
import Synchronization

/// Makes SIGINT, SIGTERM and SIGHUP wait while `apply` changes files or the repository.
///
/// Outside a deferred section a signal ends the process at once, as usual: nothing has been written
/// yet (or everything has). Inside one, the signal is only noted; the section runs to its end — a
/// completed write, or GitStage's rollback when a step fails — and then the signal takes effect with
/// its default action, so the shell sees the usual 128+N status. An interrupted `apply` therefore
/// leaves either the complete result or the original state, never a half-written file or a held
/// `index.lock`. SIGKILL cannot be caught; atomic writes and libgit2's lock files still keep every
/// file whole then, but a run killed that way mid-write may leave part of the migration applied.
enum SignalGuard {
    /// The signals that are deferred.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers (once per process; later calls do nothing).
    static func install() {
        guard !installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        for number in signals { _ = signal(number, handleSignal) }
    }

    /// Runs `body` with the signals deferred; one that arrived meanwhile is re-raised when `body`
    /// returns or throws, after `announce` has said what state that leaves (`completed` is false
    /// when `body` threw, so whatever it started was rolled back).
    static func deferringInterruptions<T>(
        announce: (_ signalName: String, _ completed: Bool) -> Void, _ body: () throws -> T
    ) rethrows -> T {
        install()
        // An interrupted batch is writing its report and ending: start nothing new.
        while closing.load(ordering: .sequentiallyConsistent) { sleep(1) }
        depth.add(1, ordering: .sequentiallyConsistent)
        var completed = false
        defer {
            if depth.subtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
                let signal = pending.exchange(0, ordering: .sequentiallyConsistent)
                if signal != 0 {
                    // Another thread (a batch worker) may have opened a section meanwhile: leave the
                    // signal to it rather than end the process in the middle of its write.
                    if depth.load(ordering: .sequentiallyConsistent) > 0 {
                        _ = pending.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
                    } else {
                        announce(name(of: signal), completed)
                        interrupt(signal)
                    }
                }
                if depth.load(ordering: .sequentiallyConsistent) == 0 { endIfRequested() }
            }
        }
        let result = try body()
        completed = true
        return result
    }

    /// Makes the deferred signals call `handler` — on a thread of its own, once no deferred section is open — instead
    /// of ending the process at once; a deferred section that would start after the signal waits for the process to
    /// end instead. A second signal ends the process at once. `batch` uses it to write the report of what finished.
    static func onInterrupt(_ handler: @escaping @Sendable (_ signalName: String) -> Never) {
        install()
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        Thread {
            var number: Int32 = 0
            while read(readEnd, &number, MemoryLayout<Int32>.size) != MemoryLayout<Int32>.size {}
            closing.store(true, ordering: .sequentiallyConsistent)
            while depth.load(ordering: .sequentiallyConsistent) > 0 { usleep(10_000) }
            handler(name(of: number))
        }.start()
        watcher.store(writeEnd, ordering: .sequentiallyConsistent)
    }

    /// How the process ends when it cannot go on (a write to standard output or error failed).
    enum Ending: Equatable {
        /// `exit(status)`.
        case exit(Int32)
        /// As `signal`'s default action would end it, saying nothing (SIGPIPE for a closed pipe).
        case signal(Int32)
    }

    /// Ends the process as `ending` says: at once outside a deferred section, else when the last
    /// one finishes (so a write under way completes first). The first ending asked for wins.
    static func end(_ ending: Ending) {
        let code: Int32 = switch ending {
        case .exit(let status): status
        case .signal(let number): -number
        }
        _ = requestedEnding.compareExchange(expected: 0, desired: code, ordering: .sequentiallyConsistent)
        if depth.load(ordering: .sequentiallyConsistent) == 0 { endIfRequested() }
    }

    /// Ends the process now if `end(_:)` was asked for while a deferred section ran; returns otherwise.
    static func endIfRequested() {
        let code = requestedEnding.load(ordering: .sequentiallyConsistent)
        if code > 0 { _exit(code) }
        if code < 0 { terminate(-code) }
    }

    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }
}

private let installed = Atomic<Bool>(false)
/// How many deferred sections are open (they may nest).
private let depth = Atomic<Int>(0)
/// The first signal received while deferring, or 0.
private let pending = Atomic<Int32>(0)
/// The write end of the pipe that wakes ``SignalGuard/onInterrupt(_:)``'s thread, or -1.
private let watcher = Atomic<Int32>(-1)
/// How many signals have reached the watcher; the second ends the process at once.
private let interruptions = Atomic<Int>(0)
/// True once the watcher took a signal: deferred sections no longer start.
private let closing = Atomic<Bool>(false)

/// Hands `signal` to the watcher when there is one (the first time), else ends the process.
private func interrupt(_ signal: Int32) {
    let descriptor = watcher.load(ordering: .sequentiallyConsistent)
    guard descriptor >= 0, interruptions.add(1, ordering: .sequentiallyConsistent).newValue == 1 else { terminate(signal) }
    var number = signal
    _ = write(descriptor, &number, MemoryLayout<Int32>.size)
}

/// The ending `SignalGuard.end` asked for: an exit status (> 0), a signal (its negative), or 0 for none.
private let requestedEnding = Atomic<Int32>(0)

/// The handler: only lock-free atomics and async-signal-safe calls.
private func handleSignal(_ signal: Int32) {
    if depth.load(ordering: .sequentiallyConsistent) > 0 {
        _ = pending.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
        // The section may have ended (and looked for a pending signal) in between: then act now.
        if depth.load(ordering: .sequentiallyConsistent) == 0,
           pending.exchange(0, ordering: .sequentiallyConsistent) != 0 { interrupt(signal) }
    } else {
        interrupt(signal)
    }
}

/// Ends the process the way `signal` would have without a handler.
private func terminate(_ number: Int32) -> Never {
    _ = signal(number, SIG_DFL)
    raise(number)
    _exit(128 + number)
}

