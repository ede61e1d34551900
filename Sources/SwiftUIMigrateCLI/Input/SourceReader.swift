#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads a Swift file's bytes, or says in one line why it is skipped.
enum SourceReader {
    enum Outcome {
        case text([UInt8])
        case skipped(String)
    }

    /// The file's bytes when they are UTF-8 text within `maxSize`; otherwise why not.
    ///
    /// The size and kind come from `stat` of the file a symbolic link points to, so a link to a
    /// large file, a folder or a pipe is skipped before anything is read.
    static func read(_ file: SourceFile, maxSize: Int) -> Outcome {
        var status = stat()
        guard stat(file.absolutePath, &status) == 0 else {
            return .skipped("cannot be read: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return .skipped("not a regular file") }
        if Int(status.st_size) > maxSize {
            return .skipped("larger than the \(maxSize)-byte limit (maxFileSize)")
        }
        guard let bytes = readAll(file.absolutePath) else {
            return .skipped("cannot be read: \(String(cString: strerror(errno)))")
        }
        return decode(bytes, maxSize: maxSize)
    }

    /// True when a skip `reason` says the system ran out of file descriptors or memory — nothing about
    /// the file itself — so a run that writes must stop instead of applying a partial migration.
    static func isResourceExhaustion(_ reason: String) -> Bool {
        [EMFILE, ENFILE, ENOMEM].contains { reason.hasSuffix(String(cString: strerror($0))) }
    }

    /// The whole file, or nil with `errno` set.
    private static func readAll(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
        }
    }

    /// `bytes` as a file's text, or why it is skipped (also used for blobs read from a commit).
    static func decode(_ bytes: [UInt8], maxSize: Int) -> Outcome {
        if bytes.count > maxSize { return .skipped("larger than the \(maxSize)-byte limit (maxFileSize)") }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return .skipped("UTF-16 text; only UTF-8 is read (convert the file to UTF-8)")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return .skipped("not UTF-8 text")
        }
        return .text(bytes)
    }
}
