// swift-tools-version:6.0
// swiftui-migrate — migrates SwiftUI lifecycle code whose meaning is ambiguous or wrong.
//
// SwiftSyntax comes one of two ways, chosen by SWIFTUI_MIGRATE_SYNTAX:
//   package   (default) swiftlang/swift-syntax 603.x built from source: the fast parser.
//   toolchain the modules bundled with the toolchain in <toolchain>/usr/lib/swift/host,
//             linked with unsafe flags; the offline fallback. The toolchain is the one of
//             the `swift` on PATH, or SWIFTUI_MIGRATE_TOOLCHAIN (the folder holding usr/).
// scripts/bootstrap picks the mode and says which.
import Foundation
import PackageDescription

let environment = ProcessInfo.processInfo.environment
let syntaxMode = environment["SWIFTUI_MIGRATE_SYNTAX"] ?? "package"
let usesToolchainSyntax = syntaxMode == "toolchain"

/// `<toolchain>/usr/lib/swift/host`, from the override or from the `swift` found on PATH.
func toolchainHostLibraries() -> String {
    if let root = environment["SWIFTUI_MIGRATE_TOOLCHAIN"], !root.isEmpty {
        return URL(fileURLWithPath: root).appendingPathComponent("usr/lib/swift/host").path
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
        let binary = candidate.resolvingSymlinksInPath()
        let host = binary.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host")
        if FileManager.default.fileExists(atPath: host.path) { return host.path }
    }
    return "/usr/lib/swift/host"
}

let syntaxModules = ["SwiftSyntax", "SwiftParser"]
let syntaxDependencies: [Target.Dependency]
let syntaxSwiftSettings: [SwiftSetting]
let syntaxLinkerSettings: [LinkerSetting]
let packageDependencies: [Package.Dependency]

if usesToolchainSyntax {
    let host = toolchainHostLibraries()
    syntaxDependencies = []
    syntaxSwiftSettings = [.unsafeFlags(["-I", host]), .define("SWIFTUI_MIGRATE_TOOLCHAIN_SYNTAX")]
    syntaxLinkerSettings = [
        .unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host]
            + syntaxModules.map { "-l\($0)" })
    ]
    packageDependencies = []
} else {
    syntaxDependencies = syntaxModules.map { .product(name: $0, package: "swift-syntax") }
    syntaxSwiftSettings = []
    syntaxLinkerSettings = []
    packageDependencies = [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "603.0.0"..<"604.0.0")
    ]
}

let package = Package(
    name: "swiftui-migrate",
    products: [
        .executable(name: "swiftui-migrate", targets: ["swiftui-migrate"]),
        .library(name: "SwiftUIMigrate", targets: ["SwiftUIMigrate"]),
        // `swift package plugin swiftui-migrate scan|diff` (read-only) and
        // `swift package plugin --allow-writing-to-package-directory swiftui-migrate-apply --in-place`.
        .plugin(name: "SwiftUIMigratePlugin", targets: ["SwiftUIMigratePlugin"]),
        .plugin(name: "SwiftUIMigrateApplyPlugin", targets: ["SwiftUIMigrateApplyPlugin"]),
        // `plugins: [.plugin(name: "SwiftUIMigrateBuildPlugin", package: "swiftui-migrate")]` on a target:
        // its findings as build warnings (docs/xcode.md); also an Xcode target's build-tool plugin.
        .plugin(name: "SwiftUIMigrateBuildPlugin", targets: ["SwiftUIMigrateBuildPlugin"]),
    ],
    dependencies: packageDependencies,
    targets: [
        .systemLibrary(
            name: "CLibgit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        // Whitespace trimming and FNV-1a hashing, shared by every module.
        .target(name: "PlainText"),
        .target(
            name: "SwiftUIMigrate",
            dependencies: ["PlainText"] + syntaxDependencies,
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        // Atomic file replacement: GitStage writes the worktree with it, `apply --in-place` (no git) too.
        .target(name: "AtomicFiles", dependencies: ["PlainText"]),
        .target(name: "GitStage", dependencies: ["CLibgit2", "AtomicFiles", "PlainText"]),
        .target(name: "ArgumentParsing", dependencies: ["PlainText"]),
        .target(
            name: "SwiftUIMigrateCLI",
            dependencies: ["SwiftUIMigrate", "GitStage", "AtomicFiles", "ArgumentParsing", "PlainText"],
            swiftSettings: syntaxSwiftSettings
        ),
        .executableTarget(
            name: "swiftui-migrate",
            dependencies: ["SwiftUIMigrateCLI"],
            swiftSettings: syntaxSwiftSettings
        ),
        .testTarget(
            name: "SwiftUIMigrateTests",
            dependencies: ["SwiftUIMigrate", "PlainText", "MigrationFuzzing"] + syntaxDependencies,
            swiftSettings: syntaxSwiftSettings
        ),
        .target(
            name: "MigrationFuzzing",
            dependencies: ["SwiftUIMigrate"] + syntaxDependencies,
            swiftSettings: syntaxSwiftSettings
        ),
        .executableTarget(
            name: "swiftui-migrate-fuzz",
            dependencies: ["MigrationFuzzing", "SwiftUIMigrate"],
            swiftSettings: syntaxSwiftSettings
        ),
        .testTarget(
            name: "MigrationFuzzingTests",
            dependencies: ["MigrationFuzzing", "SwiftUIMigrate"],
            swiftSettings: syntaxSwiftSettings
        ),
        .plugin(
            name: "SwiftUIMigratePlugin",
            capability: .command(
                intent: .custom(verb: "swiftui-migrate", description: "Scan or preview (diff) the SwiftUI lifecycle migration; writes nothing.")),
            dependencies: ["swiftui-migrate"]
        ),
        .plugin(
            name: "SwiftUIMigrateApplyPlugin",
            capability: .command(
                intent: .custom(verb: "swiftui-migrate-apply", description: "Apply the SwiftUI lifecycle migration (apply --in-place, or on a branch)."),
                permissions: [.writeToPackageDirectory(reason: "swiftui-migrate apply rewrites the package's Swift files")]),
            dependencies: ["swiftui-migrate"]
        ),
        .plugin(
            name: "SwiftUIMigrateBuildPlugin",
            capability: .buildTool(),
            dependencies: ["swiftui-migrate"]
        ),
        .testTarget(name: "GitStageTests", dependencies: ["GitStage", "AtomicFiles"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["SwiftUIMigrateCLI"],
            swiftSettings: syntaxSwiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
