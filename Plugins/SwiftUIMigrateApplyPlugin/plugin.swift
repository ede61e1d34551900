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
/// In Xcode it works on an Xcode project too: `--in-place` writes the chosen targets' Swift files.
@main
struct SwiftUIMigrateApplyPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let package = context.package.directoryURL
        try Self.perform(arguments, tool: context.tool(named: "swiftui-migrate").url, in: package) { names in
            try PluginSupport.sourceFolders(of: context.package, named: names, relativeTo: package)
        }
    }

    /// Runs `apply` with `arguments` in `package` (a package's or an Xcode project's folder); `paths` gives
    /// what `--in-place` writes when no path is named, from the `--target` names (every target when none).
    static func perform(_ arguments: [String], tool: URL, in package: URL, paths targetPaths: ([String]) throws -> [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        if rest.first == "apply" { rest.removeFirst() }
        var paths: [String] = []
        if !rest.contains(where: { PluginSupport.isPath($0, under: package) }) {
            if rest.contains("--in-place") {
                paths = try targetPaths(targetNames)
            } else if !targetNames.isEmpty {
                throw PluginFailure("--target needs --in-place (apply's git modes take the whole repository)")
            }
        }
        let status = try PluginSupport.run(tool, ["apply"] + rest + paths, in: package)
        if status != 0 { throw PluginFailure("swiftui-migrate apply exited with status \(status)") }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// `apply` on an Xcode project (Xcode only): `--in-place` writes the Swift files of the targets
/// chosen in Xcode's dialog (passed as `--target` names); without it, a git mode on the project's repository.
extension SwiftUIMigrateApplyPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let project = context.xcodeProject
        try Self.perform(arguments, tool: context.tool(named: "swiftui-migrate").url, in: project.directoryURL) { names in
            try project.swiftFiles(ofTargets: names)
        }
    }
}
#endif
