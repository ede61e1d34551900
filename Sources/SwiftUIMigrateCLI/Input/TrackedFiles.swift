import GitStage

/// What git says about a folder a run was asked to look at: the files it tracks there, and what
/// explains an empty answer (see `EmptyGitFolder`).
struct TrackedFolder {
    /// Absolute paths (under the folder as given) of the regular files git tracks below it.
    var tracked: [String]
    /// True for the work tree's root.
    var isWorkTreeRoot: Bool
    /// False when the repository has no index file.
    var hasIndex: Bool
    /// True when HEAD has a commit.
    var hasCommit: Bool
    /// The index file's path as a person finds it: `.git/index`, or the absolute path in a linked worktree.
    var indexName: String
    /// Whether git ignores the file at an absolute path below the folder.
    var isIgnored: (String) throws -> Bool

    /// The `.swift` files to look at in the folder named `name` whose `.swift` files on disk are
    /// `onDisk` (absolute, sorted): the tracked ones; in a folder git does not track at all, the
    /// ones it does not ignore (a named untracked folder is scanned, as a named file is).
    ///
    /// - Throws: `EmptyGitFolder` when that leaves nothing though `onDisk` holds files: an empty
    ///   run must not look like a clean one.
    func swiftFiles(named name: String, onDisk: () -> [String]) throws -> [String] {
        let swift = tracked.filter { $0.hasSuffix(".swift") }.sorted()
        guard swift.isEmpty else { return swift }
        let present = onDisk()
        guard !present.isEmpty else { return [] }
        if !hasIndex && hasCommit {
            throw EmptyGitFolder(folder: name, onDisk: present.count, reason: .missingIndex(indexName))
        }
        let notIgnored = try present.filter { try !isIgnored($0) }
        if tracked.isEmpty && !isWorkTreeRoot {
            guard !notIgnored.isEmpty else {
                throw EmptyGitFolder(folder: name, onDisk: present.count, reason: .allIgnored)
            }
            return notIgnored
        }
        throw EmptyGitFolder(
            folder: name, onDisk: present.count,
            reason: .noneTracked(untracked: notIgnored.count, ignored: present.count - notIgnored.count, nothingCommitted: !hasCommit))
    }
}

/// The git-tracked files below a folder, when the folder is inside a git work tree.
///
/// Inside a repository the run looks only at tracked files, so ignored and untracked files (build
/// output, generated code, scratch files) are left alone unless named.
enum TrackedFiles {
    /// True when `directory` is (or is inside) a bare git repository.
    static func isBareRepository(_ directory: String) -> Bool {
        (try? Repository.discoverIfPresent(from: directory))??.isBare ?? false
    }

    /// What git says about `directory`; nil outside a git work tree or in a bare repository.
    ///
    /// - Throws: `CommandError` when `directory` is in a repository that cannot be read (a broken
    ///   `.git`, an unreadable index): walking the folder instead would take untracked files.
    static func under(_ directory: String) throws -> TrackedFolder? {
        let tracked: [String]
        let relative: String
        let repository: Repository
        let hasCommit: Bool
        do {
            guard let found = try Repository.discoverIfPresent(from: directory), found.workdir != nil else {
                return nil
            }
            repository = found
            relative = try repository.relativePath(for: directory)
            tracked = try repository.trackedFiles(under: relative.isEmpty ? nil : relative)
            // A HEAD that cannot be read only changes how an empty answer is explained.
            hasCommit = (try? repository.head().commit) != nil
        } catch {
            throw CommandError("cannot list the files git tracks in \(directory): \(error)")
        }
        let prefix = relative.isEmpty ? "" : relative + "/"
        let indexPath = repository.gitDirectory + "/index"
        let workdir = repository.workdir ?? ""
        return TrackedFolder(
            tracked: tracked.compactMap { path in
                guard path.hasPrefix(prefix) else { return nil }
                return directory + "/" + path.dropFirst(prefix.count)
            },
            isWorkTreeRoot: relative.isEmpty, hasIndex: repository.hasIndexFile, hasCommit: hasCommit,
            indexName: indexPath.hasPrefix(workdir + "/") ? String(indexPath.dropFirst(workdir.count + 1)) : indexPath,
            isIgnored: { absolute in
                do {
                    return try repository.isIgnored(try repository.relativePath(for: absolute))
                } catch {
                    throw CommandError("cannot read whether git ignores \(absolute): \(error)")
                }
            })
    }
}
