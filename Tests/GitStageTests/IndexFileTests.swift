import Foundation
import XCTest

@testable import GitStage

/// The index file read without libgit2 must list what libgit2 lists, for every index format git writes,
/// and must decline (nil) every case it does not follow, so the caller asks libgit2.
final class IndexFileTests: XCTestCase {
    private let files = [
        "App/Views/ShelfView.swift": "struct ShelfView {}\n",
        "App/Views/Deep/A Name With Spaces.swift": "let a = 1\n",
        "App/Model.swift": "struct Model {}\n",
        "App/Resources/strings.txt": "hello\n",
        "Package.swift": "// swift-tools-version:5.9\n",
        "README.md": "# App\n",
    ]

    /// The listing equals libgit2's, at the root and in a folder.
    private func assertAgreesWithLibgit2(_ fixture: FixtureRepository, file: StaticString = #filePath, line: UInt = #line) throws {
        let repository = try fixture.open()
        for folder in ["", "App", "App/Views"] {
            let listing = try XCTUnwrap(IndexFile.listing(in: IndexFile.place(of: folder.isEmpty ? fixture.path : fixture.file(folder))), file: file, line: line)
            XCTAssertEqual(listing.relative, folder, file: file, line: line)
            XCTAssertEqual(listing.files, try repository.trackedFiles(under: folder.isEmpty ? nil : folder), "in \(folder)", file: file, line: line)
        }
    }

    func testVersionTwoAsGitWritesIt() throws {
        let fixture = try FixtureRepository(files)
        XCTAssertEqual(try IndexFile.listing(in: IndexFile.place(of: fixture.path))?.files.count, 6)
        try assertAgreesWithLibgit2(fixture)
    }

    func testVersionThreeWithAnIntentToAddEntry() throws {
        let fixture = try FixtureRepository(files)
        try fixture.write("App/Later.swift", "let later = 1\n")
        try fixture.git("add", "-N", "App/Later.swift")  // an extended flag: git writes version 3
        XCTAssertTrue(try IndexFile.listing(in: IndexFile.place(of: fixture.path))?.files.contains("App/Later.swift") ?? false)
        try assertAgreesWithLibgit2(fixture)
    }

    func testVersionFourWithPrefixCompressedPaths() throws {
        let fixture = try FixtureRepository(files)
        try fixture.git("update-index", "--index-version", "4")
        try assertAgreesWithLibgit2(fixture)
    }

    func testLinksSubmodulesAndConflictsAsLibgit2ListsThem() throws {
        let fixture = try FixtureRepository(files)
        try fixture.git("checkout", "-q", "-b", "other")
        try fixture.write("App/Model.swift", "struct Model { let other = 1 }\n")
        try fixture.git("commit", "-q", "-am", "other")
        try fixture.git("checkout", "-q", "main")
        try fixture.write("App/Model.swift", "struct Model { let main = 1 }\n")
        try fixture.git("commit", "-q", "-am", "main")
        _ = try? fixture.git("merge", "-q", "other")  // conflicts: three stages of App/Model.swift
        try FileManager.default.createSymbolicLink(atPath: fixture.file("App/Link.swift"), withDestinationPath: "Model.swift")
        try fixture.git("add", "App/Link.swift")
        let commit = try fixture.trimmedGit("rev-parse", "HEAD")
        try fixture.git("update-index", "--add", "--cacheinfo", "160000,\(commit),App/Vendored")
        let listing = try XCTUnwrap(IndexFile.listing(in: IndexFile.place(of: fixture.path)))
        XCTAssertEqual(listing.files.filter { $0 == "App/Model.swift" }.count, 1, "a conflicted file once")
        XCTAssertFalse(listing.files.contains("App/Link.swift"), "a symbolic link is not a regular file")
        XCTAssertFalse(listing.files.contains("App/Vendored"), "a submodule is not a regular file")
        try assertAgreesWithLibgit2(fixture)
    }

    func testDeclinesWhatItDoesNotFollow() throws {
        let split = try FixtureRepository(files)
        try split.git("update-index", "--split-index")
        XCTAssertNil(IndexFile.listing(in: IndexFile.place(of: split.path)), "a split index keeps its entries in another file")

        let configured = try FixtureRepository(files)
        try configured.git("config", "core.worktree", configured.path)
        XCTAssertNil(IndexFile.listing(in: IndexFile.place(of: configured.path)), "core.worktree")

        let linked = try FixtureRepository(files)
        try linked.git("worktree", "add", "-q", linked.scratch.path + "/linked")
        XCTAssertNil(IndexFile.listing(in: IndexFile.place(of: linked.scratch.path + "/linked")), "a linked worktree's .git is a file")

        XCTAssertNil(IndexFile.listing(in: IndexFile.place(of: split.path + "/.git")), "inside the .git folder")
        XCTAssertNil(IndexFile.listing(in: IndexFile.place(of: split.scratch.path)), "outside any work tree")

        let unborn = try FixtureRepository()
        XCTAssertNil(IndexFile.listing(in: IndexFile.place(of: unborn.path)), "no index file yet")
    }

    func testATruncatedIndexIsDeclined() throws {
        let fixture = try FixtureRepository(files)
        let index = try fixture.read(".git/index")
        XCTAssertNotNil(IndexFile.regularFiles(index: index))
        XCTAssertNil(IndexFile.regularFiles(index: Array(index.prefix(index.count - 30))))
        XCTAssertNil(IndexFile.regularFiles(index: Array(index.prefix(40))))
        XCTAssertNil(IndexFile.regularFiles(index: Array("DIRC".utf8) + [0, 0, 0, 9] + [UInt8](repeating: 0, count: 28)), "version 9")
    }
}
