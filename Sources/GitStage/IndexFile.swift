import AtomicFiles
import PlainText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The files a work tree's index tracks, read straight from `.git/index` — what every scan asks, so it
/// does not start libgit2 for it (libgit2's start-up reads the system's TLS certificates, ~9 ms a run).
///
/// It answers only the plain case, where reading the index file is all libgit2 would do: a `.git`
/// folder owned by this user whose `config` and `index` are regular files (not symbolic links), a SHA-1
/// repository without `core.worktree`, `core.bare`, includes or a split or sparse index, and an index of
/// version 2, 3 or 4. Anything else answers nil, and the caller asks libgit2 (``Repository``), which is
/// the reference.
public enum IndexFile {
    /// What the index says about a folder inside a work tree.
    public struct Listing: Equatable, Sendable {
        /// The work tree's root, its real path.
        public var workTree: String
        /// The folder, relative to the work tree (`""` for the root).
        public var relative: String
        /// The regular files the index tracks at or below the folder, relative to the work tree, in index
        /// order, each once (a conflicted file's stages are one path).
        public var files: [String]
    }

    /// Where a path is, as far as this reader can tell without libgit2.
    public enum Place: Equatable, Sendable {
        /// In the work tree at this real path, whose `.git` folder is `gitDirectory`; `relative` is the
        /// path's folder relative to it (`""` for the root).
        case workTree(String, gitDirectory: String, relative: String)
        /// In no repository: no folder from the path up to `/` has a `.git` or is a repository.
        case outside
        /// Somewhere libgit2 must judge (see ``place(of:)``).
        case unsure
    }

    /// The index's listing of the folder whose place ``place(of:)`` found; nil when the folder is not in a
    /// work tree this reader follows plainly (see ``IndexFile``).
    public static func listing(in place: Place) -> Listing? {
        guard case .workTree(let workTree, let gitDirectory, let relative) = place else { return nil }
        if relative == ".git" || relative.hasPrefix(".git/") { return nil }
        guard let config = try? AtomicFileWrite.readRegularFile(gitDirectory + "/config"), isPlain(config: config),
              let paths = regularFiles(indexAt: gitDirectory + "/index") else { return nil }
        // A prefix test, not `PathText.inside` per path: this runs over every file the index tracks.
        let prefix = relative.isEmpty ? "" : relative + "/"
        return Listing(workTree: workTree, relative: relative, files: paths.filter { $0.hasPrefix(prefix) || $0 == relative })
    }

    /// Where `path` (absolute; a file stands for its folder) is: the work tree of the nearest folder at or
    /// above its real path with a `.git` folder, on the same device. Unsure where libgit2 must decide: a
    /// `.git` file (a linked worktree, a submodule), a repository's own folder on the way (bare, or inside
    /// `.git`), a device boundary, a work tree or `.git` folder someone else owns (libgit2 then weighs
    /// `safe.directory`), a `.git` folder without `HEAD`, `objects` and `refs`, or with a `commondir` file.
    public static func place(of path: String) -> Place {
        guard let resolved = Repository.realPath(path) else { return .unsure }
        var start = stat()
        guard stat(resolved, &start) == 0 else { return .unsure }
        var folder = start.st_mode & S_IFMT == S_IFDIR ? resolved : Repository.parent(of: resolved)
        let asked = folder
        while true {
            let dotGit = PathText.join(folder, ".git")
            var status = stat()
            if lstat(dotGit, &status) == 0 {
                var workTree = stat()
                guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(), stat(folder, &workTree) == 0,
                      workTree.st_uid == geteuid(),
                      ["HEAD", "objects", "refs"].allSatisfy({ exists(dotGit + "/" + $0) }), !exists(dotGit + "/commondir")
                else { return .unsure }
                return .workTree(folder, gitDirectory: dotGit, relative: PathText.inside(asked, folder) ?? "")
            }
            if exists(PathText.join(folder, "HEAD")) { return .unsure }
            guard folder != "/" else { return .outside }
            let above = Repository.parent(of: folder)
            var device = stat()
            guard stat(above, &device) == 0, device.st_dev == start.st_dev else { return .unsure }
            folder = above
        }
    }

    /// True when `config` (a repository's `config` file) sets nothing that changes where the work tree
    /// or the index is, or how objects are named: no `worktree`, `bare = true`, include, object format,
    /// split or sparse index.
    static func isPlain(config: [UInt8]) -> Bool {
        let text = String(decoding: config, as: UTF8.self).lowercased()
        let lines = text.split(separator: "\n").map { $0.filter { $0 != " " && $0 != "\t" } }
        return !lines.contains { line in
            line.hasPrefix("worktree=") || line.hasPrefix("bare=true") || line == "bare" || line.hasPrefix("[include") || line.hasPrefix("objectformat=")
                || line.hasPrefix("splitindex=") || line.hasPrefix("sparse") || line.hasPrefix("[extensions")
        }
    }

    /// The last index file read, by path, with what `stat` said of it then: a run asks for several
    /// folders of one work tree (the files to scan, each module's), and reads the index once.
    private static let lastRead = Mutex<(path: String, stamp: [Int], files: [String])?>(nil)

    /// `regularFiles(index:)` of the file at `path`, read again only when it changed.
    static func regularFiles(indexAt path: String) -> [String]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let modified = status.lastModification
        let stamp = [Int(status.st_ino), Int(status.st_size), Int(modified.tv_sec), Int(modified.tv_nsec)]
        if let last = lastRead.withLock({ $0 }), last.path == path, last.stamp == stamp { return last.files }
        guard let bytes = try? AtomicFileWrite.readRegularFile(path), let files = regularFiles(index: bytes) else { return nil }
        lastRead.withLock { $0 = (path, stamp, files) }
        return files
    }

    /// The paths of the regular files (modes 100644 and 100755) of an index file, each once; nil when it
    /// is not an index of version 2–4 this reader follows (a split or sparse index, a truncated file).
    static func regularFiles(index bytes: [UInt8]) -> [String]? {
        bytes.withUnsafeBufferPointer { buffer -> [String]? in
            func word(_ at: Int) -> Int { Int(buffer[at]) << 24 | Int(buffer[at + 1]) << 16 | Int(buffer[at + 2]) << 8 | Int(buffer[at + 3]) }
            func half(_ at: Int) -> Int { Int(buffer[at]) << 8 | Int(buffer[at + 1]) }
            let hashLength = 20
            guard buffer.count >= 12 + hashLength, buffer[0] == 0x44, buffer[1] == 0x49, buffer[2] == 0x52, buffer[3] == 0x43
            else { return nil }  // "DIRC"
            let version = word(4), count = word(8)
            guard (2...4).contains(version) else { return nil }
            let end = buffer.count - hashLength
            var files: [String] = []
            var previous: [UInt8] = []
            var offset = 12
            for _ in 0..<count {
                let start = offset
                guard offset + 62 <= end else { return nil }
                let mode = word(offset + 24)
                let flags = half(offset + 60)
                offset += 62
                if flags & 0x4000 != 0 {
                    guard version >= 3 else { return nil }
                    offset += 2
                }
                var path: [UInt8]
                if version == 4 {
                    // A varint of how many bytes of the previous path to drop, then the rest of the path.
                    var drop = 0
                    var byte: UInt8
                    repeat {
                        guard offset < end else { return nil }
                        byte = buffer[offset]
                        offset += 1
                        drop = drop << 7 | Int(byte & 0x7F)
                        if byte & 0x80 != 0 { drop += 1 }
                    } while byte & 0x80 != 0
                    guard drop <= previous.count else { return nil }
                    path = Array(previous.dropLast(drop))
                } else {
                    path = []
                }
                guard let terminator = (offset..<end).first(where: { buffer[$0] == 0 }) else { return nil }
                path += buffer[offset..<terminator]
                offset = terminator + 1
                if version < 4 {
                    // Entries of versions 2 and 3 are padded with NULs to a multiple of 8 bytes.
                    offset = start + ((offset - start + 7) / 8) * 8
                }
                previous = path
                guard mode == 0o100644 || mode == 0o100755 else { continue }
                let text = String(decoding: path, as: UTF8.self)
                if files.last != text { files.append(text) }
            }
            // Extensions: a split index keeps its entries elsewhere; a sparse one lists folders for files.
            while offset + 8 <= end {
                let signature = String(decoding: buffer[offset..<offset + 4], as: UTF8.self)
                if signature == "link" || signature == "sdir" { return nil }
                offset += 8 + word(offset + 4)
            }
            return offset == end ? files : nil
        }
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}
