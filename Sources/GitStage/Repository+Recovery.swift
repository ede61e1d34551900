import AtomicFiles
import CLibgit2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How an interrupted staging run left the repository, part by part (see ``Repository/inspectInterruptedStage(_:)``).
public struct InterruptedStageState: Sendable, Equatable {
    /// Where the run's branch is.
    public enum Branch: Sendable, Equatable {
        /// Not created (or already deleted).
        case absent
        /// At the commit the run started from: created, nothing committed yet.
        case atBase
        /// At the migration commit the run made.
        case atMigration(ObjectID)
        /// At a commit the run did not make: someone moved it since.
        case elsewhere(ObjectID)
    }

    /// Where HEAD is, compared with where the run found and left it.
    public enum Head: Sendable, Equatable {
        /// Where the run found it (the reference it named before).
        case original
        /// On the run's new branch.
        case onBranch
        /// Somewhere else (another branch, detached): moved since.
        case elsewhere(String)
    }

    /// Where the run's branch is.
    public var branch: Branch
    /// Where HEAD is; nil in no-checkout mode, which never moves it.
    public var head: Head?
    /// Each file the run changes, with the state of its bytes in the worktree (empty in no-checkout mode).
    public var files: [FileRewriteState]
    /// How many of those files the index holds in their migrated form.
    public var stagedCount: Int
}

/// A file of an interrupted run and the state of its bytes on disk.
public struct FileRewriteState: Sendable, Equatable {
    /// The path as the run named it (repository-relative, or absolute for in-place runs).
    public var path: String
    /// What the file holds now.
    public var state: FileRewrite.DiskState

    /// A file and its state.
    public init(path: String, state: FileRewrite.DiskState) {
        self.path = path
        self.state = state
    }
}

extension FileRewrite {
    /// What a file holds compared with a rewrite's bytes; `rawValue` is the phrase for messages.
    public enum DiskState: String, Sendable, Equatable {
        /// The bytes before the migration.
        case original
        /// The migrated bytes.
        case migrated
        /// Neither: edited since the run.
        case changed = "changed since (neither the original nor the migrated bytes)"
        /// No longer there, or not a readable regular file.
        case missing = "missing or not a regular file"
    }

    /// What the regular file at `absolutePath` holds.
    public func diskState(at absolutePath: String) -> DiskState {
        guard let bytes = try? AtomicFileWrite.readRegularFile(absolutePath) else { return .missing }
        if bytes == migrated { return .migrated }
        if bytes == original { return .original }
        return .changed
    }
}

extension Repository {
    /// How the run `record` describes left the repository.
    public func inspectInterruptedStage(_ record: StageRecord) throws -> InterruptedStageState {
        let reference = "refs/heads/" + record.branch
        var branch = InterruptedStageState.Branch.absent
        if let tip = try branchTip(reference) {
            if tip == record.base {
                branch = .atBase
            } else if try isMigrationCommit(tip, of: record) {
                branch = .atMigration(tip)
            } else {
                branch = .elsewhere(tip)
            }
        }
        guard record.mode != .noCheckout, let workdir else {
            return InterruptedStageState(branch: branch, head: nil, files: [], stagedCount: 0)
        }
        let headName = try symbolicHeadTarget()
        let head: InterruptedStageState.Head = headName == record.headReference
            ? .original : (headName == reference ? .onBranch : .elsewhere(headName ?? "a detached commit"))
        let files = record.changes.map {
            FileRewriteState(path: $0.path, state: $0.diskState(at: workdir + "/" + $0.path))
        }
        let index = try repositoryIndex()
        let staged = try record.changes.count { change in
            guard let entry = git_index_get_bypath(index.pointer, change.path, 0) else { return false }
            return ObjectID(entry.pointee.id) == (try ObjectID.blob(hashing: change.migrated))
        }
        return InterruptedStageState(branch: branch, head: head, files: files, stagedCount: staged)
    }

    /// Undoes exactly what the interrupted run `record` describes had done — files put back to their original
    /// bytes, the index entries of those files restored, HEAD pointed back at the reference it named, the run's
    /// branch deleted — and removes the lock files libgit2 left for the step in progress (`lastStep`) when they date
    /// from the run (changed at most a minute after the journal last was, `journalChanged`, in seconds since 1970).
    ///
    /// Refuses, changing nothing, when anything the run touched was changed since (a file edited, HEAD moved, the
    /// branch moved): ``GitStageError/changedSinceInterruptedRun(_:)``. Returns one line per thing it undid.
    public func undoInterruptedStage(
        _ record: StageRecord, lastStep: StageProgress?, journalChanged: Double
    ) throws -> [String] {
        let state = try inspectInterruptedStage(record)
        var obstacles: [String] = []
        if case .elsewhere(let tip) = state.branch {
            obstacles.append("branch '\(record.branch)' now points at \(tip.hex.prefix(7)), a commit the run did not make")
        }
        if case .elsewhere(let name) = state.head { obstacles.append("HEAD now names \(name)") }
        for file in state.files where file.state != .original && file.state != .migrated {
            obstacles.append("\(file.path) is \(file.state.rawValue)")
        }
        guard obstacles.isEmpty else { throw GitStageError.changedSinceInterruptedRun(obstacles) }

        var done: [String] = []
        for lock in leftoverLocks(record, lastStep: lastStep, journalChanged: journalChanged) {
            if unlink(lock) == 0 { done.append("removed the lock file \(lock) the run left") }
        }
        if let workdir {
            var restored = 0
            for (change, file) in zip(record.changes, state.files) where file.state == .migrated {
                try AtomicFileWrite.write(change.original, to: workdir + "/" + change.path, expecting: change.migrated)
                restored += 1
            }
            if restored > 0 { done.append("restored \(restored) file\(restored == 1 ? "" : "s") to their original bytes") }
            if try restoreIndexEntries(record) > 0 { done.append("restored the index entries of the migrated files") }
        }
        if state.head == .onBranch, let original = record.headReference {
            try check(git_repository_set_head(handle.pointer, original), "point HEAD back at \(original)")
            done.append("pointed HEAD back at \(Self.shortBranchName(original))")
        }
        switch state.branch {
        case .atBase, .atMigration:
            try deleteBranch(record.branch)
            done.append("deleted branch '\(record.branch)'")
        case .absent, .elsewhere:
            break
        }
        return done
    }

    /// The lock files (`index.lock`, `HEAD.lock`, the branch's and reflogs' `.lock`) that the step `lastStep` takes
    /// and that are dated from the run.
    private func leftoverLocks(_ record: StageRecord, lastStep: StageProgress?, journalChanged: Double) -> [String] {
        guard let lastStep else { return [] }
        let common = String(cString: git_repository_commondir(handle.pointer)).trimmingSuffix("/")
        let branchLocks = [
            common + "/refs/heads/" + record.branch + ".lock", common + "/logs/refs/heads/" + record.branch + ".lock",
        ]
        let candidates: [String] = switch lastStep {
        case .createBranch: branchLocks
        case .moveHead: [gitDirectory + "/HEAD.lock", gitDirectory + "/logs/HEAD.lock"]
        case .writeFiles: []
        case .writeIndex: [gitDirectory + "/index.lock"]
        case .commit: branchLocks + [gitDirectory + "/logs/HEAD.lock"]
        }
        return candidates.filter { path in
            var status = stat()
            guard lstat(path, &status) == 0 else { return false }
            return (journalChanged - 2...journalChanged + 60).contains(status.lastModificationSeconds)
        }
    }

    /// Re-adds each migrated path whose index entry differs from the base commit's, from the (restored) worktree
    /// file; returns how many were re-added.
    private func restoreIndexEntries(_ record: StageRecord) throws -> Int {
        let index = try repositoryIndex()
        let baseTree = try tree(of: lookupCommit(record.base))
        var restored = 0
        for change in record.changes {
            let entry = git_index_get_bypath(index.pointer, change.path, 0)
            let base = try blob(at: change.path, in: baseTree)
            if let entry, let base, ObjectID(entry.pointee.id) == base.id { continue }
            try check(git_index_add_bypath(index.pointer, change.path), "restore \(change.path) in the index")
            restored += 1
        }
        if restored > 0 { try check(git_index_write(index.pointer), "write the index") }
        return restored
    }

    private func deleteBranch(_ branch: String) throws {
        let reference = "refs/heads/" + branch
        let ref = try Handle.make("find branch '\(branch)'", keepAlive: self, free: git_reference_free) {
            git_reference_lookup($0, handle.pointer, reference)
        }
        try check(git_reference_delete(ref.pointer), "delete branch '\(branch)'")
        // The folders of a nested name (`swiftui-migrate/…`), when nothing else is left in them.
        let common = String(cString: git_repository_commondir(handle.pointer)).trimmingSuffix("/")
        var folder = Self.parent(of: reference)
        while folder.hasPrefix("refs/heads/") {
            rmdir(common + "/" + folder)
            rmdir(common + "/logs/" + folder)
            folder = Self.parent(of: folder)
        }
    }

    /// True when `tip` is the commit the run made: in no-checkout mode the recorded one, else one whose only parent
    /// is the base and whose tree is the base's with the migrated files.
    private func isMigrationCommit(_ tip: ObjectID, of record: StageRecord) throws -> Bool {
        if let made = record.commitID { return tip == made }
        let commit = try lookupCommit(tip)
        guard git_commit_parentcount(commit.pointer) == 1, let parent = git_commit_parent_id(commit.pointer, 0),
              ObjectID(parent) == record.base else { return false }
        let tree = try self.tree(of: commit)
        return try record.changes.allSatisfy { change in
            try blob(at: change.path, in: tree)?.id == ObjectID.blob(hashing: change.migrated)
        }
    }
}

extension ObjectID {
    /// The id git gives a blob holding `bytes` (what `git hash-object` prints), computed without a repository.
    public static func blob(hashing bytes: [UInt8]) throws -> ObjectID {
        Libgit2.ensureInitialized()
        var oid = git_oid()
        let code = (bytes.isEmpty ? [0] : bytes).withUnsafeBytes {
            git_odb_hash(&oid, $0.baseAddress, bytes.count, GIT_OBJECT_BLOB)
        }
        try check(code, "hash a blob")
        return ObjectID(oid)
    }
}

extension Repository {
    /// True when the branch `name` (short name) exists.
    public func branchExists(_ name: String) throws -> Bool { try branchTip("refs/heads/" + name) != nil }
}
