/// The process exit codes, the same for every command.
public enum ExitCode {
    /// Nothing to migrate, or the command succeeded.
    public static let success: Int32 = 0
    /// Findings that ask for action (`scan`) or changes pending (`diff --exit-code`).
    public static let pending: Int32 = 1
    /// Usage, input or repository error.
    public static let failure: Int32 = 2
}

/// A failure that ends the command with a one-line message and exit code 2.
struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
