// Shared by the two command plugins (each folder holds a symbolic link to this file: a plugin cannot
// depend on a library target).
import Foundation
import PackagePlugin

/// A one-line failure SwiftPM prints as `error: …`.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

enum PluginSupport {
    /// True when `argument` names an existing folder or `.swift` file (relative to `root`):
    /// a path for the tool rather than an option's value.
    static func isPath(_ argument: String, under root: URL) -> Bool {
        guard !argument.hasPrefix("-") else { return false }
        let url = argument.hasPrefix("/") ? URL(fileURLWithPath: argument) : root.appendingPathComponent(argument)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return false }
        return isDirectory.boolValue || argument.hasSuffix(".swift")
    }

    /// `url`'s path relative to the folder `root` when inside it, else the whole path.
    static func path(of url: URL, relativeTo root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }

    /// The source folders (relative to `root`) of the package's non-test Swift targets, or of those named, sorted.
    static func sourceFolders(of package: Package, named names: [String], relativeTo root: URL) throws -> [String] {
        let targets: [any Target] = names.isEmpty
            ? package.targets.filter { ($0 as? SwiftSourceModuleTarget).map { $0.kind != .test } ?? false }
            : try package.targets(named: names)
        return targets.compactMap { $0 as? SwiftSourceModuleTarget }.map { path(of: $0.directoryURL, relativeTo: root) }.sorted()
    }

    /// Runs the tool in `directory` with the plugin's stdout and stderr; returns its exit status.
    static func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
