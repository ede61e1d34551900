import PlainText

/// One file the migration changes: where it is and its bytes before and after.
public struct FileRewrite: Sendable, Equatable {
    /// Repository-relative, `/`-separated (``Repository/relativePath(for:)`` makes one from an absolute path).
    public var path: String
    /// The bytes the migration read: the worktree file (stage modes) or HEAD's blob (no-checkout mode). Writing is
    /// refused when the file no longer holds them.
    public var original: [UInt8]
    /// The migrated bytes, written exactly as given (line endings and final newline are the caller's).
    public var migrated: [UInt8]

    /// A rewrite of `path` from `original` to `migrated`.
    public init(path: String, original: [UInt8], migrated: [UInt8]) {
        self.path = path
        self.original = original
        self.migrated = migrated
    }
}

/// A person as git records them: `Name <email>`.
public struct Identity: Sendable, Equatable, CustomStringConvertible {
    /// The display name (`user.name`).
    public var name: String
    /// The address (`user.email`).
    public var email: String

    /// An identity from its parts, used as given.
    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    /// Parses `Name <email>`, the form of `git commit --author`.
    ///
    /// - Throws: ``GitStageError/invalidIdentity(_:)`` for anything else.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") else {
            throw GitStageError.invalidIdentity(text)
        }
        let name = String(trimmed[..<open]).trimmingWhitespace()
        let email = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            .trimmingWhitespace()
        guard !name.isEmpty, !email.isEmpty, !email.contains("<"), !email.contains(">") else {
            throw GitStageError.invalidIdentity(text)
        }
        self.init(name: name, email: email)
    }

    /// `Name <email>`.
    public var description: String { "\(name) <\(email)>" }
}

/// A `Key: value` line at the end of a commit message (`git interpret-trailers`).
public struct Trailer: Sendable, Equatable {
    /// The token before the colon, e.g. `Migrated-by`.
    public var key: String
    /// The text after the colon.
    public var value: String

    /// The trailer `key: value`.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}

/// How the migration commit is written (stage-and-commit and no-checkout modes).
public struct CommitOptions: Sendable, Equatable {
    /// The subject line.
    public var title: String
    /// The per-file summary; may be empty.
    public var body: String
    /// E.g. `Migrated-by: swiftui-migrate 1.0`, the rules and the strategy.
    public var trailers: [Trailer]
    /// Overrides the author; nil takes `user.name`/`user.email` from the repository's configuration. The committer
    /// is always the configured identity, or this author when none is configured.
    public var author: Identity?

    /// Options for a commit titled `title`; the rest is optional.
    public init(title: String, body: String = "", trailers: [Trailer] = [], author: Identity? = nil) {
        self.title = title
        self.body = body
        self.trailers = trailers
        self.author = author
    }

    /// The width git's conventions wrap a commit message's body at.
    public static let bodyWidth = 72

    /// Title, blank line, body, blank line, trailers — empty parts and their blank lines left out. A trailer longer
    /// than ``bodyWidth`` is folded onto continuation lines that start with a space, which `git interpret-trailers`
    /// reads back as one value.
    public var message: String {
        var parts = [title.trimmingWhitespace()]
        let body = body.trimmingWhitespace()
        if !body.isEmpty { parts.append(body) }
        if !trailers.isEmpty {
            let lines = trailers.flatMap { trailer in
                "\(trailer.key): \(trailer.value)".wrapped(width: Self.bodyWidth, indent: " ")
            }
            parts.append(lines.joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n") + "\n"
    }
}

/// Everything one staging run needs: the files to write, the branch, the commit.
public struct StagePlan: Sendable, Equatable {
    /// The branch `apply` creates unless told otherwise.
    public static let defaultBranch = "swiftui-migrate/lifecycle"

    /// The files to change; paths must be unique.
    public var rewrites: [FileRewrite]
    /// Short branch name (`swiftui-migrate/lifecycle`, not `refs/heads/…`).
    public var branch: String
    /// Used by ``StageMode/stageAndCommit`` and ``StageMode/noCheckout``.
    public var commit: CommitOptions

    /// A plan for `rewrites` on `branch` (default ``defaultBranch``).
    public init(
        rewrites: [FileRewrite], branch: String = StagePlan.defaultBranch,
        commit: CommitOptions = CommitOptions(title: "Migrate SwiftUI lifecycle code")
    ) {
        self.rewrites = rewrites
        self.branch = branch
        self.commit = commit
    }
}

/// Where the migration lands.
public enum StageMode: Sendable, Equatable {
    /// Create the branch at HEAD, make it HEAD (no checkout: same commit), write the files, stage exactly them.
    case stage
    /// ``stage`` and then commit the staged files onto the branch.
    case stageAndCommit
    /// Commit HEAD's tree plus the rewritten blobs straight onto the new branch; worktree, index and HEAD untouched.
    case noCheckout
}

/// A rewrite that was not applied, and why.
public struct SkippedRewrite: Sendable, Equatable, CustomStringConvertible {
    /// Why a rewrite was skipped; `rawValue` is the phrase for messages.
    public enum Reason: String, Sendable, Equatable {
        /// The file (or a folder above it) is a symbolic link: writing through it would change another file.
        case symbolicLink = "symbolic link"
        /// The file lies inside a submodule, which belongs to another repository.
        case submodule = "inside a submodule"
    }

    /// Repository-relative path of the skipped file.
    public var path: String
    /// Why it was skipped.
    public var reason: Reason

    /// `path: skipped (reason)`.
    public var description: String { "\(path): skipped (\(reason.rawValue))" }
}

/// What a staging run did.
public struct StageOutcome: Sendable, Equatable {
    /// What happened to the repository.
    public enum Result: Sendable, Equatable {
        /// Files written and staged on the new branch (``StageMode/stage``).
        case staged
        /// The commit made on the new branch.
        case committed(ObjectID)
        /// The branch already holds this exact migration (its tip's parent is HEAD and its tree is the one this
        /// run would make); nothing was changed.
        case alreadyApplied(ObjectID)
        /// No rewrite changes anything (all equal or skipped); nothing was changed, no branch created.
        case nothingToStage
    }

    /// What happened to the repository.
    public var result: Result
    /// Short name of the branch.
    public var branch: String
    /// The commit HEAD pointed at: the new branch's starting point and the migration commit's parent.
    public var base: ObjectID
    /// The files written (stage modes) or changed in the commit (no-checkout), repository-relative.
    public var changedPaths: [String]
    /// Rewrites not applied: symbolic links and files inside submodules.
    public var skipped: [SkippedRewrite]
}

/// A step of a staging run that changes something; the test hook can fail any of them to exercise the rollback.
enum StageStep: Equatable {
    case createBranch
    case moveHead
    case writeFile(String)
    case writeIndex
    case commit
}
