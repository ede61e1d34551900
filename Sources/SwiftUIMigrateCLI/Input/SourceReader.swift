import Foundation

/// `read(2)`; the name `read` alone would mean a method inside the types below.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, buffer, count) }

/// One `read(2)` of up to 64 KiB from `descriptor` onto the end of `bytes`, again when a signal interrupts it: how
/// many bytes came (0 at the end of the input), nil when the read failed (`errno` says why).
func readChunk(from descriptor: Int32, onto bytes: inout [UInt8]) -> Int? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64 * 1024) { chunk in
        while true {
            let count = systemRead(descriptor, chunk.baseAddress, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count > 0 { bytes.append(contentsOf: chunk[..<count]) }
            return count < 0 ? nil : count
        }
    }
}

/// Reads a Swift file's bytes, or says in one line why it is skipped.
enum SourceReader {
    enum Outcome {
        case text([UInt8])
        case skipped(String)
        /// The file exists but could not be opened or read (permission denied, an I/O error): not checked,
        /// which the run's exit status says.
        case unreadable(String)
    }

    /// The file's bytes when they are UTF-8 text within `maxSize`; otherwise why not.
    ///
    /// The size and kind come from `fstat` of the file opened (a symbolic link is followed), so a link to a
    /// large file, a folder or a pipe is skipped before anything is read. The file is opened without waiting
    /// (a pipe's open would wait for a writer) and then stat'ed: one walk of its path, not two.
    static func read(_ file: SourceFile, maxSize: Int) -> Outcome {
        guard let (descriptor, status) = openRegularFile(file.absolutePath) else {
            return unopened(file.absolutePath, maxSize: maxSize, error: errno)
        }
        defer { close(descriptor) }
        if Int(status.st_size) > maxSize { return .skipped(tooLarge(maxSize)) }
        guard let bytes = readAll(descriptor, expectedSize: Int(status.st_size)) else {
            return .unreadable(cannotBeRead(errno))
        }
        return decode(bytes, maxSize: maxSize)
    }

    /// Why the file at `path` was not opened as a regular file (`error`, 0 when it is not one), told as a `stat`
    /// tells it: a socket is not a regular file and an unreadable file above `maxSize` is too large, as before
    /// any open.
    private static func unopened(_ path: String, maxSize: Int, error: Int32) -> Outcome {
        var status = stat()
        guard stat(path, &status) == 0 else { return .unreadable(cannotBeRead(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .skipped("not a regular file") }
        if Int(status.st_size) > maxSize { return .skipped(tooLarge(maxSize)) }
        return .unreadable(cannotBeRead(error))
    }

    private static func tooLarge(_ maxSize: Int) -> String { "larger than the \(maxSize)-byte limit (maxFileSize)" }

    /// Why a file gave no bytes, as the system says it: "cannot be read: Permission denied".
    static func cannotBeRead(_ error: Int32) -> String { "cannot be read: \(String(cString: strerror(error)))" }

    /// The whole file at `path` (any size), nil when it cannot be read: for the small files a run reads
    /// beside the Swift files (configuration files, manifests, Xcode projects).
    static func bytes(atPath path: String) -> [UInt8]? {
        guard let (descriptor, status) = openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        return readAll(descriptor, expectedSize: Int(status.st_size))
    }

    /// The regular file at `path`, opened for reading, with its status; nil with `errno` set when it cannot
    /// be opened, or with `errno` 0 when it is not a regular file (a folder, a pipe, a device).
    private static func openRegularFile(_ path: String) -> (Int32, stat)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let failure = errno
            close(descriptor)
            errno = failure
            return nil
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            errno = 0
            return nil
        }
        return (descriptor, status)
    }

    /// True when a skip `reason` says the system ran out of file descriptors or memory — nothing about
    /// the file itself — so a run that writes must stop instead of applying a partial migration.
    static func isResourceExhaustion(_ reason: String) -> Bool {
        [EMFILE, ENFILE, ENOMEM].contains { reason.hasSuffix(String(cString: strerror($0))) }
    }

    /// The rest of the open file `descriptor`, or nil with `errno` set. `expectedSize` (from `fstat`) sizes
    /// the buffer, so a file is read with one allocation and, usually, one `read`.
    private static func readAll(_ descriptor: Int32, expectedSize: Int) -> [UInt8]? {
        var failed = false
        var result = [UInt8](unsafeUninitializedCapacity: expectedSize + 1) { buffer, initialized in
            var total = 0
            while total < buffer.count {
                let count = systemRead(descriptor, buffer.baseAddress! + total, buffer.count - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if count == 0 { break }
                total += count
            }
            initialized = total
        }
        if failed { return nil }
        guard result.count > expectedSize else { return result }
        // The file grew since `fstat`: read the rest in chunks.
        while let count = readChunk(from: descriptor, onto: &result) {
            if count == 0 { return result }
        }
        return nil
    }

    /// True when `bytes` are well-formed UTF-8 (RFC 3629: no overlong form, no surrogate, nothing above
    /// U+10FFFF), as `String(validating:as:)` judges, without making the string: eight bytes at a time
    /// while they are ASCII, as most of a Swift file is, and each other character byte by byte.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            let count = raw.count
            var index = 0
            while index < count {
                if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                let lead = raw[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                // The bytes after the lead byte, and the range the first of them must fall in.
                let length: Int
                var first: ClosedRange<UInt8> = 0x80...0xBF
                switch lead {
                case 0xC2...0xDF: length = 1
                case 0xE0: length = 2; first = 0xA0...0xBF
                case 0xE1...0xEC, 0xEE...0xEF: length = 2
                case 0xED: length = 2; first = 0x80...0x9F
                case 0xF0: length = 3; first = 0x90...0xBF
                case 0xF1...0xF3: length = 3
                case 0xF4: length = 3; first = 0x80...0x8F
                default: return false
                }
                guard index + length < count, first.contains(raw[index + 1]) else { return false }
                for next in stride(from: index + 2, through: index + length, by: 1) where raw[next] & 0xC0 != 0x80 {
                    return false
                }
                index += length + 1
            }
            return true
        }
    }

    /// `bytes` as a file's text, or why it is skipped (also used for blobs read from a commit).
    static func decode(_ bytes: [UInt8], maxSize: Int) -> Outcome {
        if bytes.count > maxSize { return .skipped(tooLarge(maxSize)) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return .skipped("UTF-16 text; only UTF-8 is read (convert the file to UTF-8)")
        }
        guard isUTF8(bytes) else {
            return .skipped("not UTF-8 text")
        }
        return .text(bytes)
    }
}
