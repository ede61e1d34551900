import GitStage
import PlainText

/// What git says about a folder a run was asked to look at: the files it tracks there, and what
/// explains an empty answer (see `EmptyGitFolder`).
struct TrackedFolder {
    /// Absolute paths (under the folder as given) of the regular files git tracks below it.
    var tracked: [String]
    /// True for the work tree's root.
    var isWorkTreeRoot: Bool
    /// What explains an empty answer, asked only then.
    var repository: () throws -> RepositoryFacts

    /// What the repository says beyond the files it tracks.
    struct RepositoryFacts {
        /// False when the repository has no index file.
        var hasIndex: Bool
        /// True when HEAD has a commit.
        var hasCommit: Bool
        /// The index file's path as a person finds it: `.git/index`, or the absolute path in a linked worktree.
        var indexName: String
        /// Whether git ignores the file at an absolute path below the folder.
        var isIgnored: (String) throws -> Bool
    }

    /// The `.swift` files to look at in the folder named `name` whose `.swift` files on disk are
    /// `onDisk` (absolute, sorted): the tracked ones; in a folder git does not track at all, the
    /// ones it does not ignore (a named untracked folder is scanned, as a named file is).
    ///
    /// - Throws: `EmptyGitFolder` when that leaves nothing though `onDisk` holds files: an empty
    ///   run must not look like a clean one.
    func swiftFiles(named name: String, onDisk: () -> [String]) throws -> [String] {
        let swift = tracked.filter(PathText.isSwift).sorted()
        guard swift.isEmpty else { return swift }
        let present = onDisk()
        guard !present.isEmpty else { return [] }
        let repository = try repository()
        if !repository.hasIndex && repository.hasCommit {
            throw EmptyGitFolder(folder: name, onDisk: present.count, reason: .missingIndex(repository.indexName))
        }
        let notIgnored = try present.filter { try !repository.isIgnored($0) }
        if tracked.isEmpty && !isWorkTreeRoot {
            guard !notIgnored.isEmpty else {
                throw EmptyGitFolder(folder: name, onDisk: present.count, reason: .allIgnored)
            }
            return notIgnored
        }
        throw EmptyGitFolder(
            folder: name, onDisk: present.count,
            reason: .noneTracked(untracked: notIgnored.count, ignored: present.count - notIgnored.count, nothingCommitted: !repository.hasCommit))
    }
}

/// The git-tracked files below a folder, when the folder is inside a git work tree.
///
/// Inside a repository the run looks only at tracked files, so ignored and untracked files (build
/// output, generated code, scratch files) are left alone unless named.
enum TrackedFiles {
    /// True when `directory` is (or is inside) a bare git repository.
    static func isBareRepository(_ directory: String) -> Bool {
        // A plain work tree or a folder outside git is not one, and the index file's search says so without libgit2.
        guard IndexFile.place(of: directory) == .unsure else { return false }
        return (try? Repository.discoverIfPresent(from: directory))??.isBare ?? false
    }

    /// What git says about `directory`; nil outside a git work tree or in a bare repository.
    ///
    /// The index file answers when it can (`IndexFile`) and the folder holds tracked Swift files, and a
    /// folder plainly outside any repository needs no answer; libgit2 is started only otherwise, or to
    /// explain an empty answer.
    ///
    /// - Throws: `CommandError` when `directory` is in a repository that cannot be read (a broken
    ///   `.git`, an unreadable index): walking the folder instead would take untracked files.
    /// With `swiftOnly`, `tracked` holds only the `.swift` files: a module's index reads no other, and
    /// naming every file of a large repository cost it 11 M instructions (pocket-casts-ios).
    static func under(_ directory: String, swiftOnly: Bool = false) throws -> TrackedFolder? {
        let place = IndexFile.place(of: directory)
        if place == .outside { return nil }
        if let listing = IndexFile.listing(in: place), listing.files.contains(where: { $0.hasSuffix(".swift") }) {
            return TrackedFolder(
                tracked: inside(directory, listing.files, relative: listing.relative, swiftOnly: swiftOnly),
                isWorkTreeRoot: listing.relative.isEmpty,
                repository: {
                    guard let folder = try read(directory) else { throw CommandError("git finds no work tree at \(directory)") }
                    return try folder.repository()
                })
        }
        return try read(directory, swiftOnly: swiftOnly)
    }

    /// `under`, asking libgit2.
    private static func read(_ directory: String, swiftOnly: Bool = false) throws -> TrackedFolder? {
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
        let indexPath = repository.gitDirectory + "/index"
        let workdir = repository.workdir ?? ""
        let facts = TrackedFolder.RepositoryFacts(
            hasIndex: repository.hasIndexFile, hasCommit: hasCommit,
            indexName: PathText.relative(indexPath, to: workdir),
            isIgnored: { absolute in
                do {
                    return try repository.isIgnored(try repository.relativePath(for: absolute))
                } catch {
                    throw CommandError("cannot read whether git ignores \(absolute): \(error)")
                }
            })
        return TrackedFolder(
            tracked: inside(directory, tracked, relative: relative, swiftOnly: swiftOnly), isWorkTreeRoot: relative.isEmpty, repository: { facts })
    }

    /// The absolute paths, under `directory` as given, of the repository-relative `paths` below `relative`
    /// (only those whose name ends in `.swift` with `swiftOnly`, told by their bytes before any is joined).
    /// Each path is joined in one allocation, its prefix compared on its bytes (`remainder(after:)` only where
    /// they differ outside ASCII): joining a large repository's paths one `+` at a time cost pocket-casts-ios 15 M
    /// instructions.
    private static func inside(_ directory: String, _ paths: [String], relative: String, swiftOnly: Bool) -> [String] {
        let prefix = relative.isEmpty ? "" : relative + "/"
        let suffix = Array(".swift".utf8)
        let head = directory + "/"
        func joined(_ rest: Substring) -> String {
            var path = head
            path.reserveCapacity(head.utf8.count + rest.utf8.count)
            path += rest
            return path
        }
        return paths.compactMap { path in
            if swiftOnly && !path.utf8.reversed().starts(with: suffix.reversed()) { return nil }
            if prefix.isEmpty { return joined(Substring(path)) }
            switch path.startsWithBytes(of: prefix) {
            case true?: return joined(Substring(path.utf8.dropFirst(prefix.utf8.count)))
            case false?: return nil
            case nil: return path.remainder(after: prefix).map { joined(Substring($0)) }
            }
        }
    }
}
