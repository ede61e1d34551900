import Foundation

/// The bytes of standard input, for `--stdin-filepath` and `batch-job`; the servers' check that it can be read.
///
/// Read with `read(2)`, not `FileHandle.readDataToEndOfFile()`: Foundation's reader ends the
/// process with a trap when standard input is closed (`<&-`) or is a folder (`< /`); here each is
/// a `CommandError`, one line and exit 2.
enum StandardInput {
    /// Everything standard input holds, read to its end.
    /// - Throws: `CommandError` naming why standard input cannot be read, or, when it holds more than `limit`
    ///   bytes, saying so once the limit is passed (nothing of it is then written back: a caller replacing its
    ///   buffer with the output keeps its text).
    static func readAll(limit: Int = .max) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            guard let count = readChunk(from: STDIN_FILENO, onto: &bytes) else {
                throw CommandError("cannot read standard input: \(reason(errno))")
            }
            if count == 0 { return bytes }
            guard bytes.count <= limit else {
                throw CommandError("standard input holds more than the \(limit)-byte limit (maxFileSize, --max-file-size); nothing was migrated")
            }
        }
    }

    /// Checks, before a server (`lsp`, `mcp`) reads its client's messages there, that standard input
    /// is open and not a folder: the servers take a failed read for the end of the session, so
    /// without this `lsp <&-` would end at once with no word.
    /// - Throws: `CommandError` naming why standard input cannot be read.
    static func requireReadable() throws {
        let hint = "the server reads its client's messages there (an editor or agent starts it with a pipe)"
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { throw CommandError("cannot read standard input: \(reason(errno, hint: hint))") }
        if status.st_mode & S_IFMT == S_IFDIR { throw CommandError("cannot read standard input: \(reason(EISDIR, hint: hint))") }
    }

    /// Why a read failed, in the words a person who redirected standard input needs; `hint` says
    /// what standard input is for.
    private static func reason(_ code: Int32, hint: String = "pipe the file's text into the command") -> String {
        switch code {
        case EBADF: return "it is closed; \(hint)"
        case EISDIR: return "it is a folder, not a file's text"
        default: return String(cString: strerror(code))
        }
    }
}
