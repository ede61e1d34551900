import Foundation
import XCTest

@testable import GitStage

final class RepositoryTests: GitStageTestCase {
    func testDiscoverFromSubfolderAndFile() throws {
        let fixture = try FixtureRepository(["Sources/App/A.swift": "a\n"])
        let fromFolder = try Repository.discover(from: fixture.file("Sources/App"))
        let fromFile = try Repository.discover(from: fixture.file("Sources/App/A.swift"))
        XCTAssertEqual(fromFolder.workdir, fixture.path)
        XCTAssertEqual(fromFile.workdir, fixture.path)
        XCTAssertEqual(fromFolder.gitDirectory, fixture.path + "/.git")
        XCTAssertFalse(fromFolder.isBare)
        let commit = try fixture.trimmedGit("rev-parse", "HEAD")
        XCTAssertEqual(try fromFolder.head(), .branch(name: "main", commit: ObjectID(hex: commit)!))
        XCTAssertNil(fromFolder.operationInProgress())
    }

    func testNotARepository() throws {
        let scratch = try Scratch()
        try scratch.write("A.swift", "a\n")
        XCTAssertNil(try Repository.discoverIfPresent(from: scratch.path))
        XCTAssertNil(try Repository.discoverIfPresent(from: scratch.file("A.swift")))
        XCTAssertThrowsError(try Repository.discover(from: scratch.path)) { error in
            XCTAssertEqual(error as? GitStageError, .notARepository(path: scratch.path))
            XCTAssertEqual("\(error)", "not a git repository: \(scratch.path)")
        }
    }

    /// A `.git` libgit2 cannot open is never taken for no repository (issue 39): its search passes over it, so the
    /// walk that followed took untracked files and `apply --in-place .` rewrote them.
    func testAnUnopenableRepositoryThrowsLibgit2sReason() throws {
        let pointingNowhere = try FixtureRepository(["App/A.swift": "a\n"])
        try FileManager.default.removeItem(atPath: pointingNowhere.file(".git"))
        try pointingNowhere.write(".git", "gitdir: /nonexistent/x\n")
        XCTAssertThrowsError(try Repository.discoverIfPresent(from: pointingNowhere.file("App"))) { error in
            XCTAssertEqual(
                "\(error)", "git: cannot open the repository at \(pointingNowhere.path): failed to resolve path '/nonexistent/x': No such file or directory")
        }
        for missing in ["objects", "refs"] {
            let fixture = try FixtureRepository(["App/A.swift": "a\n"])
            try FileManager.default.removeItem(atPath: fixture.file(".git/" + missing))
            XCTAssertThrowsError(try Repository.discoverIfPresent(from: fixture.file("App/A.swift"))) { error in
                XCTAssertEqual((error as? Libgit2Error)?.code, .notFound, "\(error)")
                XCTAssertEqual("\(error)", "git: cannot open the repository at \(fixture.path): could not find repository from '\(fixture.path)'")
            }
        }
        // A broken repository inside a sound one is not the outer one's folder either.
        let outer = try FixtureRepository(["A.swift": "a\n"])
        try FileManager.default.createDirectory(atPath: outer.file("Inner"), withIntermediateDirectories: true)
        try outer.write("Inner/.git", "gitdir: /nonexistent/y\n")
        XCTAssertThrowsError(try Repository.discoverIfPresent(from: outer.file("Inner")))
        XCTAssertEqual(try Repository.discoverIfPresent(from: outer.path)?.workdir, outer.path)
    }

    func testHeadStates() throws {
        let fixture = try FixtureRepository()
        XCTAssertEqual(try fixture.open().head(), .unborn(branch: "main"))
        try fixture.write("A.swift", "a\n")
        try fixture.git("add", ".")
        try fixture.git("commit", "-q", "-m", "one")
        let commit = try fixture.trimmedGit("rev-parse", "HEAD")
        try fixture.git("checkout", "-q", "--detach")
        XCTAssertEqual(try fixture.open().head(), .detached(commit: ObjectID(hex: commit)!))
    }

    func testTrackedFilesSkipUntrackedSymlinksAndSubmodules() throws {
        let library = try FixtureRepository(["Lib.swift": "lib\n"])
        let fixture = try FixtureRepository([
            "App/A.swift": "a\n", "App/Views/B.swift": "b\n", "Apple/C.swift": "c\n", "README.md": "r\n",
        ])
        try FileManager.default.createSymbolicLink(atPath: fixture.file("App/Link.swift"), withDestinationPath: "A.swift")
        try fixture.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", library.path, "Vendor/Lib")
        try fixture.git("add", ".")
        try fixture.git("commit", "-q", "-m", "more")
        try fixture.write("App/Untracked.swift", "u\n")
        let repository = try fixture.open()
        XCTAssertEqual(
            try repository.trackedFiles(),
            [".gitmodules", "App/A.swift", "App/Views/B.swift", "Apple/C.swift", "README.md"])
        XCTAssertEqual(try repository.trackedFiles(under: "App"), ["App/A.swift", "App/Views/B.swift"])
        XCTAssertEqual(try repository.trackedFiles(under: "App/"), ["App/A.swift", "App/Views/B.swift"])
        XCTAssertEqual(try repository.trackedFiles(under: "App/Views/B.swift"), ["App/Views/B.swift"])
        XCTAssertEqual(try repository.trackedFiles(under: ""), try repository.trackedFiles())
        XCTAssertEqual(try repository.trackedFilesAtHEAD(under: "App"), ["App/A.swift", "App/Views/B.swift"])
    }

    func testStatusOfPaths() throws {
        let fixture = try FixtureRepository(["clean.swift": "c\n", "modified.swift": "m\n", "staged.swift": "s\n"])
        try fixture.write("modified.swift", "m2\n")
        try fixture.write("staged.swift", "s2\n")
        try fixture.git("add", "staged.swift")
        try fixture.write("untracked.swift", "u\n")
        let status = try fixture.open().statusOfPaths([
            "clean.swift", "modified.swift", "staged.swift", "untracked.swift", "missing.swift",
        ])
        XCTAssertEqual(status["clean.swift"], [])
        XCTAssertEqual(status["modified.swift"], .worktreeModified)
        XCTAssertEqual(status["staged.swift"], .indexModified)
        XCTAssertEqual(status["untracked.swift"], .worktreeNew)
        XCTAssertNil(status["missing.swift"])
        XCTAssertTrue(status["clean.swift"]!.isClean)
        XCTAssertEqual("\(status["staged.swift"]!)", "staged")
        XCTAssertEqual("\(status["untracked.swift"]!)", "untracked")
    }

    func testRelativePath() throws {
        let fixture = try FixtureRepository(["App/A.swift": "a\n"])
        let repository = try fixture.open()
        XCTAssertEqual(try repository.relativePath(for: fixture.file("App/A.swift")), "App/A.swift")
        XCTAssertEqual(try repository.relativePath(for: fixture.file("App/../App/./A.swift")), "App/A.swift")
        XCTAssertEqual(try repository.relativePath(for: fixture.path), "")
        XCTAssertEqual(try repository.relativePath(for: fixture.path + "/"), "")
        XCTAssertEqual(try repository.relativePath(for: fixture.file("New/Missing.swift")), "New/Missing.swift")
        // Reached through a symbolic link to the repository's folder.
        let link = fixture.scratch.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.path)
        XCTAssertEqual(try repository.relativePath(for: link + "/App/A.swift"), "App/A.swift")
        for outside in [fixture.scratch.path, fixture.path + "/../x.swift", fixture.file(".git/config"), "/"] {
            XCTAssertThrowsError(try repository.relativePath(for: outside)) { error in
                XCTAssertEqual(error as? GitStageError, .pathOutsideRepository(path: outside))
            }
        }
    }

    func testHeadBlobAndBareRepository() throws {
        let fixture = try FixtureRepository(["App/A.swift": "a\r\nno newline"])
        try fixture.write("App/A.swift", "worktree edit\n")
        let repository = try fixture.open()
        XCTAssertEqual(try repository.headBlob(path: "App/A.swift"), bytes("a\r\nno newline"))
        XCTAssertNil(try repository.headBlob(path: "App/Missing.swift"))

        try GitStageTests.git(["clone", "-q", "--bare", fixture.path, "bare.git"], in: fixture.scratch.path)
        let bare = try Repository.discover(from: fixture.scratch.path + "/bare.git")
        XCTAssertTrue(bare.isBare)
        XCTAssertNil(bare.workdir)
        XCTAssertEqual(try bare.trackedFilesAtHEAD(), ["App/A.swift"])
        XCTAssertEqual(try bare.headBlob(path: "App/A.swift"), bytes("a\r\nno newline"))
        XCTAssertThrowsError(try bare.trackedFiles()) { error in
            XCTAssertEqual(error as? GitStageError, .bareRepository(path: fixture.scratch.path + "/bare.git"))
        }
    }

    func testUnbornHeadHasNoFilesAtHEAD() throws {
        let fixture = try FixtureRepository()
        XCTAssertThrowsError(try fixture.open().trackedFilesAtHEAD()) { error in
            XCTAssertEqual(error as? GitStageError, .unbornHead(branch: "main"))
        }
    }

    func testVersion() {
        XCTAssertTrue(Libgit2.version().hasPrefix("1."))
    }
}
