import Foundation
import PackagePlugin

/// `swift package plugin swiftui-migrate <command> [options] [--target NAME…] [path…]`: runs the
/// `swiftui-migrate` tool on the package's Swift targets — read-only commands only (`scan`,
/// `diff`, `rules`, `explain`).
///
/// Without paths it looks at every Swift target's source folder (or the `--target`s named);
/// paths (existing folders or `.swift` files, relative to the package root) replace them.
/// `apply` writes files, so it lives in the `swiftui-migrate-apply` plugin, the one that asks
/// for write permission: this one never needs it. In Xcode (File ▸ Packages) it works on an Xcode
/// project too: the chosen targets' Swift files instead of source folders.
@main
struct SwiftUIMigratePlugin: CommandPlugin {
    static let readOnlyCommands: Set<String> = ["scan", "diff", "rules", "explain"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let package = context.package.directoryURL
        try Self.perform(arguments, tool: context.tool(named: "swiftui-migrate").url, in: package) { names in
            let folders = try PluginSupport.sourceFolders(of: context.package, named: names, relativeTo: package)
            guard !folders.isEmpty else { throw PluginFailure("the package has no Swift targets to look at") }
            return folders
        }
    }

    /// Runs the tool's command in `arguments` in `package` (a package's or an Xcode project's folder);
    /// `paths` gives the paths `scan` and `diff` look at when none is named, from the `--target` names
    /// (every target when none).
    static func perform(_ arguments: [String], tool: URL, in package: URL, paths targetPaths: ([String]) throws -> [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        guard let command = rest.first, !command.hasPrefix("-") else {
            throw PluginFailure("name a command: swift package plugin swiftui-migrate scan|diff|rules|explain [options] [path…]")
        }
        rest.removeFirst()
        if command == "apply" {
            throw PluginFailure(
                "apply writes files: run 'swift package plugin --allow-writing-to-package-directory swiftui-migrate-apply --in-place' "
                    + "(the apply plugin is the one that asks for write permission)")
        }
        guard Self.readOnlyCommands.contains(command) else {
            throw PluginFailure("unknown command '\(command)' (expected scan, diff, rules or explain)")
        }
        var paths: [String] = []
        if command == "scan" || command == "diff", !rest.contains(where: { PluginSupport.isPath($0, under: package) }) {
            paths = try targetPaths(targetNames)
        }
        let status = try PluginSupport.run(tool, [command] + rest + paths, in: package)
        // The tool's exit status becomes the plugin's: 1 from `scan` (findings) or `diff --exit-code`
        // (pending changes) fails a CI step the same way the tool itself would.
        if status == 1 && (command == "scan" || command == "diff") {
            throw PluginFailure("swiftui-migrate \(command) found code to migrate (exit status 1)")
        }
        if status != 0 { throw PluginFailure("swiftui-migrate \(command) exited with status \(status)") }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same commands on an Xcode project (Xcode only: XcodeProjectPlugin exists nowhere else): Xcode
/// passes the targets chosen in its dialog as `--target` names, and their Swift files are scanned.
extension SwiftUIMigratePlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let project = context.xcodeProject
        try Self.perform(arguments, tool: context.tool(named: "swiftui-migrate").url, in: project.directoryURL) { names in
            try project.swiftFiles(ofTargets: names)
        }
    }
}
#endif
