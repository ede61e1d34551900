/// The process exit codes, the same for every command.
public enum ExitCode {
    /// Nothing to migrate, or the command succeeded.
    public static let success: Int32 = 0
    /// Findings that ask for action (`scan`) or changes pending (`diff --exit-code`).
    public static let pending: Int32 = 1
    /// Usage, input or repository error.
    public static let failure: Int32 = 2
    /// `batch` stopped by SIGINT, SIGTERM or SIGHUP after writing the report of what finished (128 + SIGINT, as a
    /// shell reports an interrupted command).
    public static let interrupted: Int32 = 130
}

/// A failure that ends the command with a one-line message and exit code 2, as every error but a usage error does:
/// `CLI` prints each by its description (a configuration or baseline that cannot be used, `ConfigurationError`, too).
struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
