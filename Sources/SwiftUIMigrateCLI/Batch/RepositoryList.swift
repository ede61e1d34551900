import Foundation
import GitStage
import PlainText

/// The repositories a batch runs over: named as arguments, listed in a file, or found under a folder.
///
/// - Arguments are paths relative to the current folder.
/// - `--repos FILE`: one path per line, relative to the file's folder; blank lines and `#` comments are ignored.
/// - `--root DIR`: every folder directly under `DIR` that is a git repository — it holds `.git` (a folder, or a
///   file as in linked worktrees and submodules) or is a bare repository (`HEAD`, `objects/`, `refs/`). Hidden
///   folders are skipped. A broken `.git` is still listed, so the run reports it as failed instead of hiding it.
///
/// The result is sorted by name and free of duplicates (the same folder listed twice runs once), so the order of
/// the input never matters.
enum RepositoryList {
    /// The repositories from `arguments`, `listFile` and `root`, sorted by name.
    ///
    /// - Throws: ``CommandError`` for a missing list file or root, or two different folders with the same name.
    static func load(arguments: [String], listFile: String?, root: String?) throws -> [BatchRepository] {
        let currentFolder = FileManager.default.currentDirectoryPath
        var entries = arguments.map { (name: PathName.normalized($0), absolute: PathName.absolute($0, base: currentFolder)) }
        if let listFile {
            guard let data = FileManager.default.contents(atPath: listFile) else {
                throw CommandError("cannot read the repository list \(listFile)")
            }
            let base = PathText.folder(of: PathName.absolute(listFile, base: currentFolder)) ?? "."
            for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                let text = String(line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                    .trimmingCharacters(in: .whitespaces)
                if text.isEmpty { continue }
                entries.append((PathName.normalized(text), PathName.absolute(text, base: base)))
            }
        }
        if let root {
            let absoluteRoot = PathName.absolute(root, base: currentFolder)
            guard let children = try? FileManager.default.contentsOfDirectory(atPath: absoluteRoot) else {
                throw CommandError("cannot list the folder \(root)")
            }
            for child in children where !child.hasPrefix(".") {
                let path = absoluteRoot + "/" + child
                if looksLikeRepository(path) { entries.append((child, path)) }
            }
        }
        var byPath: [String: BatchRepository] = [:]
        var pathByName: [String: String] = [:]
        for entry in entries {
            let canonical = Repository.realPath(entry.absolute) ?? entry.absolute
            if byPath[canonical] != nil { continue }
            if let other = pathByName[entry.name], other != canonical {
                throw CommandError("two repositories are named '\(entry.name)' (\(other) and \(canonical)); list them by distinct paths")
            }
            pathByName[entry.name] = canonical
            byPath[canonical] = BatchRepository(name: entry.name, path: canonical)
        }
        return byPath.values.sorted { $0.name < $1.name }
    }

    /// True for a folder holding `.git` (folder or file) or laid out as a bare repository.
    static func looksLikeRepository(_ path: String) -> Bool {
        guard SourceDiscovery.isFolder(path) else { return false }
        if FileManager.default.fileExists(atPath: path + "/.git") { return true }
        return FileManager.default.fileExists(atPath: path + "/HEAD")
            && SourceDiscovery.isFolder(path + "/objects") && SourceDiscovery.isFolder(path + "/refs")
    }
}

/// Lexical path helpers for naming repositories.
enum PathName {
    /// `path` without `.` components, doubled or trailing slashes, and with `..` folded where it can be;
    /// `.` for the current folder.
    static func normalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", isAbsolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` made absolute against `base`, normalized.
    static func absolute(_ path: String, base: String) -> String {
        normalized(path.hasPrefix("/") ? path : base + "/" + path)
    }
}
