import Foundation
import XCTest

@testable import SwiftUIMigrateCLI

/// What finding a run's files costs the file system, counted through the one seam discovery, the
/// configuration lookup and the floor search use (`DiskFileSystem`): it must grow with the folders,
/// not with the files times the depth of the checkout, and no folder is listed twice. A count, not a
/// timer, so it cannot be noisy: the last round's regression (every file's path resolved component
/// by component three times, every folder listed twice) fails it.
final class FileSystemCostTests: XCTestCase {
    /// A tree of `folders` feature folders two levels deep, `filesPerFolder` Swift files each, with a
    /// `Package.swift` at the root and a nested `.swiftui-migrate.json`; committed when `git`.
    private func project(folders: Int, filesPerFolder: Int, git: Bool) throws -> (root: String, keep: AnyObject) {
        var files: [String: String] = [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "App", platforms: [.iOS(.v16)], targets: [.target(name: "App")])
                """,
            "Sources/App/Feature0/.swiftui-migrate.json": #"{"rules": {"group-modifiers": true}}"#,
        ]
        for folder in 0..<folders {
            for file in 0..<filesPerFolder {
                let text = file == 0 ? Samples.groupLifecycle : Samples.clean
                files["Sources/App/Feature\(folder)/Part\(folder % 3)/View\(file).swift"] = text
            }
        }
        if git {
            let repository = try GitRepositoryFolder()
            try repository.commit(files)
            return (repository.path, repository)
        }
        let folder = try TemporaryFolder()
        for (name, text) in files { try folder.write(name, text) }
        return (folder.path, folder)
    }

    /// The seam's calls for a scan of `root`, and the number of files found.
    private func cost(of root: String, git: Bool) throws -> (calls: DiskFileSystem.Calls, files: Int) {
        var options = MigrationOptions()
        options.useGit = git
        let plan = try RunPlan(options, source: .disk([root]))
        return (plan.settings.fileSystem.calls, plan.files.count)
    }

    private func checkGrowth(git: Bool) throws {
        let (smallRoot, smallKeep) = try project(folders: 6, filesPerFolder: 4, git: git)
        let (largeRoot, largeKeep) = try project(folders: 24, filesPerFolder: 16, git: git)
        defer { _ = (smallKeep, largeKeep) }
        let small = try cost(of: smallRoot, git: git)
        let large = try cost(of: largeRoot, git: git)
        XCTAssertEqual(small.files, 6 * 4 + 1, "the views and Package.swift")
        XCTAssertEqual(large.files, 24 * 16 + 1)
        // 18 more feature folders, each with one subfolder; 360 more files.
        let moreFolders = 18 * 2
        // The checkout's real path is worked out once; the files' folders derive from it.
        XCTAssertLessThanOrEqual(large.calls.realPaths, 1, "realpath per file: \(large.calls)")
        XCTAssertEqual(large.calls.realPaths, small.calls.realPaths, "realpath calls grew with the files: \(small.calls) → \(large.calls)")
        // Each folder is listed at most once, whoever asks (walk, configuration lookup, floor search).
        XCTAssertLessThanOrEqual(large.calls.listings - small.calls.listings, moreFolders, "a folder listed twice: \(small.calls) → \(large.calls)")
        // At most one status per folder (its real path) and none per file.
        XCTAssertLessThanOrEqual(large.calls.statuses - small.calls.statuses, moreFolders, "status calls per file: \(small.calls) → \(large.calls)")
        // The configuration files and the manifest are read once each, however many files they cover.
        XCTAssertEqual(large.calls.reads, small.calls.reads, "configuration or manifest read per file: \(small.calls) → \(large.calls)")
    }

    func testTheCostOfFindingFilesGrowsWithTheFoldersInGit() throws {
        try checkGrowth(git: true)
    }

    func testTheCostOfFindingFilesGrowsWithTheFoldersOutsideGit() throws {
        try checkGrowth(git: false)
    }
}
