#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension stat {
    /// When the file's contents last changed: its modification time, `st_mtim` (`st_mtimespec` on Darwin, which
    /// names the field so), not `st_ctim`'s status change.
    public var lastModification: timespec {
        #if canImport(Darwin)
        st_mtimespec
        #else
        st_mtim
        #endif
    }

    /// `lastModification` in seconds since 1970.
    public var lastModificationSeconds: Double { Double(lastModification.tv_sec) + Double(lastModification.tv_nsec) / 1e9 }
}
