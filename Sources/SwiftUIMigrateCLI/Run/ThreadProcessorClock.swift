import Foundation

/// The processor time of one thread, readable from another: the clock `FileDeadline` reads on the
/// thread migrating a file, so that a watching thread (`DeadlineWatch`) can tell when that file's
/// budget is spent while the thread is inside a parse and cannot ask.
struct ThreadProcessorClock: @unchecked Sendable {
    // Unchecked: a clock id (Linux) or a thread port (Darwin) is a number, valid from any thread
    // while the thread it names runs.
    #if canImport(Darwin)
    private let thread: mach_port_t
    #else
    private let clock: clockid_t
    #endif

    /// The clock of the calling thread; nil where the system gives none.
    static func current() -> ThreadProcessorClock? {
        #if canImport(Darwin)
        return ThreadProcessorClock(thread: pthread_mach_thread_np(pthread_self()))
        #else
        var clock = clockid_t()
        guard pthread_getcpuclockid(pthread_self(), &clock) == 0 else { return nil }
        return ThreadProcessorClock(clock: clock)
        #endif
    }

    /// The processor time the thread has used, in nanoseconds; nil when it cannot be read. Asked
    /// only while the thread runs (a thread that ended may have passed its clock on).
    var nanoseconds: UInt64? {
        #if canImport(Darwin)
        var info = thread_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<thread_basic_info_data_t>.size / MemoryLayout<integer_t>.size)
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                thread_info(thread, thread_flavor_t(THREAD_BASIC_INFO), $0, &count)
            }
        }
        guard result == KERN_SUCCESS else { return nil }
        let microseconds = (Int64(info.user_time.seconds) + Int64(info.system_time.seconds)) * 1_000_000
            + Int64(info.user_time.microseconds) + Int64(info.system_time.microseconds)
        return UInt64(max(0, microseconds)) * 1_000
        #else
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #endif
    }
}
