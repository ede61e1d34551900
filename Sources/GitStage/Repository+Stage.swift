import AtomicFiles
import CLibgit2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Repository {
    /// Puts a migration on a new branch, in one of three ways (see ``StageMode``).
    ///
    /// Every precondition is checked before anything changes: a bare repository, a held `index.lock`, a merge or
    /// rebase in progress, an unborn or detached HEAD, uncommitted changes in a file to rewrite, a file that no longer
    /// holds the bytes the migration read, a missing identity for a commit, an existing branch — each throws a
    /// ``GitStageError`` (or ``FileWriteError``) and leaves the repository as it was. (No-checkout mode touches only
    /// the new branch, so it needs none of the worktree conditions and accepts a detached HEAD.)
    ///
    /// If a step fails midway, everything this run did is undone — files restored byte for byte, index and HEAD
    /// restored, the new branch deleted — and the step's error is rethrown.
    ///
    /// Symbolic links and files inside submodules are never written; they come back in ``StageOutcome/skipped``.
    /// Rewrites whose bytes don't change are dropped.
    ///
    /// `observer`, when given, is told the run's ``StageRecord`` right before the first change and each
    /// ``StageProgress`` step before it starts: what a journal needs to finish or undo a run killed midway.
    public func stage(_ plan: StagePlan, mode: StageMode, observer: StageObserver? = nil) throws -> StageOutcome {
        try preflight(mode: mode, branch: plan.branch)
        var seen = Set<String>()
        let rewrites = try plan.rewrites.map { rewrite in
            var rewrite = rewrite
            rewrite.path = try normalizedRelativePath(rewrite.path)
            guard seen.insert(rewrite.path).inserted else { throw GitStageError.duplicatePath(rewrite.path) }
            return rewrite
        }
        switch mode {
        case .stage, .stageAndCommit: return try stageInWorktree(rewrites, plan: plan, mode: mode, observer: observer)
        case .noCheckout: return try commitWithoutCheckout(rewrites, plan: plan, observer: observer)
        }
    }

    /// The rewrites among `paths` (repository-relative) that ``stage(_:mode:)`` would not write in `mode`, and why
    /// (a symbolic link, inside a submodule), so a caller can word the commit message and summary before staging.
    public func unwritable(_ paths: [String], mode: StageMode) throws -> [SkippedRewrite] {
        let skipReason: (String) throws -> SkippedRewrite.Reason?
        if mode == .noCheckout {
            let baseTree = try headTree()
            skipReason = { try self.treeSkipReason($0, in: baseTree) }
        } else {
            guard let workdir else { throw GitStageError.bareRepository(path: gitDirectory) }
            let index = try repositoryIndex()
            skipReason = { self.worktreeSkipReason($0, workdir: workdir, index: index) }
        }
        return try paths.compactMap { path in
            try skipReason(try normalizedRelativePath(path)).map { SkippedRewrite(path: path, reason: $0) }
        }
    }

    /// Checks what does not depend on the files — branch name, bare repository, `index.lock`, operation in
    /// progress, unborn or detached HEAD — so the CLI can fail before migrating anything. ``stage(_:mode:)`` runs
    /// it again.
    public func preflight(mode: StageMode, branch: String = StagePlan.defaultBranch) throws {
        var valid: Int32 = 0
        try check(git_branch_name_is_valid(&valid, branch), "check the branch name \(branch)")
        guard valid == 1 else { throw GitStageError.invalidBranchName(branch) }
        if mode == .noCheckout {
            if case .unborn(let name) = try head() { throw GitStageError.unbornHead(branch: name) }
            return
        }
        guard workdir != nil, !isBare else { throw GitStageError.bareRepository(path: gitDirectory) }
        let lock = gitDirectory + "/index.lock"
        if access(lock, F_OK) == 0 { throw GitStageError.indexLocked(path: lock) }
        if let operation = operationInProgress() { throw GitStageError.operationInProgress(operation) }
        switch try head() {
        case .unborn(let name): throw GitStageError.unbornHead(branch: name)
        case .detached(let commit): throw GitStageError.detachedHead(commit: commit)
        case .branch: return
        }
    }

    // MARK: - Stage (and commit) in the worktree

    private func stageInWorktree(
        _ rewrites: [FileRewrite], plan: StagePlan, mode: StageMode, observer: StageObserver?
    ) throws -> StageOutcome {
        let headState = try head()
        guard let workdir, case .branch(let headBranch, let base) = headState else {
            throw GitStageError.bareRepository(path: gitDirectory)
        }

        let index = try repositoryIndex()
        var skipped: [SkippedRewrite] = []
        var changes: [FileRewrite] = []
        for rewrite in rewrites {
            if let reason = worktreeSkipReason(rewrite.path, workdir: workdir, index: index) {
                skipped.append(SkippedRewrite(path: rewrite.path, reason: reason))
            } else if rewrite.original != rewrite.migrated {
                changes.append(rewrite)
            }
        }
        var outcome = StageOutcome(
            result: .nothingToStage, branch: plan.branch, base: base, changedPaths: changes.map(\.path),
            skipped: skipped)
        guard !changes.isEmpty else { return outcome }

        let statuses = try statusOfPaths(changes.map(\.path))
        let dirty = changes.compactMap { rewrite in
            statuses[rewrite.path].flatMap { $0.isClean ? nil : "\(rewrite.path) (\($0))" }
        }
        guard dirty.isEmpty else { throw GitStageError.uncommittedChanges(dirty) }
        for rewrite in changes {
            let path = workdir + "/" + rewrite.path
            guard (try? AtomicFileWrite.readRegularFile(path)) == rewrite.original else {
                throw FileWriteError.changedOnDisk(path: path)
            }
        }
        let signatures = mode == .stageAndCommit ? try self.signatures(for: plan.commit) : nil
        let headCommit = try lookupCommit(base)
        let applied = try migrationOnBranch(plan.branch, base: base) {
            let blobs = try changes.map { ($0.path, try createBlob($0.migrated)) }
            return try treeReplacing(blobs, in: tree(of: headCommit))
        }
        if let applied {
            outcome.result = .alreadyApplied(applied)
            return outcome
        }

        try ensureFreeSpace(for: changes, workdir: workdir)

        try observer?.willBegin(StageRecord(
            mode: mode, branch: plan.branch, base: base,
            headReference: "refs/heads/" + headBranch, changes: changes, commit: plan.commit, commitID: nil))

        // From here on the repository changes; each step registers how to undo itself.
        let reference = "refs/heads/" + plan.branch
        var undo = UndoLog()
        do {
            try observer?.willStep(.createBranch)
            try createBranch(reference, at: base, undo: &undo)

            try observer?.willStep(.moveHead)
            try faultInjection?(.moveHead)
            let headFile = try FileSnapshot(gitDirectory + "/HEAD")
            let headLog = try FileSnapshot(gitDirectory + "/logs/HEAD")
            try check(git_repository_set_head(handle.pointer, reference), "point HEAD at \(plan.branch)")
            undo.push("restore HEAD") {
                try headFile.restore()
                try headLog.restore()
            }

            try observer?.willStep(.writeFiles)
            for rewrite in changes {
                try faultInjection?(.writeFile(rewrite.path))
                let path = workdir + "/" + rewrite.path
                try AtomicFileWrite.write(rewrite.migrated, to: path, expecting: rewrite.original)
                undo.push("restore \(rewrite.path)") {
                    try AtomicFileWrite.write(rewrite.original, to: path, expecting: nil)
                }
            }

            try observer?.willStep(.writeIndex)
            try faultInjection?(.writeIndex)
            let indexFile = try FileSnapshot(String(cString: git_index_path(index.pointer)))
            undo.push("reload the index") { try check(git_index_read(index.pointer, 1), "reload the index") }
            for rewrite in changes {
                try check(git_index_add_bypath(index.pointer, rewrite.path), "stage \(rewrite.path)")
            }
            try check(git_index_write(index.pointer), "write the index")
            undo.push("restore the index") { try indexFile.restore() }

            if let signatures {
                try observer?.willStep(.commit)
                try faultInjection?(.commit)
                let staged = try changes.map { rewrite in
                    guard let entry = git_index_get_bypath(index.pointer, rewrite.path, 0) else {
                        throw Libgit2Error(
                            code: .notFound, domain: .index, message: "\(rewrite.path) is not in the index",
                            operation: "commit")
                    }
                    return (rewrite.path, entry.pointee.id)
                }
                // Only the migrated files: other changes the user staged stay staged, out of this commit.
                let tree = try treeReplacing(staged, in: tree(of: headCommit))
                let commit = try createCommit(
                    tree: tree, parent: headCommit, updating: reference, message: plan.commit.message,
                    signatures: signatures)
                outcome.result = .committed(commit)
            } else {
                outcome.result = .staged
            }
            return outcome
        } catch {
            throw undo.rollback(after: error)
        }
    }

    /// Refuses to start when the worktree's file system lacks room for the new files, their blobs, the new index and —
    /// should a step fail — the originals put back (each atomic write needs a whole temporary copy): a run that hit a full
    /// disk midway could not undo itself either. A concurrent writer can still fill the disk meanwhile.
    private func ensureFreeSpace(for changes: [FileRewrite], workdir: String) throws {
        var info = statvfs()
        guard statvfs(workdir, &info) == 0 else { return }  // unknown: the atomic writes still fail safely
        let block = max(UInt64(info.f_frsize), 512)
        func blocks(_ bytes: Int) -> UInt64 { max(1, (UInt64(bytes) + block - 1) / block) }
        var needed: UInt64 = 16  // refs, reflogs, HEAD and their temporary copies
        // Per file: its new copy, the original put back on rollback, and the loose blob object staging it writes.
        for change in changes { needed += 2 * blocks(change.migrated.count) + blocks(change.original.count) }
        var index = stat()
        if stat(gitDirectory + "/index", &index) == 0 { needed += 2 * blocks(Int(index.st_size)) }
        let available = UInt64(info.f_bavail)
        guard available >= needed else {
            throw GitStageError.insufficientSpace(path: workdir, needed: needed * block, available: available * block)
        }
    }

    // MARK: - No checkout

    private func commitWithoutCheckout(
        _ rewrites: [FileRewrite], plan: StagePlan, observer: StageObserver?
    ) throws -> StageOutcome {
        let headCommit = try self.headCommit()
        let base = ObjectID(git_commit_id(headCommit.pointer))
        let baseTree = try tree(of: headCommit)
        var skipped: [SkippedRewrite] = []
        var changes: [FileRewrite] = []
        for rewrite in rewrites {
            if let reason = try treeSkipReason(rewrite.path, in: baseTree) {
                skipped.append(SkippedRewrite(path: rewrite.path, reason: reason))
                continue
            }
            guard let blob = try blob(at: rewrite.path, in: baseTree) else {
                throw GitStageError.notInHead(path: rewrite.path)
            }
            guard blob.bytes == rewrite.original else { throw GitStageError.headChanged(path: rewrite.path) }
            if rewrite.original != rewrite.migrated { changes.append(rewrite) }
        }
        var outcome = StageOutcome(
            result: .nothingToStage, branch: plan.branch, base: base, changedPaths: changes.map(\.path),
            skipped: skipped)
        guard !changes.isEmpty else { return outcome }

        let reference = "refs/heads/" + plan.branch
        let blobs = try changes.map { ($0.path, try createBlob($0.migrated)) }
        let tree = try treeReplacing(blobs, in: baseTree)
        if let applied = try migrationOnBranch(plan.branch, base: base, tree: { tree }) {
            outcome.result = .alreadyApplied(applied)
            return outcome
        }
        let signatures = try self.signatures(for: plan.commit)
        // The commit is unreachable until the branch points at it, so creating the branch is the only visible step.
        let commit = try createCommit(
            tree: tree, parent: headCommit, updating: nil, message: plan.commit.message, signatures: signatures)
        try observer?.willBegin(StageRecord(
            mode: .noCheckout, branch: plan.branch, base: base, headReference: nil, changes: changes,
            commit: plan.commit, commitID: commit))
        var undo = UndoLog()
        do {
            try observer?.willStep(.createBranch)
            try createBranch(reference, at: commit, undo: &undo)
        } catch {
            throw undo.rollback(after: error)
        }
        outcome.result = .committed(commit)
        return outcome
    }

    // MARK: - Steps

    private func createBranch(_ reference: String, at commit: ObjectID, undo: inout UndoLog) throws {
        try faultInjection?(.createBranch)
        let commonDirectory = String(cString: git_repository_commondir(handle.pointer))
            .trimmingSuffix("/")
        let branchLog = try FileSnapshot(commonDirectory + "/logs/" + reference)
        let newFolders = Self.missingFolders(above: reference, in: commonDirectory)
            + Self.missingFolders(above: "logs/" + reference, in: commonDirectory)
        var oid = try commit.oid()
        _ = try Handle.make("create branch \(Self.shortBranchName(reference))", free: git_reference_free) {
            git_reference_create($0, handle.pointer, reference, &oid, 0, "branch: Created from HEAD")
        }
        undo.push("delete branch \(Self.shortBranchName(reference))") { [handle] in
            let current = try Handle.make("find the new branch", free: git_reference_free) {
                git_reference_lookup($0, handle.pointer, reference)
            }
            try check(git_reference_delete(current.pointer), "delete the new branch")
            try branchLog.restore()
            for folder in newFolders.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
        }
    }

    private func createCommit(
        tree: ObjectID, parent: Handle, updating reference: String?, message: String,
        signatures: (author: Signature, committer: Signature)
    ) throws -> ObjectID {
        var treeOid = try tree.oid()
        let treeHandle = try Handle.make("read the new tree", keepAlive: self, free: git_tree_free) {
            git_tree_lookup($0, handle.pointer, &treeOid)
        }
        var commit = git_oid()
        var parents: [OpaquePointer?] = [parent.pointer]
        try check(
            git_commit_create(
                &commit, handle.pointer, reference, signatures.author.pointer, signatures.committer.pointer, nil,
                message, treeHandle.pointer, 1, &parents),
            "commit the migration")
        return ObjectID(commit)
    }

    // MARK: - Reading

    func branchTip(_ reference: String) throws -> ObjectID? {
        guard let ref = try Handle.lookUp("look up \(reference)", keepAlive: self, free: git_reference_free, {
            git_reference_lookup($0, handle.pointer, reference)
        }) else { return nil }
        return try peeledCommitID(ref, "resolve \(reference)")
    }

    /// The tip of `branch` when it is exactly this migration — one parent, `base`, and the tree this run would make
    /// (`makeTree`, asked only when the branch exists) — nil when there is no such branch, and
    /// ``GitStageError/branchExists(name:)`` thrown when the branch holds anything else.
    private func migrationOnBranch(_ branch: String, base: ObjectID, tree makeTree: () throws -> ObjectID) throws -> ObjectID? {
        guard let tip = try branchTip("refs/heads/" + branch) else { return nil }
        let tree = try makeTree()
        let commit = try lookupCommit(tip)
        guard git_commit_parentcount(commit.pointer) == 1, let parent = git_commit_parent_id(commit.pointer, 0),
              ObjectID(parent) == base, ObjectID(git_commit_tree_id(commit.pointer)) == tree else {
            throw GitStageError.branchExists(name: branch)
        }
        return tip
    }

    private func createBlob(_ bytes: [UInt8]) throws -> git_oid {
        var oid = git_oid()
        let code = bytes.isEmpty
            ? git_blob_create_from_buffer(&oid, handle.pointer, "", 0)
            : bytes.withUnsafeBytes { git_blob_create_from_buffer(&oid, handle.pointer, $0.baseAddress, $0.count) }
        try check(code, "store a blob")
        return oid
    }

    /// `tree` with the blobs at `paths` replaced (modes kept), written through an index in memory.
    private func treeReplacing(_ blobs: [(path: String, blob: git_oid)], in tree: Handle) throws -> ObjectID {
        let index = try Handle.make("create an index in memory", free: git_index_free) { git_index_new($0) }
        try check(git_index_read_tree(index.pointer, tree.pointer), "read HEAD's tree")
        for (path, blob) in blobs {
            guard let existing = git_index_get_bypath(index.pointer, path, 0) else {
                throw GitStageError.notInHead(path: path)
            }
            var entry = git_index_entry()
            entry.mode = existing.pointee.mode
            entry.id = blob
            try path.withCString { cPath in
                entry.path = cPath
                try check(git_index_add(index.pointer, &entry), "add \(path) to the new tree")
            }
        }
        var oid = git_oid()
        try check(git_index_write_tree_to(&oid, index.pointer, handle.pointer), "write the new tree")
        return ObjectID(oid)
    }

    /// Why `path` must not be written in the worktree: it or a folder above it is a symbolic link, or it lies in a
    /// submodule (a gitlink in the index, or a folder holding its own `.git`).
    private func worktreeSkipReason(_ path: String, workdir: String, index: Handle) -> SkippedRewrite.Reason? {
        let components = path.split(separator: "/")
        var prefix = ""
        for (position, component) in components.enumerated() {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            if let entry = git_index_get_bypath(index.pointer, prefix, 0) {
                if entry.pointee.mode == GIT_FILEMODE_COMMIT.rawValue { return .submodule }
                if entry.pointee.mode == GIT_FILEMODE_LINK.rawValue { return .symbolicLink }
            }
            var status = stat()
            if lstat(workdir + "/" + prefix, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { return .symbolicLink }
            if position < components.count - 1, access(workdir + "/" + prefix + "/.git", F_OK) == 0 {
                return .submodule
            }
        }
        return nil
    }

    /// Why `path` must not be rewritten in HEAD's tree: it or a folder above it is a symbolic link or a submodule.
    private func treeSkipReason(_ path: String, in tree: Handle) throws -> SkippedRewrite.Reason? {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            guard let entry = try Handle.lookUp("find \(prefix) in HEAD's tree", free: git_tree_entry_free, {
                git_tree_entry_bypath($0, tree.pointer, prefix)
            }) else { return nil }
            switch git_tree_entry_filemode(entry.pointer) {
            case GIT_FILEMODE_COMMIT: return .submodule
            case GIT_FILEMODE_LINK: return .symbolicLink
            default: continue
            }
        }
        return nil
    }

    /// Author and committer for a commit: the override (if any) as author, the configured identity as committer
    /// (or the author, when none is configured).
    private func signatures(for options: CommitOptions) throws -> (author: Signature, committer: Signature) {
        var configuredPointer: UnsafeMutablePointer<git_signature>?
        let code = git_signature_default(&configuredPointer, handle.pointer)
        var configured: Signature?
        if code != GIT_ENOTFOUND.rawValue && code != GIT_EINVALID.rawValue {
            try check(code, "read user.name and user.email")
            configured = configuredPointer.map(Signature.init)
        }
        let author: Signature
        if let override = options.author {
            var pointer: UnsafeMutablePointer<git_signature>?
            try check(git_signature_now(&pointer, override.name, override.email), "use the author \(override)")
            guard let pointer else { throw GitStageError.invalidIdentity(override.description) }
            author = Signature(pointer)
        } else if let configured {
            author = configured
        } else {
            throw GitStageError.missingIdentity
        }
        return (author, configured ?? author)
    }

    /// Folders on the way to `relative` (excluded) inside `root` that don't exist yet, as absolute paths.
    private static func missingFolders(above relative: String, in root: String) -> [String] {
        var result: [String] = []
        var folder = root
        for component in relative.split(separator: "/").dropLast() {
            folder += "/" + component
            if access(folder, F_OK) != 0 { result.append(folder) }
        }
        return result
    }
}
