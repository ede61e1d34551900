import Foundation

/// The bytes of standard input, for `--stdin-filepath` and `batch-job`.
///
/// Read with `read(2)`, not `FileHandle.readDataToEndOfFile()`: Foundation's reader ends the
/// process with a trap when standard input is closed (`<&-`) or is a folder (`< /`); here each is
/// a `CommandError`, one line and exit 2.
enum StandardInput {
    /// Everything standard input holds, read to its end.
    /// - Throws: `CommandError` naming why standard input cannot be read.
    static func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count > 0 {
                bytes += chunk[..<count]
            } else if errno != EINTR {
                throw CommandError("cannot read standard input: \(reason(errno))")
            }
        }
    }

    /// Why a read failed, in the words a person who redirected standard input needs.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case EBADF: return "it is closed; pipe the file's text into the command"
        case EISDIR: return "it is a folder, not a file's text"
        default: return String(cString: strerror(code))
        }
    }
}
