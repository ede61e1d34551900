import Foundation
import PackagePlugin

/// The build-tool plugin: on every build of a target that lists it in `plugins:`, runs
/// `swiftui-migrate scan --format xcode --exit-zero --force-exclude --quiet` on the target's own
/// Swift files, so each finding is a warning (or a note) at its line — in `swift build`'s output
/// and in Xcode's issue navigator — and the build goes on.
///
/// - Which files: the target's `.swift` sources only, each named, never the whole repository;
///   `--force-exclude` lets the nearest `.swiftui-migrate.json`'s `include`/`exclude` leave some out.
/// - Configuration: the tool finds each file's `.swiftui-migrate.json`s as a terminal run does;
///   the nearest `.swiftui-migrate-baseline.json` (the target's folder upwards, not past the folder
///   holding `.git`) is passed as `--baseline`, so recorded findings stay hidden, as keeps do.
/// - Failing: `--exit-zero` exits 0 on findings, unless their configuration sets `"failBuild": true`.
/// - A build command, not a prebuild one: SwiftPM runs prebuild commands only from binaries that
///   exist before the build, and this tool is built from source. It declares no outputs, so SwiftPM
///   (tools 5.11 and later) and Xcode run it on every build, as SwiftLint's plugin runs: a change to a
///   configuration or the baseline counts at once.
@main
struct SwiftUIMigrateBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else { return [] }
        let files = module.sourceFiles(withSuffix: "swift").map(\.url)
        return try Self.scan(files, of: target.name, from: module.directoryURL, tool: context.tool(named: "swiftui-migrate").url)
    }

    /// The one command that scans `files` (the target `name`'s); the baseline is looked for from `folder` up.
    static func scan(_ files: [URL], of name: String, from folder: URL, tool: URL) -> [Command] {
        guard !files.isEmpty else { return [] }
        var arguments = ["scan", "--format", "xcode", "--exit-zero", "--force-exclude", "--quiet"]
        if let baseline = nearestBaseline(from: folder) { arguments += ["--baseline", baseline.path] }
        return [
            .buildCommand(
                displayName: "swiftui-migrate scan \(name) (\(files.count) Swift file\(files.count == 1 ? "" : "s"))",
                executable: tool, arguments: arguments + files.map(\.path), inputFiles: files, outputFiles: [])
        ]
    }

    /// `.swiftui-migrate-baseline.json` in `folder` or the nearest folder above it, not looking past the
    /// folder that holds `.git` (where the interactive review keeps its rejections, and CI names the file).
    static func nearestBaseline(from folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(".swiftui-migrate-baseline.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = current.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(".git").path) || parent.path == current.path {
                return nil
            }
            current = parent
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same scan for an Xcode target (Xcode only: XcodeProjectPlugin exists nowhere else): its
/// Swift sources as Xcode lists them, the baseline looked for from the project's folder up.
extension SwiftUIMigrateBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return try Self.scan(
            files, of: target.displayName, from: context.xcodeProject.directoryURL, tool: context.tool(named: "swiftui-migrate").url)
    }
}
#endif
