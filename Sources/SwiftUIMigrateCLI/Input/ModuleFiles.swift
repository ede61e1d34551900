import SwiftUIMigrate

/// The index of one module's files (`ModuleIndex`), shared by every file of that module in a run
/// and compared by identity: the files of a module are listed and read once, when a decision
/// first needs a declaration of another file.
final class ModuleFiles: Hashable, Sendable {
    /// The module's folder, named as the run names files.
    let folder: String
    let index: ModuleIndex
    /// The bytes of the files the run has read from disk, which its workers and its indexes share;
    /// nil for a commit's files.
    let shared: SharedFileBytes?

    /// The module in `folder` on disk: its `.swift` files below the folder (build, dependency and hidden
    /// folders left out) — inside git with `useGit`, the ones git tracks (read from its index, not a
    /// second walk of the folders) — read through `SourceReader` within `maxSize`, or taken from `shared`
    /// when the run has read them already.
    init(diskFolder folder: String, maxSize: Int, useGit: Bool = true, shared: SharedFileBytes = SharedFileBytes()) {
        self.folder = folder
        self.shared = shared
        index = ModuleIndex(files: {
            guard useGit, let tracked = (try? TrackedFiles.under(folder, swiftOnly: true)) ?? nil else { return SourceDiscovery.walk(folder) }
            return Self.scanned(tracked.tracked, below: folder)
        }) { path in shared.readForIndex(path, maxSize: maxSize) }
    }

    /// The module in `folder` of a commit: the tracked `.swift` files among `paths` below the folder
    /// (repository-relative), read by `read` (HEAD's blobs) within `maxSize`.
    init(commitFolder folder: String, paths: [String], maxSize: Int, read: @escaping @Sendable (String) -> [UInt8]?) {
        self.folder = folder
        shared = nil
        let inside = paths.filter { PathText.isSwift($0) && PathText.inside($0, folder) != nil }
        index = ModuleIndex(files: { inside }) { path in
            guard let bytes = read(path), case .text(let text) = SourceReader.decode(bytes, maxSize: maxSize) else { return nil }
            return text
        }
    }

    /// The `.swift` files among `paths` (git's tracked files below `folder`, in git's order) that are in no hidden
    /// folder and no folder discovery skips. Files of one folder are next to each other, so each folder is judged once.
    static func scanned(_ paths: [String], below folder: String) -> [String] {
        var lastFolder: Substring?
        var lastSkipped = false
        return paths.filter { path in
            guard PathText.isSwift(path) else { return false }
            let relative = Substring(path.utf8.dropFirst(folder.utf8.count))
            guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return true }
            let parent = relative[..<slash]
            if parent != lastFolder {
                lastFolder = parent
                lastSkipped = skips(parent)
            }
            return !lastSkipped
        }
    }

    /// True when one of the folder names in `folders` (`/`-separated) is hidden or one discovery skips. An ASCII
    /// path is split in its contiguous bytes (splitting it as characters cost mlem 7 M instructions for 238 folders,
    /// splitting its `utf8` view 2 M).
    private static func skips(_ folders: Substring) -> Bool {
        guard folders.utf8.allSatisfy({ $0 < 0x80 }) else {
            return folders.split(separator: "/").contains { name in
                name.hasPrefix(".") || SourceDiscovery.skippedFolders.contains(String(name))
            }
        }
        var folders = folders
        return folders.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = end + 1
                if let first = name.first, first == UInt8(ascii: ".") || skippedNames.contains(where: { name.elementsEqual($0) }) { return true }
            }
            return false
        }
    }

    /// The bytes of `SourceDiscovery.skippedFolders`.
    private static let skippedNames = SourceDiscovery.skippedFolders.map { Array($0.utf8) }

    /// Drops what the module's index read, and the bytes it kept for workers that did not take them: a run
    /// calls it once no file of the module is left to migrate, so memory follows the module being
    /// migrated, not every module the run has met.
    func forget() {
        index.forget()
        shared?.forget(below: folder)
    }

    static func == (lhs: ModuleFiles, rhs: ModuleFiles) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
