import Foundation
import GitStage
import PlainText
import SwiftUIMigrate

/// Turns the paths a user named into the Swift files to look at.
///
/// A named file is taken, tracked or not (with `forceExclude`, unless its configuration's globs
/// leave it out). A directory is walked, skipping build output and dependency folders (`.build`,
/// `DerivedData`, `Pods`, `Carthage`), hidden folders and symbolic links to folders; only `.swift`
/// files are taken. Inside a git work tree only tracked files are taken (see `TrackedFolder`; a
/// folder git does not track at all is walked, as a named file is taken), and a folder that yields
/// none though it holds some is an error (`EmptyGitFolder`); `useGit` false (`--no-git`) walks every
/// folder. Each file's configuration (`ConfigurationLookup`) comes with it, and its include/exclude
/// globs, relative to the folders of the configuration files, filter the files found in folders.
struct SourceDiscovery {
    static let skippedFolders: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// Each file's configuration (`RunSettings.effective(forFile:)`); folders are listed through the
    /// settings' file system, once each.
    let settings: RunSettings
    /// `--force-exclude`: named files their configuration's globs leave out are skipped too.
    let forceExclude: Bool
    /// False for `--no-git`: folders are walked even inside a git work tree.
    let useGit: Bool

    /// The files under `paths`, in a stable order, without duplicates nor those already in `seen` (to which
    /// they are added); `considered` is given the absolute path of every `.swift` file looked at before the
    /// configuration's globs filtered them (see `UnusedGlobs`), and `unlisted` one line for each folder at or
    /// below a named folder that could not be listed (mode 000), naming it and what git tracks in it.
    func files(
        in paths: [String], considered: inout [String], seen: inout Set<String>, unlisted: inout [String]
    ) throws -> [SourceFile] {
        var result: [SourceFile] = []
        let fileManager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if (try? fileManager.destinationOfSymbolicLink(atPath: path)) != nil {
                    throw CommandError("\(path) is a symbolic link that leads nowhere (dangling, or a loop)")
                }
                throw Self.missing(path)
            }
            let absolute = Self.absolute(path)
            if !isDirectory.boolValue {
                // A file in a repository libgit2 cannot open stops the run as its folder would (the index file
                // answers a plain work tree without libgit2).
                if useGit && IndexFile.place(of: absolute) == .unsure { _ = try Repository.discoverIfPresent(from: absolute) }
                considered.append(absolute)
                let configuration = try settings.effective(forFile: absolute)
                if forceExclude && !configuration.includes(absolute) { continue }
                if seen.insert(absolute).inserted {
                    var file = Self.namedFile(path)
                    file.configuration = configuration.configuration
                    result.append(file)
                }
                continue
            }
            // The tracked files inside git (unless `--no-git`), else every one a walk finds.
            let tracked = useGit ? try TrackedFiles.under(absolute) : nil
            let walk = { Self.walk(absolute, fileSystem: settings.fileSystem) }
            let found = try tracked?.swiftFiles(named: Self.tidy(path), onDisk: walk) ?? walk()
            for (folder, error) in settings.fileSystem.unlisted {
                guard let relative = PathText.inside(folder, absolute) else { continue }
                let display = Self.tidy(relative.isEmpty ? path : PathText.join(path, relative))
                let held = (tracked?.tracked ?? []).filter { PathText.isSwift($0) && PathText.inside($0, folder) != nil }.count
                let line = "cannot list \(display): \(String(cString: strerror(error))); "
                    + (held > 0 ? "git tracks \(counted(held, "Swift file")) in it, each warned about below" : "any Swift files in it were not checked")
                if !unlisted.contains(line) { unlisted.append(line) }
            }
            considered += found
            var held: HeldConfiguration?
            for file in found where seen.insert(file).inserted {
                let configuration = try settings.effective(forFile: file)
                guard configuration.includes(file) else { continue }
                let relative = PathText.relative(file, to: absolute)
                let display = Self.tidy(path == "." ? relative : PathText.join(path, relative))
                // A folder named by its absolute path shows each file by it: one string for both, not two.
                var source = SourceFile(displayPath: display == file ? file : display, absolutePath: file)
                source.share(configuration.configuration, through: &held)
                result.append(source)
            }
        }
        return result
    }

    /// The error for a named `path` that is not there: "no such file or directory", or, for one that exists but
    /// cannot be reached (a folder on the way the user cannot search), why not: "cannot read …: Permission denied".
    static func missing(_ path: String) -> CommandError {
        var status = stat()
        if lstat(path, &status) != 0, errno != ENOENT, errno != ENOTDIR {
            return CommandError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        return CommandError("no such file or directory: \(path)")
    }

    /// The file a user named at `path` (always taken, whatever the globs say).
    static func namedFile(_ path: String) -> SourceFile {
        SourceFile(displayPath: tidy(path), absolutePath: absolute(path))
    }

    /// Every `.swift` file below `directory`, sorted, skipping the folders a build makes.
    ///
    /// Folders are listed through `fileSystem` (once each, with the kind of every entry), so listing
    /// costs one system call per folder rather than several per file. A symbolic link is taken when
    /// it leads to a regular file; links to folders are not followed, so a loop cannot trap the walk.
    static func walk(_ directory: String, fileSystem: DiskFileSystem = DiskFileSystem()) -> [String] {
        var files: [String] = []
        var stack = [directory]
        while let folder = stack.popLast() {
            for entry in fileSystem.entries(in: folder) {
                let path = folder + "/" + entry.name
                switch entry.kind {
                case .folder:
                    if entry.name.hasPrefix(".") || Self.skippedFolders.contains(entry.name) { continue }
                    stack.append(path)
                case .file where PathText.isSwift(entry.name):
                    files.append(path)
                case .link where PathText.isSwift(entry.name):
                    if fileSystem.isRegularFile(path) { files.append(path) }
                default:
                    continue
                }
            }
        }
        return files.sorted()
    }

    /// True when `path` names a folder (the run walks it rather than taking a named file).
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func absolute(_ path: String) -> String {
        let url = path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        var standardized = url.standardizedFileURL.path
        while standardized.count > 1 && standardized.hasSuffix("/") { standardized.removeLast() }
        return standardized
    }

    private static func tidy(_ path: String) -> String {
        var text = path
        while text.hasPrefix("./") { text.removeFirst(2) }
        return text
    }
}
