import Foundation

/// Keeps two `apply` runs from changing one repository (or, outside git, one folder) at the same time.
///
/// The lock is an exclusive `flock` on `<git dir>/swiftui-migrate.lock` (see ``ApplyStateFolder``), held from
/// before the preflight checks until the run ends. The kernel drops a `flock` when its process ends, however
/// it ends (even SIGKILL or a crash), so a dead run never leaves a lock that blocks the next one: a
/// leftover lock file that nobody holds is simply taken over. The file is removed when the lock is
/// released normally.
final class RepositoryLock {
    /// The lock file's path.
    let path: String
    private var descriptor: Int32

    /// Takes the lock whose file is `path`, or throws a one-line error saying another run holds it. With `patience`
    /// (seconds) a held lock is waited for that long first: in-place runs on different files of one folder take turns.
    init(path: String, patience: Double = 0) throws {
        self.path = path
        let deadline = Stopwatch()
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw CommandError("cannot create the lock file \(path): \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK, deadline.elapsedSeconds < patience {
                    usleep(20_000)
                    continue
                }
                if code == EWOULDBLOCK {
                    throw CommandError(
                        "another swiftui-migrate run is applying in this repository (it holds \(path)); "
                            + "wait for it to finish")
                }
                throw CommandError("cannot lock \(path): \(String(cString: strerror(code)))")
            }
            // A run that released the lock meanwhile unlinked the file we opened: take the new one.
            var opened = stat()
            var current = stat()
            if fstat(descriptor, &opened) == 0, stat(path, &current) == 0,
               opened.st_dev == current.st_dev, opened.st_ino == current.st_ino {
                self.descriptor = descriptor
                return
            }
            close(descriptor)
        }
    }

    /// Releases the lock and removes the file (also done on deinit).
    func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
