import Foundation
import Synchronization

/// Catches the two failures a process cannot report about itself by returning: a hang and a crash.
///
/// Before each input the driver saves it to `inputPath` and calls ``begin()``. A background thread
/// checks the clock; when one input has run longer than the time bound it prints where the input is
/// saved and ends the process with exit status 3. A crash (a trap, a bad access, an abort) prints the
/// same line from a signal handler and then dies with the signal, so the input is never lost.
enum Watchdog {
    /// Starts the watchdog thread and the crash handlers.
    static func start(inputPath: String, timeout: Double) {
        let line = "swiftui-migrate-fuzz: crashed on the input saved at \(inputPath)\n"
        crashMessage = strdup(line)
        crashMessageLength = strlen(crashMessage!)
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] { _ = signal(number, reportCrash) }
        let limit = UInt64(timeout * 1_000_000_000)
        Thread {
            while true {
                usleep(100_000)
                let started = startedAt.load(ordering: .sequentiallyConsistent)
                if started != 0, DispatchTime.now().uptimeNanoseconds - started > limit {
                    FileHandle.standardError.write(Data(
                        "swiftui-migrate-fuzz: hang: one input ran over \(timeout) s; saved at \(inputPath)\n".utf8))
                    _exit(3)
                }
            }
        }.start()
    }

    /// Marks the start of one input.
    static func begin() {
        startedAt.store(DispatchTime.now().uptimeNanoseconds, ordering: .sequentiallyConsistent)
    }

    /// Marks its end.
    static func end() {
        startedAt.store(0, ordering: .sequentiallyConsistent)
    }
}

private let startedAt = Atomic<UInt64>(0)
nonisolated(unsafe) private var crashMessage: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var crashMessageLength = 0

private func reportCrash(_ number: Int32) {
    if let crashMessage { _ = write(2, crashMessage, crashMessageLength) }
    _ = signal(number, SIG_DFL)
    raise(number)
}
