import PlainText
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents so that a reader — or a crash — sees either the old bytes or the new, never a mix.
///
/// The bytes go to a temporary file in the same folder (same file system, so the final `rename` is atomic), are
/// flushed with `fsync`, take the existing file's mode bits (and owner, when allowed), and the temporary file is
/// renamed over the target. The bytes are written exactly as given, so CRLF line endings and a missing final newline
/// survive. A symbolic link is refused rather than followed or replaced: writing through it would change a file
/// somewhere else, replacing it would turn the link into a copy.
public enum AtomicFileWrite {
    /// Writes `bytes` to `path` atomically.
    ///
    /// - Parameter original: the bytes the caller read and based `bytes` on. When given and the file now holds
    ///   something else (or no longer exists), nothing is written and ``FileWriteError/changedOnDisk(path:)`` is
    ///   thrown, so a concurrent edit is never overwritten; a file without its owner's write bit throws
    ///   ``FileWriteError/readOnly(path:)``. `nil` writes unconditionally (and creates the file, mode
    ///   0644, when it does not exist).
    public static func write(_ bytes: [UInt8], to path: String, expecting original: [UInt8]?) throws {
        let existing = try regularFileStatus(path)
        if let original {
            guard let existing, try readRegularFile(path) == original else {
                throw FileWriteError.changedOnDisk(path: path)
            }
            // The rename would replace a file without write permission (the folder's permission is what counts):
            // respect the read-only bit, also for root, whom access(2) would always let through.
            guard existing.st_mode & S_IWUSR != 0 else { throw FileWriteError.readOnly(path: path) }
        }

        let folder = PathText.folder(of: path) ?? ".", name = PathText.name(of: path)
        var template = Array("\(folder)/.\(name)\(temporarySuffix)XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileWriteError.system(path: path, operation: "create a temporary file", errno: errno) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        var isOpen = true
        defer {
            if isOpen { close(descriptor) }
            if !renamed { unlink(temporaryPath) }
        }

        try writeAll(bytes, to: descriptor, path: path)
        let mode = existing.map { mode_t($0.st_mode) & 0o7777 } ?? 0o644
        guard fchmod(descriptor, mode) == 0 else {
            throw FileWriteError.system(path: path, operation: "set the mode of", errno: errno)
        }
        if let existing, existing.st_uid != geteuid() || existing.st_gid != getegid() {
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // best effort: only root or the owner may
        }
        guard fsync(descriptor) == 0 else { throw FileWriteError.system(path: path, operation: "flush", errno: errno) }
        isOpen = false
        guard close(descriptor) == 0 else { throw FileWriteError.system(path: path, operation: "close", errno: errno) }

        // Check again right before the rename: the window for a concurrent edit is now as short as it gets.
        let current = try regularFileStatus(path)
        if let original {
            guard current != nil, try readRegularFile(path) == original else {
                throw FileWriteError.changedOnDisk(path: path)
            }
        }
        guard rename(temporaryPath, path) == 0 else {
            throw FileWriteError.system(path: path, operation: "replace", errno: errno)
        }
        renamed = true
        syncFolder(folder)
    }

    /// What the temporary file's name adds to `.<name>` before mkstemp's six random characters.
    static let temporarySuffix = ".swiftui-migrate-"

    /// True for the name of a temporary file this type creates: `.<name>.swiftui-migrate-XXXXXX`.
    public static func isTemporaryFileName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let suffix = Array(temporarySuffix.utf8)
        guard bytes.count > 1 + suffix.count + 6, bytes[0] == UInt8(ascii: ".") else { return false }
        let random = bytes.suffix(6)
        let marker = bytes.dropLast(6).suffix(suffix.count)
        return Array(marker) == suffix && random.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }
    }

    /// Removes the temporary files an interrupted write left in `folder` (a SIGKILL between creating one and the
    /// rename); returns their paths. Call it only while no other write can be under way there (holding the lock of
    /// the run that writes there). With `name`, only those of the file `name` are removed.
    @discardableResult
    public static func sweepTemporaryFiles(in folder: String, of name: String? = nil) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var removed: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard isTemporaryFileName(entryName) else { continue }
            if let name, !entryName.hasPrefix("." + name + temporarySuffix) { continue }
            let path = PathText.join(folder, entryName)
            if (try? regularFileStatus(path)) != nil, unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }

    /// `lstat` of `path`: nil when it does not exist; an error for a symbolic link or anything but a regular file.
    public static func regularFileStatus(_ path: String) throws -> stat? {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw FileWriteError.system(path: path, operation: "inspect", errno: errno)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return status
        case S_IFLNK: throw FileWriteError.symbolicLink(path: path)
        default: throw FileWriteError.notARegularFile(path: path)
        }
    }

    /// The bytes of a regular file, refusing to follow a symbolic link and refusing anything but a regular file (a
    /// FIFO is opened without waiting for a writer, then refused).
    public static func readRegularFile(_ path: String) throws -> [UInt8] {
        let descriptor = posixOpen(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw FileWriteError.symbolicLink(path: path) }
            throw FileWriteError.system(path: path, operation: "read", errno: errno)
        }
        defer { close(descriptor) }
        // Room for the size `fstat` gives and a byte more, so one read brings the file and the next its end; a file
        // that grows meanwhile gets more room.
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileWriteError.system(path: path, operation: "read", errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw FileWriteError.notARegularFile(path: path) }
        var result = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var filled = 0
        while true {
            if filled == result.count { result += repeatElement(0, count: result.count) }
            let count = result.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileWriteError.system(path: path, operation: "read", errno: errno)
            }
            if count == 0 {
                result.removeLast(result.count - filled)
                return result
            }
            filled += count
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw FileWriteError.system(path: path, operation: "write", errno: errno)
                }
                offset += count
            }
        }
    }

    /// Makes the rename durable; best effort, as some file systems refuse `fsync` on a folder.
    private static func syncFolder(_ folder: String) {
        let descriptor = posixOpen(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

/// Why ``AtomicFileWrite`` wrote nothing (or, for a failed rename, left the old file in place).
public enum FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file no longer holds the bytes the caller read: someone edited (or removed) it meanwhile.
    case changedOnDisk(path: String)
    /// The path is a symbolic link; it is neither written through nor replaced.
    case symbolicLink(path: String)
    /// The path is a folder, device or other non-regular file.
    case notARegularFile(path: String)
    /// The file has no write permission for its owner; it is left as it is.
    case readOnly(path: String)
    /// A system call failed; `operation` is a verb phrase ("write", "replace"), `errno` the C error number.
    case system(path: String, operation: String, errno: Int32)

    /// Why, without the path, for a summary's `not written: <why>`: "symbolic link", "read-only", ….
    public var why: String {
        switch self {
        case .changedOnDisk: "changed on disk since it was read"
        case .symbolicLink: "symbolic link"
        case .notARegularFile: "not a regular file"
        case .readOnly: "read-only"
        case .system(_, let operation, let code): "cannot \(operation) it: \(String(cString: strerror(code)))"
        }
    }

    /// One line naming the path.
    public var description: String {
        switch self {
        case .changedOnDisk(let path): "\(path) changed on disk since it was read"
        case .symbolicLink(let path): "\(path) is a symbolic link; not writing through it"
        case .notARegularFile(let path): "\(path) is not a regular file"
        case .readOnly(let path): "\(path) is read-only; not replacing it"
        case .system(let path, let operation, let code): "cannot \(operation) \(path): \(String(cString: strerror(code)))"
        }
    }
}

// File-scope wrappers: inside `AtomicFileWrite`, `write` and `open` would name the enum's own members.
private func posixOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
