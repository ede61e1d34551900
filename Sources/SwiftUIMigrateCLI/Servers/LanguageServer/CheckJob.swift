import Foundation

/// The check of a large document's text, running off the language server's queue so that every
/// other request is answered meanwhile. A newer text stops it (`stop()`): the engine asks between
/// passes, rules and sites (`MigrationEngine.isStopped`), and what it made is dropped.
final class CheckJob: @unchecked Sendable {
    // Unchecked: `stopped` is guarded by `lock`.
    private let lock = NSLock()
    private var stopped = false

    /// Asks the check to stop; its result is no longer wanted.
    func stop() { lock.withLock { stopped = true } }

    /// True once `stop()` was called (asked from the checking thread).
    var isStopped: Bool { lock.withLock { stopped } }

    /// Gives the memory freed by a large document back to the system: glibc keeps freed heap
    /// pages for reuse, so without this the server's resident size stays at its peak after the
    /// document is closed.
    static func releaseFreedMemory() {
        #if canImport(Glibc)
        // malloc_trim is declared in <malloc.h>, which the Glibc module does not bring in.
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
        #endif
    }

    /// Has glibc map every block of 1 MiB or more on its own, for the server's life. By default glibc
    /// raises that threshold each time such a block is freed (up to 32 MiB), so after a large document's
    /// first check its parse arenas come from the heap, where what they leave scattered stays resident
    /// (13 MB of a 3.9 MB document's check, measured, which `malloc_trim` could not give back). A fixed
    /// threshold of 256 KiB cost the dense 2,016-line file 1.4 ms more CPU per change; 1 MiB leaves its blocks in the heap.
    static func mapLargeBlocksApart() {
        #if canImport(Glibc)
        // mallopt and M_MMAP_THRESHOLD (-3) are declared in <malloc.h>, which the Glibc module does not bring in.
        typealias Option = @convention(c) (Int32, Int32) -> Int32
        if let symbol = dlsym(nil, "mallopt") { _ = unsafeBitCast(symbol, to: Option.self)(-3, 1 << 20) }
        #endif
    }
}
