import AtomicFiles
import Foundation
import XCTest

@testable import GitStage

/// Every refusal and every midway failure must leave the repository byte-identical.
final class StageFailureTests: GitStageTestCase {
    struct InjectedFailure: Error, Equatable {}

    func fixtureWithTwoFiles() throws -> FixtureRepository {
        try FixtureRepository(["App/A.swift": "a\r\n", "App/B.swift": "b", "Other.swift": "o\n"])
    }

    func twoFilePlan() -> StagePlan {
        StagePlan(rewrites: [
            FileRewrite(path: "App/A.swift", original: Array("a\r\n".utf8), migrated: Array("A\r\n".utf8)),
            FileRewrite(path: "App/B.swift", original: Array("b".utf8), migrated: Array("B".utf8)),
        ])
    }

    /// Runs `stage` expecting `expected`, and checks the repository did not change.
    func assertRefused<E: Error & Equatable>(
        _ fixture: FixtureRepository, _ plan: StagePlan, mode: StageMode = .stage, _ expected: E,
        configure: (Repository) -> Void = { _ in }, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = try fixture.snapshot()
        let repository = try fixture.open()
        configure(repository)
        XCTAssertThrowsError(try repository.stage(plan, mode: mode), file: file, line: line) { error in
            XCTAssertEqual(error as? E, expected, "\(error)", file: file, line: line)
        }
        assertUnchanged(before, try fixture.snapshot(), file: file, line: line)
    }

    func testDirtyFilesAreListedAndNothingChanges() throws {
        let fixture = try fixtureWithTwoFiles()
        try fixture.write("App/A.swift", "a edited\r\n")
        try fixture.write("App/B.swift", "b staged")
        try fixture.git("add", "App/B.swift")
        let plan = StagePlan(rewrites: [
            FileRewrite(path: "App/A.swift", original: Array("a edited\r\n".utf8), migrated: Array("A\r\n".utf8)),
            FileRewrite(path: "App/B.swift", original: Array("b staged".utf8), migrated: Array("B".utf8)),
        ])
        for mode in [StageMode.stage, .stageAndCommit] {
            try assertRefused(fixture, plan, mode: mode, GitStageError.uncommittedChanges([
                "App/A.swift (modified)", "App/B.swift (staged)",
            ]))
        }
    }

    func testUntrackedFileIsRefused() throws {
        let fixture = try fixtureWithTwoFiles()
        try fixture.write("New.swift", "n\n")
        let plan = StagePlan(rewrites: [FileRewrite(path: "New.swift", original: Array("n\n".utf8), migrated: [])])
        try assertRefused(fixture, plan, GitStageError.uncommittedChanges(["New.swift (untracked)"]))
        try assertRefused(fixture, plan, mode: .noCheckout, GitStageError.notInHead(path: "New.swift"))
    }

    func testUnbornHead() throws {
        let fixture = try FixtureRepository()
        try fixture.write("A.swift", "a\n")
        let plan = StagePlan(rewrites: [FileRewrite(path: "A.swift", original: Array("a\n".utf8), migrated: [65])])
        for mode in [StageMode.stage, .stageAndCommit, .noCheckout] {
            try assertRefused(fixture, plan, mode: mode, GitStageError.unbornHead(branch: "main"))
        }
    }

    func testDetachedHeadInStageMode() throws {
        let fixture = try fixtureWithTwoFiles()
        try fixture.git("checkout", "-q", "--detach")
        let commit = ObjectID(hex: try fixture.trimmedGit("rev-parse", "HEAD"))!
        try assertRefused(fixture, twoFilePlan(), GitStageError.detachedHead(commit: commit))
        try assertRefused(fixture, twoFilePlan(), mode: .stageAndCommit, GitStageError.detachedHead(commit: commit))
    }

    func testHeldIndexLockIsLeftInPlace() throws {
        let fixture = try fixtureWithTwoFiles()
        try fixture.write(".git/index.lock", "held by another process")
        try assertRefused(fixture, twoFilePlan(), GitStageError.indexLocked(path: fixture.path + "/.git/index.lock"))
        XCTAssertEqual(try fixture.read(".git/index.lock"), Array("held by another process".utf8))
        let repository = try fixture.open()
        XCTAssertThrowsError(try repository.preflight(mode: .stageAndCommit)) { error in
            XCTAssertEqual(error as? GitStageError, .indexLocked(path: fixture.path + "/.git/index.lock"))
        }
        XCTAssertNoThrow(try repository.preflight(mode: .noCheckout))
    }

    func testMergeInProgress() throws {
        let fixture = try fixtureWithTwoFiles()
        try fixture.write(".git/MERGE_HEAD", try fixture.git("rev-parse", "HEAD"))
        try assertRefused(fixture, twoFilePlan(), GitStageError.operationInProgress("merge"))
    }

    func testPathOutsideRepository() throws {
        let fixture = try fixtureWithTwoFiles()
        for path in ["../outside.swift", "/etc/passwd", ".git/config", "App/../../x.swift", ""] {
            let plan = StagePlan(rewrites: [FileRewrite(path: path, original: [], migrated: [1])])
            try assertRefused(fixture, plan, GitStageError.pathOutsideRepository(path: path))
        }
    }

    func testInvalidBranchNameAndDuplicatePath() throws {
        let fixture = try fixtureWithTwoFiles()
        var plan = twoFilePlan()
        plan.branch = "bad..name"
        try assertRefused(fixture, plan, GitStageError.invalidBranchName("bad..name"))
        plan = twoFilePlan()
        plan.rewrites.append(plan.rewrites[0])
        try assertRefused(fixture, plan, GitStageError.duplicatePath("App/A.swift"))
    }

    func testExistingUserBranchIsNamed() throws {
        let fixture = try fixtureWithTwoFiles()
        try fixture.git("branch", "swiftui-migrate/lifecycle")
        for mode in [StageMode.stage, .stageAndCommit, .noCheckout] {
            try assertRefused(fixture, twoFilePlan(), mode: mode, GitStageError.branchExists(name: StagePlan.defaultBranch))
        }
    }

    func testFileChangedSinceReadIsRefusedUpFront() throws {
        let fixture = try fixtureWithTwoFiles()
        var plan = twoFilePlan()
        plan.rewrites[1].original = Array("what the migration saw".utf8)
        try assertRefused(fixture, plan, FileWriteError.changedOnDisk(path: fixture.file("App/B.swift")))
        try assertRefused(fixture, plan, mode: .noCheckout, GitStageError.headChanged(path: "App/B.swift"))
    }

    func testFailureAtEveryStepRollsBack() throws {
        let steps: [StageStep] = [.createBranch, .moveHead, .writeFile("App/A.swift"), .writeFile("App/B.swift"),
                                  .writeIndex, .commit]
        for step in steps {
            let fixture = try fixtureWithTwoFiles()
            try fixture.write("Other.swift", "dirty, untouched\n")
            try fixture.write("Untracked.swift", "u\n")
            try assertRefused(fixture, twoFilePlan(), mode: .stageAndCommit, InjectedFailure()) { repository in
                repository.faultInjection = { if $0 == step { throw InjectedFailure() } }
            }
            XCTAssertEqual(try fixture.trimmedGit("branch", "--list"), "* main", "\(step)")
            XCTAssertEqual(try fixture.git("status", "--porcelain"), " M Other.swift\n?? Untracked.swift\n", "\(step)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.file(".git/refs/heads/swiftui-migrate")))
            XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.file(".git/logs/refs/heads/swiftui-migrate")))
        }
    }

    func testNoCheckoutFailureLeavesNoBranch() throws {
        let fixture = try fixtureWithTwoFiles()
        try assertRefused(fixture, twoFilePlan(), mode: .noCheckout, InjectedFailure()) { repository in
            repository.faultInjection = { if $0 == .createBranch { throw InjectedFailure() } }
        }
    }

    /// Someone edits the second file after the first was written: the first is restored, the edit survives.
    func testConcurrentEditMidwayRollsBackAndKeepsTheEdit() throws {
        let fixture = try fixtureWithTwoFiles()
        let before = try fixture.snapshot()
        let repository = try fixture.open()
        repository.faultInjection = { step in
            if step == .writeFile("App/B.swift") { try fixture.write("App/B.swift", "edited meanwhile") }
        }
        XCTAssertThrowsError(try repository.stage(twoFilePlan(), mode: .stage)) { error in
            XCTAssertEqual(error as? FileWriteError, .changedOnDisk(path: fixture.file("App/B.swift")))
            XCTAssertEqual("\(error)", "\(fixture.file("App/B.swift")) changed on disk since it was read")
        }
        var after = try fixture.snapshot()
        XCTAssertTrue(after["App/B.swift"]!.hasSuffix(Data("edited meanwhile".utf8).base64EncodedString()))
        after["App/B.swift"] = before["App/B.swift"]
        assertUnchanged(before, after)
    }
}
