import CLibgit2

/// A git object id (SHA-1), copied out of libgit2.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    /// The 40 lowercase hex digits, as `git rev-parse` prints them.
    public let hex: String

    init(_ oid: git_oid) {
        var oid = oid
        var text = [CChar](repeating: 0, count: 41)
        git_oid_fmt(&text, &oid)
        hex = String(decoding: text.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    init(_ pointer: UnsafePointer<git_oid>) { self.init(pointer.pointee) }

    /// An id from its 40 hex digits (either case); nil for anything else.
    public init?(hex: String) {
        guard hex.utf8.count == 40, hex.allSatisfy(\.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    /// The id in libgit2's form, for calls that take one.
    func oid() throws -> git_oid {
        var oid = git_oid()
        try check(git_oid_fromstr(&oid, hex), "read the object id \(hex)")
        return oid
    }

    /// The hex digits.
    public var description: String { hex }
}

/// Where HEAD points: the three states a checkout can be in, each needing different handling when staging.
public enum HeadState: Sendable, Equatable {
    /// HEAD names a branch that has no commit yet (a fresh `git init`); `branch` is its short name.
    case unborn(branch: String)
    /// HEAD holds a commit id directly rather than naming a branch.
    case detached(commit: ObjectID)
    /// HEAD names the branch `name` (short name, e.g. "main"), whose tip is `commit`.
    case branch(name: String, commit: ObjectID)

    /// The commit HEAD resolves to; nil when unborn.
    public var commit: ObjectID? {
        switch self {
        case .unborn: nil
        case .detached(let commit), .branch(_, let commit): commit
        }
    }
}

/// A file's state in the index and worktree relative to HEAD, mirroring `git_status_t`.
public struct FileStatus: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The libgit2 value.
    public let rawValue: UInt32
    /// Wraps a libgit2 value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `GIT_STATUS_INDEX_NEW`.
    public static let indexNew = FileStatus(rawValue: GIT_STATUS_INDEX_NEW.rawValue)
    /// `GIT_STATUS_INDEX_MODIFIED`.
    public static let indexModified = FileStatus(rawValue: GIT_STATUS_INDEX_MODIFIED.rawValue)
    /// `GIT_STATUS_INDEX_DELETED`.
    public static let indexDeleted = FileStatus(rawValue: GIT_STATUS_INDEX_DELETED.rawValue)
    /// `GIT_STATUS_INDEX_RENAMED`.
    public static let indexRenamed = FileStatus(rawValue: GIT_STATUS_INDEX_RENAMED.rawValue)
    /// `GIT_STATUS_INDEX_TYPECHANGE`.
    public static let indexTypeChange = FileStatus(rawValue: GIT_STATUS_INDEX_TYPECHANGE.rawValue)
    /// `GIT_STATUS_WT_NEW`.
    public static let worktreeNew = FileStatus(rawValue: GIT_STATUS_WT_NEW.rawValue)
    /// `GIT_STATUS_WT_MODIFIED`.
    public static let worktreeModified = FileStatus(rawValue: GIT_STATUS_WT_MODIFIED.rawValue)
    /// `GIT_STATUS_WT_DELETED`.
    public static let worktreeDeleted = FileStatus(rawValue: GIT_STATUS_WT_DELETED.rawValue)
    /// `GIT_STATUS_WT_TYPECHANGE`.
    public static let worktreeTypeChange = FileStatus(rawValue: GIT_STATUS_WT_TYPECHANGE.rawValue)
    /// `GIT_STATUS_WT_UNREADABLE`.
    public static let worktreeUnreadable = FileStatus(rawValue: GIT_STATUS_WT_UNREADABLE.rawValue)
    /// `GIT_STATUS_IGNORED`.
    public static let ignored = FileStatus(rawValue: GIT_STATUS_IGNORED.rawValue)
    /// `GIT_STATUS_CONFLICTED`.
    public static let conflicted = FileStatus(rawValue: GIT_STATUS_CONFLICTED.rawValue)

    /// Any staged change (index differs from HEAD).
    public static let staged: FileStatus = [.indexNew, .indexModified, .indexDeleted, .indexRenamed, .indexTypeChange]

    /// Identical in HEAD, index and worktree (and not ignored).
    public var isClean: Bool { isEmpty }

    /// Words for a message listing files, e.g. "staged, modified"; "clean" when there is nothing to say.
    public var description: String {
        var words: [String] = []
        if contains(.conflicted) { words.append("conflicted") }
        if !intersection(.staged).isEmpty { words.append("staged") }
        if contains(.worktreeNew) { words.append("untracked") }
        if contains(.worktreeModified) || contains(.worktreeTypeChange) { words.append("modified") }
        if contains(.worktreeDeleted) { words.append("deleted") }
        if contains(.worktreeUnreadable) { words.append("unreadable") }
        if contains(.ignored) { words.append("ignored") }
        return words.isEmpty ? "clean" : words.joined(separator: ", ")
    }
}
