import Foundation

/// The bytes of standard input, for `--stdin-filepath`.
enum StandardInput {
    /// Everything standard input holds, read to its end.
    static func readAll() -> [UInt8] {
        Array(FileHandle.standardInput.readDataToEndOfFile())
    }
}
