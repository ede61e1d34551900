import Foundation

/// Checks an output path a command was given (`--summary`, `--report`, `--pr-body-dir`) before the command does
/// anything, so a typo in it fails at once instead of after the migration has been written.
enum OutputPath {
    /// Throws when the file `path` (given with `--option`) could not be written: it is a folder, it is not writable,
    /// or its folder does not exist or does not take new files. `-` (standard output) is always fine.
    static func checkFile(_ path: String?, option: String) throws {
        guard let path, path != "-" else { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw CommandError("--\(option) \(path): it is a folder; name a file") }
            if access(path, W_OK) != 0 { throw CommandError("--\(option) \(path): not writable (\(reason()))") }
            return
        }
        try checkCreatable(in: parent(of: path), for: path, option: option, creatingFolders: false)
    }

    /// Throws when the folder `path` (given with `--option`) could not take new files: it is a file, it is not
    /// writable, or it does not exist and cannot be created under its nearest existing folder.
    static func checkFolder(_ path: String?, option: String) throws {
        guard let path else { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if !isFolder.boolValue { throw CommandError("--\(option) \(path): it is a file, not a folder") }
            if access(path, W_OK | X_OK) != 0 { throw CommandError("--\(option) \(path): not writable (\(reason()))") }
            return
        }
        try checkCreatable(in: parent(of: path), for: path, option: option, creatingFolders: true)
    }

    /// Throws unless `folder` is a writable folder; with `creatingFolders`, a missing folder is fine when the
    /// nearest folder above it that exists is writable.
    private static func checkCreatable(in folder: String, for path: String, option: String, creatingFolders: Bool) throws {
        var folder = folder
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard creatingFolders, folder != "/", folder != "." else {
                throw CommandError("--\(option) \(path): no such folder \(folder)")
            }
            folder = parent(of: folder)
        }
        if !isFolder.boolValue { throw CommandError("--\(option) \(path): \(folder) is not a folder") }
        if access(folder, W_OK | X_OK) != 0 {
            throw CommandError("--\(option) \(path): cannot create files in \(folder) (\(reason()))")
        }
    }

    private static func parent(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    private static func reason() -> String { String(cString: strerror(errno)).lowercased() }
}
