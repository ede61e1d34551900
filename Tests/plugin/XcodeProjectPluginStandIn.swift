// A stand-in for Xcode's XcodeProjectPlugin module, which ships only with Xcode: the declarations the
// plugins' `#if canImport(XcodeProjectPlugin)` code uses, as Xcode 16 declares them (the shape SwiftLint's
// plugin uses). Tests/plugin/run-plugin.sh type-checks each plugin against it, so that code cannot rot
// unseen on Linux; it says nothing about Xcode's real module beyond these names and types.
import Foundation
import PackagePlugin

public struct XcodeProject {
    public var displayName: String { fatalError("stand-in") }
    public var directoryURL: URL { fatalError("stand-in") }
    public var targets: [XcodeTarget] { fatalError("stand-in") }
}

public struct XcodeTarget {
    public var displayName: String { fatalError("stand-in") }
    public var inputFiles: FileList { fatalError("stand-in") }
}

public struct XcodePluginContext {
    public var xcodeProject: XcodeProject { fatalError("stand-in") }
    public var pluginWorkDirectoryURL: URL { fatalError("stand-in") }
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("stand-in") }
}

public protocol XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

public protocol XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}
