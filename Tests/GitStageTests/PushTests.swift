import Foundation
import XCTest

@testable import GitStage

/// `Repository.push(branch:to:)`: against bare repositories on disk, and through a smart-HTTP server with basic
/// authentication (git http-backend behind Tests/shell/git-http-server.py) whose credentials come from the
/// repository's git credential helper. Results are checked with the git CLI.
final class PushTests: GitStageTestCase {
    private let branch = "swiftui-migrate/lifecycle"

    /// A repository with `branch` one commit ahead of `main`, and an empty bare repository beside it.
    private func repositoryAndRemote() throws -> (FixtureRepository, String) {
        let fixture = try FixtureRepository(["App/View.swift": "struct A {}\n"])
        try fixture.git("branch", "-M", "main")
        try fixture.git("checkout", "-q", "-b", branch)
        try fixture.write("App/View.swift", "struct B {}\n")
        try fixture.git("commit", "-q", "-am", "migrate")
        try fixture.git("checkout", "-q", "main")
        let remote = fixture.scratch.path + "/remote.git"
        try GitStageTests.git(["init", "-q", "--bare", remote], in: fixture.scratch.path)
        return (fixture, remote)
    }

    private func remoteCommit(_ remote: String, _ ref: String) throws -> String {
        try GitStageTests.git(["rev-parse", "--verify", "-q", ref], in: remote).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testPushCreatesTheBranchAndASecondPushSendsNothing() throws {
        let (fixture, remote) = try repositoryAndRemote()
        let local = try fixture.trimmedGit("rev-parse", branch)
        let outcome = try fixture.open().push(branch: branch, to: remote)
        XCTAssertEqual(outcome, .pushed(remoteRef: "refs/heads/\(branch)", commit: ObjectID(hex: local)!))
        XCTAssertEqual(try remoteCommit(remote, "refs/heads/\(branch)"), local)
        XCTAssertThrowsError(try remoteCommit(remote, "refs/heads/main"), "only the branch is pushed")

        XCTAssertEqual(try fixture.open().push(branch: branch, to: remote),
                       .alreadyPushed(remoteRef: "refs/heads/\(branch)", commit: ObjectID(hex: local)!))
    }

    func testAConfiguredRemoteByName() throws {
        let (fixture, remote) = try repositoryAndRemote()
        try fixture.git("remote", "add", "origin", remote)
        let local = try fixture.trimmedGit("rev-parse", branch)
        XCTAssertEqual(try fixture.open().push(branch: branch, to: "origin"), .pushed(remoteRef: "refs/heads/\(branch)", commit: ObjectID(hex: local)!))
        XCTAssertEqual(try remoteCommit(remote, branch), local)
    }

    func testAConfiguredRemoteWithARelativePathIsTakenFromTheWorkTreeTop() throws {
        let (fixture, remote) = try repositoryAndRemote()
        // As `git remote add origin ../remote.git` run in the work tree: git resolves it from the top.
        try fixture.git("remote", "add", "origin", "../remote.git")
        XCTAssertEqual(URL(fileURLWithPath: fixture.path).deletingLastPathComponent().appendingPathComponent("remote.git").path, remote)
        let local = try fixture.trimmedGit("rev-parse", branch)
        XCTAssertEqual(try fixture.open().push(branch: branch, to: "origin"), .pushed(remoteRef: "refs/heads/\(branch)", commit: ObjectID(hex: local)!))
        XCTAssertEqual(try remoteCommit(remote, branch), local)
    }

    func testABranchWithOtherCommitsOnTheRemoteIsNotOverwritten() throws {
        let (fixture, remote) = try repositoryAndRemote()
        // Another clone pushes a different commit under the same name.
        let other = fixture.scratch.path + "/other"
        try GitStageTests.git(["clone", "-q", fixture.path, other], in: fixture.scratch.path)
        try GitStageTests.git(["checkout", "-q", "-b", branch, "origin/main"], in: other)
        try Data("notes\n".utf8).write(to: URL(fileURLWithPath: other + "/NOTES.md"))
        try GitStageTests.git(["add", "NOTES.md"], in: other)
        try GitStageTests.git(["-c", "user.name=O", "-c", "user.email=o@example.com", "commit", "-q", "-m", "other"], in: other)
        try GitStageTests.git(["push", "-q", remote, branch], in: other)
        let theirs = try remoteCommit(remote, branch)

        XCTAssertThrowsError(try fixture.open().push(branch: branch, to: remote)) { error in
            guard case PushError.nonFastForward(let ref, let commit)? = error as? PushError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(ref, "refs/heads/\(branch)")
            XCTAssertEqual(commit.hex, theirs)
            XCTAssertTrue("\(error)".contains("nothing is force-pushed"))
        }
        XCTAssertEqual(try remoteCommit(remote, branch), theirs)
    }

    func testARemoteBranchBehindIsFastForwarded() throws {
        let (fixture, remote) = try repositoryAndRemote()
        try fixture.git("push", "-q", remote, "main:refs/heads/\(branch)")
        guard case .pushed = try fixture.open().push(branch: branch, to: remote) else { return XCTFail("not pushed") }
        XCTAssertEqual(try remoteCommit(remote, branch), try fixture.trimmedGit("rev-parse", branch))
    }

    func testMissingBranchRemoteAndRepositoryAreNamed() throws {
        let (fixture, remote) = try repositoryAndRemote()
        XCTAssertThrowsError(try fixture.open().push(branch: "nope", to: remote)) {
            XCTAssertEqual($0 as? PushError, .noSuchBranch("nope"))
        }
        XCTAssertThrowsError(try fixture.open().push(branch: branch, to: "upstream")) {
            XCTAssertEqual($0 as? PushError, .noSuchRemote("upstream"))
        }
        let gone = fixture.scratch.path + "/gone.git"
        XCTAssertThrowsError(try fixture.open().push(branch: branch, to: gone)) {
            XCTAssertEqual($0 as? PushError, .noRepository(path: gone))
        }
    }

    // MARK: - HTTP with a credential helper

    /// Starts the test git server over `root`; stops it when the test ends.
    private func httpServer(root: String, user: String, password: String) throws -> Int {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shell/git-http-server.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, root, user, password]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        addTeardownBlock { process.terminate(); process.waitUntilExit() }
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        return try XCTUnwrap(Int(String(decoding: line, as: UTF8.self)), "the server printed no port")
    }

    private func httpRemote(helper: String?) throws -> (FixtureRepository, remote: String, url: String) {
        let (fixture, remote) = try repositoryAndRemote()
        let port = try httpServer(root: fixture.scratch.path, user: "alice", password: "s3cret")
        if let helper { try fixture.git("config", "credential.helper", helper) }
        return (fixture, remote, "http://127.0.0.1:\(port)/remote.git")
    }

    func testHTTPPushAuthenticatesWithTheCredentialHelper() throws {
        let (fixture, remote, url) = try httpRemote(helper: "!f() { echo username=alice; echo password=s3cret; }; f")
        guard case .pushed = try fixture.open().push(branch: branch, to: url) else { return XCTFail("not pushed") }
        XCTAssertEqual(try remoteCommit(remote, branch), try fixture.trimmedGit("rev-parse", branch))
        guard case .alreadyPushed = try fixture.open().push(branch: branch, to: url) else { return XCTFail("pushed twice") }
    }

    func testARefusalByTheRemoteIsReportedWithItsMessage() throws {
        let (fixture, remote, url) = try httpRemote(helper: "!f() { echo username=alice; echo password=s3cret; }; f")
        // A server-side hook refuses every update (as a protected branch would).
        let hook = remote + "/hooks/pre-receive"
        try Data("#!/bin/sh\necho 'branch is protected' >&2\nexit 1\n".utf8).write(to: URL(fileURLWithPath: hook))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        XCTAssertThrowsError(try fixture.open().push(branch: branch, to: url)) { error in
            guard case PushError.rejected(let ref, let reason)? = error as? PushError else { return XCTFail("\(error)") }
            XCTAssertEqual(ref, "refs/heads/\(branch)")
            XCTAssertTrue(reason.contains("pre-receive hook declined"), reason)
        }
        XCTAssertThrowsError(try remoteCommit(remote, branch), "nothing reached the remote")
    }

    func testHTTPPushWithAWrongOrNoCredentialFailsWithoutLooping() throws {
        for helper in ["!f() { echo username=alice; echo password=wrong; }; f", nil] {
            let (fixture, remote, url) = try httpRemote(helper: helper)
            XCTAssertThrowsError(try fixture.open().push(branch: branch, to: url), "\(helper ?? "no helper")") { error in
                XCTAssertTrue(error is Libgit2Error, "\(error)")
            }
            XCTAssertThrowsError(try remoteCommit(remote, branch), "nothing reached the remote")
        }
    }
}
