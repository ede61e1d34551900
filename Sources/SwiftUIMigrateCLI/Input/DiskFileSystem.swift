import Foundation
import GitStage
import PlainText

/// The file-system calls that finding a run's files, their configurations and their floors make on
/// disk: one seam, shared by the whole run, so each folder is listed once, each folder's real path is
/// worked out once (from its parent's, with one `lstat`), and a test can count what a run costs
/// (`calls`). The Swift files themselves are read by `SourceReader`, once each. What it keeps belongs to the
/// repository being looked at: a run forgets it when it moves to the next one (`forget`).
///
/// Not thread-safe: the run asks it from one thread, before the workers start.
final class DiskFileSystem {
    /// What a folder entry is, as `readdir` (or `lstat`, where the file system does not say) tells.
    enum Kind: Equatable {
        case file, folder, link, other
    }

    /// One entry of a folder.
    struct Entry: Equatable {
        var name: String
        var kind: Kind
    }

    /// How many system calls of each kind the seam has made.
    struct Calls: Equatable {
        /// Folders listed (`opendir`/`readdir`).
        var listings = 0
        /// Files read whole (configuration files, manifests, Xcode projects).
        var reads = 0
        /// `stat`/`lstat` calls.
        var statuses = 0
        /// `realpath` calls (each walks every component of the path with `readlink`).
        var realPaths = 0

        /// All of them.
        var total: Int { listings + reads + statuses + realPaths }
    }

    /// The calls made so far.
    private(set) var calls = Calls()
    private var listings: [String: [Entry]] = [:]
    private var nameLists: [String: [String]] = [:]
    private var realFolders: [String: String] = ["/": "/"]
    /// The folders that exist but could not be listed (a folder of mode 000: EACCES), with `errno`, in the order met.
    private(set) var unlisted: [(folder: String, error: Int32)] = []

    /// How many folders' listings, name lists and real paths are kept now.
    var keptEntries: Int { listings.count + nameLists.count + realFolders.count }
    /// The most `keptEntries` has been: it follows the largest repository of a run, not their number.
    var mostKeptEntries: Int { max(mostKept, keptEntries) }
    private var mostKept = 0

    /// Forgets every listing and real path (the run is past the repository they belong to); a folder asked
    /// again is listed again.
    func forget() {
        mostKept = mostKeptEntries
        listings = [:]
        nameLists = [:]
        realFolders = ["/": "/"]
    }

    /// The entries of `folder` (an absolute path), without `.` and `..`; empty when it cannot be listed (then
    /// kept in `unlisted`, unless it does not exist).
    func entries(in folder: String) -> [Entry] {
        if let known = listings[folder] { return known }
        calls.listings += 1
        var entries: [Entry] = []
        if let stream = opendir(folder) {
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let kind: Kind
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): kind = .folder
                case Int32(DT_REG): kind = .file
                case Int32(DT_LNK): kind = .link
                case Int32(DT_UNKNOWN): kind = linkKind(of: PathText.join(folder, name))
                default: kind = .other
                }
                entries.append(Entry(name: name, kind: kind))
            }
        } else if errno != ENOENT && errno != ENOTDIR {
            unlisted.append((folder, errno))
        }
        listings[folder] = entries
        return entries
    }

    /// The names of the entries of `folder`, kept as the entries are: the floor search asks each folder on the
    /// way up from every folder of a run, and a fresh array each time was a twentieth of a scan of pocket-casts-ios.
    func names(in folder: String) -> [String] {
        if let known = nameLists[folder] { return known }
        let names = entries(in: folder).map(\.name)
        nameLists[folder] = names
        return names
    }

    /// The whole file at `path`, nil when it cannot be read.
    func contents(of path: String) -> [UInt8]? {
        calls.reads += 1
        return SourceReader.bytes(atPath: path)
    }

    /// True when `path`, followed through symbolic links, is a regular file.
    func isRegularFile(_ path: String) -> Bool {
        calls.statuses += 1
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The real path of the folder `folder` (absolute, no trailing slash): its parent's real path and its
    /// name, unless it is itself a symbolic link (then `realpath` says where it leads). Each folder costs
    /// one `lstat`, once.
    func realPath(ofFolder folder: String) -> String {
        if let known = realFolders[folder] { return known }
        let parent = PathText.folder(of: folder) ?? "/"
        let name = PathText.name(of: folder)
        var real: String?
        if name.isEmpty || name == "." || name == ".." || linkKind(of: folder) == .link {
            calls.realPaths += 1
            real = Repository.realPath(folder)
        }
        let resolved = real ?? PathText.join(realPath(ofFolder: parent), name)
        realFolders[folder] = resolved
        return resolved
    }

    /// The real path of the file at `path`: its folder's real path and its name.
    func realPath(ofFile path: String) -> String {
        guard let folder = PathText.folder(of: path) else { return path }
        return PathText.join(realPath(ofFolder: folder), PathText.name(of: path))
    }

    /// What `lstat` says `path` is.
    private func linkKind(of path: String) -> Kind {
        calls.statuses += 1
        var status = stat()
        guard lstat(path, &status) == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
