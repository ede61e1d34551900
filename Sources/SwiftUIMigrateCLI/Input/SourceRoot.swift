import Foundation
import GitStage
import PlainText

/// The folder outputs read by other tools name files from: the work tree of the git repository the run is in
/// (as `git diff`, `git apply`, GitHub annotations and code scanning expect), else the current folder.
///
/// A patch whose paths are relative to the current folder makes `git apply` in a subfolder skip every file and
/// exit 0; naming files from the root makes the same output work from anywhere in the repository.
struct SourceRoot {
    /// The root's absolute path, without a trailing slash.
    let path: String
    /// The root's real path (symbolic links resolved), when it is a repository's work tree; nil outside git.
    private let realWorkTree: String?
    /// Resolves the files' folders, each once.
    private let fileSystem: DiskFileSystem

    /// The root for a run over `paths`: the work tree holding the first of them, else the current folder.
    init(paths: [String], fileSystem: DiskFileSystem = DiskFileSystem()) {
        self.fileSystem = fileSystem
        let first = SourceDiscovery.absolute(paths.first ?? ".")
        let workTree: String?
        switch IndexFile.place(of: first) {
        case .workTree(let root, _, _): workTree = root
        case .outside: workTree = nil
        case .unsure: workTree = ((try? Repository.discoverIfPresent(from: first)) ?? nil)?.workdir
        }
        path = workTree ?? SourceDiscovery.absolute(".")
        realWorkTree = workTree.map(fileSystem.realPath(ofFolder:))
    }

    /// `absolutePath` relative to the root, `/`-separated; the absolute path itself when it lies outside.
    /// Inside git the file's real path is compared with the work tree's, so a path through a symbolic
    /// link to the checkout is named as git names it.
    func relative(_ absolutePath: String) -> String {
        if let realWorkTree, let inside = PathText.inside(fileSystem.realPath(ofFile: absolutePath), realWorkTree) { return inside }
        return PathText.relative(absolutePath, to: path)
    }

    /// `files` with `rootPath` set.
    func naming(_ files: [SourceFile]) -> [SourceFile] {
        files.map { file in
            var named = file
            named.rootPath = relative(file.absolutePath)
            return named
        }
    }
}
