// Shared by the two command plugins (each folder holds a symbolic link to this file: a plugin cannot
// depend on a library target). Xcode only: XcodeProjectPlugin ships with Xcode, so elsewhere this is empty.
#if canImport(XcodeProjectPlugin)
import Foundation
import XcodeProjectPlugin

extension XcodeProject {
    /// The Swift sources of the targets named — as Xcode passes the targets chosen in its dialog — or of
    /// every target when none is, relative to the project's folder where inside it, sorted. A name no
    /// target has, or no Swift file at all, is a one-line `PluginFailure`.
    func swiftFiles(ofTargets names: [String]) throws -> [String] {
        if let unknown = names.first(where: { name in !targets.contains { $0.displayName == name } }) {
            throw PluginFailure("the project has no target '\(unknown)'")
        }
        let files = targets.filter { names.isEmpty || names.contains($0.displayName) }
            .flatMap { $0.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" } }
            .map { PluginSupport.path(of: $0.url, relativeTo: directoryURL) }
        guard !files.isEmpty else { throw PluginFailure("the chosen targets have no Swift files") }
        return Set(files).sorted()
    }
}
#endif
