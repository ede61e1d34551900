import CLibgit2

/// The libgit2 library this module wraps.
///
/// libgit2 keeps global state (allocators, thread-local errors, config search paths) that must be set up once per
/// process before any other call, so every entry point of this module goes through ``ensureInitialized()``, which runs
/// `git_libgit2_init()` exactly once — a lazily initialised static let is thread-safe and runs its initialiser once.
public enum Libgit2 {
    /// The version of the libgit2 library linked at run time, for `--version` output and bug reports.
    public static func version() -> String {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    private static let initialization: Int32 = git_libgit2_init()

    /// Runs `git_libgit2_init()` the first time it is called; a no-op afterwards.
    static func ensureInitialized() {
        _ = initialization
    }
}

/// A failure reported by libgit2, read from `git_error_last()` by the one chokepoint, ``check(_:_:)``.
///
/// `code` says what kind of failure it was (`GIT_ENOTFOUND`, `GIT_ELOCKED`, …), `domain` which part of libgit2 raised it
/// (`GIT_ERROR_REFERENCE`, `GIT_ERROR_INDEX`, …) and `message` is libgit2's own one-line text.
public struct Libgit2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The negative `git_error_code` the call returned.
    public struct Code: RawRepresentable, Sendable, Hashable {
        /// The libgit2 value.
        public let rawValue: Int32
        /// Wraps a libgit2 value.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `GIT_ERROR`.
        public static let generic = Code(rawValue: GIT_ERROR.rawValue)
        /// `GIT_ENOTFOUND`.
        public static let notFound = Code(rawValue: GIT_ENOTFOUND.rawValue)
    }

    /// The `git_error_t` class: which subsystem of libgit2 raised the error.
    public struct Domain: RawRepresentable, Sendable, Hashable {
        /// The libgit2 value.
        public let rawValue: Int32
        /// Wraps a libgit2 value.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `GIT_ERROR_NONE`.
        public static let none = Domain(rawValue: Int32(GIT_ERROR_NONE.rawValue))
        /// `GIT_ERROR_INDEX`.
        public static let index = Domain(rawValue: Int32(GIT_ERROR_INDEX.rawValue))
    }

    /// What kind of failure.
    public let code: Code
    /// Which part of libgit2 failed.
    public let domain: Domain
    /// libgit2's message, or the failed operation's name when libgit2 left none.
    public let message: String
    /// What this module was doing, e.g. "open repository"; names the call site in the description.
    public let operation: String

    /// One line: `git: cannot <operation>: <message>`.
    public var description: String {
        "git: cannot \(operation): \(message)"
    }
}

/// The one chokepoint for libgit2 results: a negative return becomes a ``Libgit2Error`` carrying
/// `git_error_last()`'s class and message (thread-local, so it is read right after the failing call).
@discardableResult
func check(_ result: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
    guard result < 0 else { return result }
    let operationName = operation()
    if let last = git_error_last(), let text = last.pointee.message {
        throw Libgit2Error(
            code: .init(rawValue: result), domain: .init(rawValue: last.pointee.klass),
            message: String(cString: text), operation: operationName)
    }
    throw Libgit2Error(code: .init(rawValue: result), domain: .none, message: "error \(result)",
                       operation: operationName)
}

/// ``check(_:_:)`` for a lookup: `GIT_ENOTFOUND` is an answer — false, nothing is there — rather than an error.
func checkFound(_ result: Int32, _ operation: @autoclosure () -> String) throws -> Bool {
    if result == GIT_ENOTFOUND.rawValue { return false }
    try check(result, operation())
    return true
}

extension Libgit2 {
    /// Points libgit2's search for the system, XDG and global configuration files at `folder`; `nil` restores the
    /// defaults (derived from `HOME` and friends).
    ///
    /// libgit2 reads `HOME` once, at initialisation, so changing the environment later has no effect; tests use this
    /// to run against an empty folder and stay independent of the machine's `~/.gitconfig`.
    static func setConfigurationSearchPath(_ folder: String?) throws {
        ensureInitialized()
        let levels = [GIT_CONFIG_LEVEL_PROGRAMDATA, GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_GLOBAL]
        for level in levels {
            try check(clibgit2_set_search_path(level, folder), "set the configuration search path")
        }
    }
}
