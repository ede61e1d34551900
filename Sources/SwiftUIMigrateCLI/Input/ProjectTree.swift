import Foundation
import GitStage
import PlainText

/// A folder tree the deployment floor is looked for in: the files on disk, or a commit's tree
/// (no-checkout mode and batch read the manifests from the same commit as the Swift files).
///
/// Folders are named as the tree's files are: absolute paths on disk, repository-relative paths
/// (the root is `""`) in a commit.
protocol ProjectTree {
    /// The names of the entries (files and folders) directly in `folder`.
    func names(in folder: String) -> [String]
    /// The bytes of the file at `path`, nil when there is none.
    func contents(of path: String) -> [UInt8]?
    /// True for the folder the search stops at: the repository's root (or the file system's).
    func isTop(_ folder: String) -> Bool
    /// `path` as messages show it.
    func display(_ path: String) -> String
}

extension ProjectTree {
    /// The folder holding `path`; nil at the top.
    func parent(of path: String) -> String? {
        guard !isTop(path) else { return nil }
        return PathText.folder(of: path) ?? ""
    }

    /// The folder the search from `folder` stops at (`folder` itself when it is one): the repository's root, `/`.
    func top(of folder: String) -> String {
        var current = folder
        while let parent = parent(of: current) { current = parent }
        return current
    }
}

/// The files on disk, through the run's `DiskFileSystem`; the search stops at a folder holding `.git`, or at `/`.
final class DiskProjectTree: ProjectTree {
    /// The run's file system: a folder the configuration lookup, the floor search and the walk all need is listed once.
    let fileSystem: DiskFileSystem
    /// The folder paths are shown relative to (the current folder).
    private let displayBase = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path

    /// Whether each folder asked holds `.git`: the floor search asks every folder on the way up from every folder.
    private var tops: [String: Bool] = [:]

    init(fileSystem: DiskFileSystem = DiskFileSystem()) {
        self.fileSystem = fileSystem
    }

    func names(in folder: String) -> [String] { fileSystem.names(in: folder) }

    func contents(of path: String) -> [UInt8]? { fileSystem.contents(of: path) }

    func isTop(_ folder: String) -> Bool {
        if folder == "/" || folder.isEmpty { return true }
        if let known = tops[folder] { return known }
        let isTop = names(in: folder).contains(".git")
        tops[folder] = isTop
        return isTop
    }

    /// Forgets which folders hold `.git`, and what the file system kept (`DiskFileSystem.forget`).
    func forget() {
        tops = [:]
        fileSystem.forget()
    }

    func display(_ path: String) -> String {
        PathText.relative(path, to: displayBase)
    }
}

/// HEAD's tree of a repository, listed from its tracked paths; files are read from their blobs.
final class CommitProjectTree: ProjectTree {
    private let repository: Repository
    private var listings: [String: Set<String>] = [:]

    /// The tree holding `trackedPaths` (repository-relative), read from `repository`'s HEAD.
    init(repository: Repository, trackedPaths: [String]) {
        self.repository = repository
        for path in trackedPaths {
            var child = path
            while let slash = child.lastIndex(of: "/") {
                let folder = String(child[..<slash])
                listings[folder, default: []].insert(String(child[child.index(after: slash)...]))
                child = folder
            }
            listings["", default: []].insert(child)
        }
    }

    func names(in folder: String) -> [String] { listings[folder].map { $0.sorted() } ?? [] }

    func contents(of path: String) -> [UInt8]? { (try? repository.headBlob(path: path)) ?? nil }

    func isTop(_ folder: String) -> Bool { folder.isEmpty }

    func display(_ path: String) -> String { path }
}
