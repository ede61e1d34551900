/// `/`-separated paths as text: split at the last slash (on UTF-8 bytes: a run asks this of every file, and a
/// `Character` search, `String.lastIndex(of:)`, costs several times as much), cut relative to a folder, joined.
public enum PathText {
    /// The folder holding `path`: `"/"` for a file at the root, nil when `path` has no slash.
    public static func folder(of path: String) -> String? {
        guard let slash = lastSlash(in: path) else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path` (all of it when it has no slash).
    public static func name(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// Where the last `/` of `path` is, found in its contiguous bytes (a search of `path.utf8` steps a
    /// `String.Index` byte by byte: `folder(of:)` cost the eight corpus apps' scans 36 M instructions).
    private static func lastSlash(in path: String) -> String.Index? {
        var path = path
        guard let offset = path.withUTF8({ $0.lastIndex(of: UInt8(ascii: "/")) }) else { return nil }
        return path.utf8.index(path.utf8.startIndex, offsetBy: offset)
    }

    /// `path` relative to `folder` when it is inside it (`""` for the folder itself), else nil; every path is
    /// inside `""`.
    public static func inside(_ path: String, _ folder: String) -> String? {
        if folder.isEmpty { return path }
        // No `folder + "/"`: most calls are misses, and a miss then costs one prefix test and no allocation.
        guard let rest = path.remainder(after: folder) else { return nil }
        if rest.isEmpty || folder.hasSuffix("/") { return rest }
        return rest.utf8.first == UInt8(ascii: "/") ? String(Substring(rest.utf8.dropFirst())) : nil
    }

    /// `path` relative to `folder` when it is inside it, else `path` as it is.
    public static func relative(_ path: String, to folder: String) -> String {
        inside(path, folder) ?? path
    }

    /// `name` (a relative path) inside `folder`.
    public static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }

    /// True when `path` names a Swift source file.
    public static func isSwift(_ path: some StringProtocol) -> Bool {
        path.hasSuffix(".swift")
    }
}
