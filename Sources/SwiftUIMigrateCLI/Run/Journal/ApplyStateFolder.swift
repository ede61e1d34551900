import Foundation
import GitStage

/// Where an `apply` run keeps its lock and its journal: the repository's git folder (`.git/swiftui-migrate.lock`,
/// `.git/swiftui-migrate-journal`), or, for `--in-place` outside git, the folder the paths share
/// (`.swiftui-migrate.lock`, `.swiftui-migrate-journal` in it).
struct ApplyStateFolder {
    /// The folder.
    let path: String
    /// True for a git folder (the files' names carry no leading dot there).
    let isGitDirectory: Bool

    /// The git folder of `repository`.
    init(_ repository: Repository) {
        path = repository.gitDirectory
        isGitDirectory = true
    }

    /// The state folder of a run over `paths`: the git folder of the repository holding the folder they share (a
    /// bare one included, for `--resume` of a no-checkout run), else that folder. A repository there that libgit2
    /// cannot open (another user's, a broken `.git`) throws, so nothing is written into it; `useGit` false
    /// (`--no-git`) takes its folder as a plain one instead.
    static func locate(paths: [String], useGit: Bool = true) throws -> (folder: ApplyStateFolder, repository: Repository?) {
        let shared = sharedFolder(paths)
        if let repository = useGit ? try Repository.discoverIfPresent(from: shared) : (try? Repository.discoverIfPresent(from: shared)) ?? nil {
            return (ApplyStateFolder(repository), repository)
        }
        return (ApplyStateFolder(path: shared, isGitDirectory: false), nil)
    }

    private init(path: String, isGitDirectory: Bool) {
        self.path = path
        self.isGitDirectory = isGitDirectory
    }

    private var prefix: String { path + (isGitDirectory ? "/" : "/.") }

    /// The journal's path.
    var journalPath: String { prefix + "swiftui-migrate-journal" }

    /// Takes the run's lock (see ``RepositoryLock``), waiting up to `patience` seconds for a run that holds it.
    func lock(patience: Double = 0) throws -> RepositoryLock {
        try RepositoryLock(path: prefix + "swiftui-migrate.lock", patience: patience)
    }

    /// How long an in-place run waits for the lock: such runs are short and often on single files (an editor, a
    /// pre-commit hook), so one waits for another rather than failing.
    static let inPlacePatience = 30.0

    /// The deepest folder holding every one of `paths` (a folder path counts as itself), absolute and canonical.
    private static func sharedFolder(_ paths: [String]) -> String {
        let folders = paths.map { path -> [String] in
            var url = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
            if !SourceDiscovery.isFolder(url.path) {
                url.deleteLastPathComponent()
            }
            return url.path.split(separator: "/").map(String.init)
        }
        guard var shared = folders.first else { return FileManager.default.currentDirectoryPath }
        for folder in folders.dropFirst() {
            shared = Array(zip(shared, folder).prefix { $0 == $1 }.map(\.0))
        }
        return "/" + shared.joined(separator: "/")
    }
}
