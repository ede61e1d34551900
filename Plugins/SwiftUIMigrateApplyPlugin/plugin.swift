import Foundation
import PackagePlugin

/// `swift package plugin --allow-writing-to-package-directory swiftui-migrate-apply [--in-place]
/// [options] [--target NAME…] [path…]`: runs `swiftui-migrate apply` on the package.
///
/// This is the only plugin command that declares `writeToPackageDirectory`, so SwiftPM asks for
/// (or `--allow-writing-to-package-directory` grants) write access for `apply` alone; `scan`
/// and `diff` go through the read-only `swiftui-migrate` plugin.
/// With `--in-place` it writes the Swift targets' source folders (or the `--target`s or paths
/// named); without it, apply's git mode migrates the package's repository onto a new branch.
@main
struct SwiftUIMigrateApplyPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        if rest.first == "apply" { rest.removeFirst() }
        let package = context.package.directoryURL
        var paths: [String] = []
        if !rest.contains(where: { isPath($0, under: package) }) {
            if rest.contains("--in-place") {
                paths = try sourceFolders(of: context.package, named: targetNames, relativeTo: package)
            } else if !targetNames.isEmpty {
                throw ApplyPluginFailure("--target needs --in-place (apply's git modes take the whole repository)")
            }
        }
        let process = Process()
        process.executableURL = try context.tool(named: "swiftui-migrate").url
        process.arguments = ["apply"] + rest + paths
        process.currentDirectoryURL = package
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw ApplyPluginFailure("swiftui-migrate apply exited with status \(process.terminationStatus)")
        }
    }

    /// True when `argument` names an existing folder or `.swift` file (relative to `root`).
    private func isPath(_ argument: String, under root: URL) -> Bool {
        guard !argument.hasPrefix("-") else { return false }
        let url = argument.hasPrefix("/") ? URL(fileURLWithPath: argument) : root.appendingPathComponent(argument)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return false }
        return isDirectory.boolValue || argument.hasSuffix(".swift")
    }

    /// The source folders (relative to `root`) of the package's non-test Swift targets, or of those named.
    private func sourceFolders(of package: Package, named names: [String], relativeTo root: URL) throws -> [String] {
        let targets: [any Target] = names.isEmpty
            ? package.targets.filter { ($0 as? SwiftSourceModuleTarget).map { $0.kind != .test } ?? false }
            : try package.targets(named: names)
        let base = root.standardizedFileURL.path
        return targets.compactMap { $0 as? SwiftSourceModuleTarget }.map { target in
            let folder = target.directoryURL.standardizedFileURL.path
            return folder.hasPrefix(base + "/") ? String(folder.dropFirst(base.count + 1)) : folder
        }.sorted()
    }
}

/// A one-line failure SwiftPM prints as `error: …`.
struct ApplyPluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
