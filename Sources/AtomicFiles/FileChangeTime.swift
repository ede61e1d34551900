#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension stat {
    /// When the file last changed: `st_mtim` (`st_mtimespec` on Darwin, which names the field so).
    public var lastChange: timespec {
        #if canImport(Darwin)
        st_mtimespec
        #else
        st_mtim
        #endif
    }

    /// `lastChange` in seconds since 1970.
    public var lastChangeSeconds: Double { Double(lastChange.tv_sec) + Double(lastChange.tv_nsec) / 1e9 }
}
