import Foundation
import GitStage
import PlainText

/// `apply` run from a repository on a path inside another repository nested in it — a submodule:
/// refused before anything is written, since files inside submodules are never written from the
/// superproject (a branch there, or its HEAD moved, would be a change the user did not ask for in a
/// repository they did not name). Run inside the submodule, `apply` migrates it as any repository.
enum SubmoduleFromSuperproject {
    /// Throws a one-line error naming the submodule and the command to run inside it when `path` is in
    /// a repository nested inside the one holding the current folder.
    static func refuse(_ path: String, command: String) throws {
        let here = FileManager.default.currentDirectoryPath
        guard let outer = try? Repository.discoverIfPresent(from: here), let outerRoot = outer.workdir,
              let inner = try? Repository.discoverIfPresent(from: existingFolder(of: path)), let innerRoot = inner.workdir,
              PathText.inside(innerRoot, outerRoot)?.isEmpty == false else { return }
        let real = URL(fileURLWithPath: here).resolvingSymlinksInPath().path
        let folder = PathText.relative(innerRoot, to: real)
        throw CommandError(
            "\(path) is inside the submodule \(folder), and apply never writes a submodule from its superproject; "
                + "run it inside the submodule: cd \(EditedSinceInterruption.quoted(folder)) && \(command)")
    }

    /// `path` if it is a folder, else the folder holding it.
    private static func existingFolder(of path: String) -> String {
        if SourceDiscovery.isFolder(path) { return path }
        return URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
}
