#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// When the migration of one file must stop: once it has spent `Configuration.fileTimeout` of
/// processor time.
///
/// The engine asks between passes and between rules, and the rules' site lists (`RuleContext.sites`)
/// between sites, so a file that would take too long stops at the next such point — never in the
/// middle of a parse or an edit — and is reported as timed out, unchanged. The clock is the
/// processor time of the thread migrating the file (a file is migrated on one thread, start to
/// end), so a busy machine does not make a file run out of time that would not alone; it only
/// moves forward, so once passed a deadline stays passed, and whatever stopped early is thrown
/// away with the file.
public struct FileDeadline: Sendable {
    /// The thread's processor time, in nanoseconds, at which the budget is spent.
    private let end: UInt64?
    /// The coarse monotonic clock, in nanoseconds, before which the budget cannot be spent: a thread
    /// uses at most as much processor time as passes on the clock, so until then `hasPassed` reads
    /// only that clock (no system call) instead of the thread's processor time (one each).
    private let earliest: UInt64
    /// The budget the deadline was set from; nil for none.
    public let budget: Duration?
    /// Asked too: true passes the deadline whatever the time (the work is no longer wanted).
    private let isStopped: (@Sendable () -> Bool)?

    /// A deadline `budget` of this thread's processor time from now, passed early when `isStopped`
    /// says so; nil and nil never pass.
    public init(after budget: Duration?, stoppedWhen isStopped: (@Sendable () -> Bool)? = nil) {
        self.budget = budget
        self.isStopped = isStopped
        guard let budget else {
            (end, earliest) = (nil, 0)
            return
        }
        let nanoseconds = Self.nanoseconds(budget)
        end = Self.threadTime() + nanoseconds
        earliest = Self.coarseTime() + nanoseconds
    }

    /// A deadline that never passes.
    public static let none = FileDeadline(after: nil)

    /// True once the budget is spent (asked on the thread that set it).
    public var hasPassed: Bool {
        if let isStopped, isStopped() { return true }
        guard let end, Self.coarseTime() >= earliest else { return false }
        return Self.threadTime() >= end
    }

    /// `budget` in nanoseconds, capped at about 30 years so that a clock reading plus it cannot overflow.
    public static func nanoseconds(_ budget: Duration) -> UInt64 {
        let (seconds, attoseconds) = budget.components
        return UInt64(min(max(0, seconds), 1_000_000_000)) * 1_000_000_000 + UInt64(max(0, attoseconds / 1_000_000_000))
    }

    /// The processor time the calling thread has used, in nanoseconds.
    private static func threadTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The coarse monotonic clock (read without a system call where the system allows), in nanoseconds.
    private static func coarseTime() -> UInt64 {
        var time = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
        #else
        clock_gettime(CLOCK_MONOTONIC, &time)
        #endif
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
