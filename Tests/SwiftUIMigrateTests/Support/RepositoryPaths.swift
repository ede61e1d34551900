import Foundation

/// Where the package and its fixtures are, found from this file's path so the
/// tests run from any working directory.
enum RepositoryPaths {
    /// The package root: the folder holding `Package.swift`.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }()

    /// `fixtures/`: one folder per rule id, plus the folders in `supportFolders`.
    static var fixtures: URL { packageRoot.appendingPathComponent("fixtures") }

    /// The SwiftUI stand-in module's sources (`fixtures/SwiftUIStub/*.swift`).
    static var swiftUIStub: URL { fixtures.appendingPathComponent("SwiftUIStub") }

    /// Model types compiled alongside every type-checked file.
    static var typeCheckSupport: URL { fixtures.appendingPathComponent("TypeCheckSupport") }

    /// The demo app project.
    static var demo: URL { fixtures.appendingPathComponent("demo") }

    /// Folders of `fixtures/` that hold no rule's cases.
    static let supportFolders: Set<String> = [
        "SwiftUIStub", "TypeCheckSupport", "demo", "golden-project", "schemas", "fuzz-regressions",
    ]

    /// The `.swift` files directly in `folder`, sorted by name.
    static func swiftFiles(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The `.swift` files anywhere under `folder`, sorted by path.
    static func swiftFilesRecursively(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [URL] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".swift") { files.append(folder.appendingPathComponent(relative)) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
