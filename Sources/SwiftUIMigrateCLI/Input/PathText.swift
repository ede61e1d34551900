import PlainText

/// A `/`-separated path split at its last slash, on its UTF-8 bytes: a run asks this of every
/// file, and a `Character` search (`String.lastIndex(of:)`) costs several times as much.
enum PathText {
    /// The folder holding `path`: `"/"` for a file at the root, nil when `path` has no slash.
    static func folder(of path: String) -> String? {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path` (all of it when it has no slash).
    static func name(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// `path` relative to `folder` when it is inside it, else `path` as it is.
    static func relative(_ path: String, to folder: String) -> String {
        if folder.isEmpty { return path }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.remainder(after: prefix) ?? path
    }
}
