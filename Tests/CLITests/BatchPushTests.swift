import Foundation
import XCTest

/// `batch --mode apply --push REMOTE` against bare repositories on disk as remotes, checked with the git CLI:
/// a push, a re-run (`already-pushed`), a rejected push (the remote branch has other commits), a fast-forward,
/// an unreachable remote; and `--pr-body-dir`.
final class BatchPushTests: XCTestCase {
    private let branch = "swiftui-migrate/lifecycle"

    /// Repositories `names`, each with findings and a bare repository `<name>-remote.git` as its `origin`
    /// (holding `main`).
    private func repositoriesWithRemotes(_ names: [String]) throws -> BatchRepositories {
        let folder = try BatchRepositories(only: [])
        for name in names {
            try folder.makeRepository(name, files: BatchRepositories.withFinding)
            try folder.git(["init", "-q", "--bare", "-b", "main", "\(name)-remote.git"], in: ".")
            try folder.git(["remote", "add", "origin", folder.path + "/\(name)-remote.git"], in: name)
            try folder.git(["push", "-q", "origin", "main"], in: name)
        }
        return folder
    }

    private func run(_ arguments: [String], in folder: BatchRepositories) throws -> (ToolResult, [String: [String: Any]]) {
        let result = try ToolProcess.run(["batch"] + arguments + ["--report", "report.json"], in: folder.path)
        let report = try BatchReportJSON.read(folder.path + "/report.json")
        return (result, try BatchReportJSON.repositories(report))
    }

    func testPushThenARerunSaysAlreadyPushed() throws {
        let folder = try repositoriesWithRemotes(["app", "lib"])
        let (first, results) = try run(["app", "lib", "--mode", "apply", "--push", "origin"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        for name in ["app", "lib"] {
            let result = try XCTUnwrap(results[name])
            XCTAssertEqual(result["status"] as? String, "pushed", "\(name): \(result)")
            XCTAssertEqual(result["remote"] as? String, "origin")
            XCTAssertEqual(result["remoteRef"] as? String, "refs/heads/\(branch)")
            let local = try folder.git(["rev-parse", branch], in: name).trimmingCharacters(in: .whitespacesAndNewlines)
            let remote = try folder.git(["rev-parse", branch], in: "\(name)-remote.git").trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertEqual(remote, local, "\(name): the remote branch is the migration commit")
            XCTAssertEqual(result["commit"] as? String, local)
            let file = try folder.git(["show", "\(branch):App/ContentView.swift"], in: "\(name)-remote.git")
            XCTAssertTrue(file.contains("ZStack {"), "the pushed commit holds the migrated file")
        }
        XCTAssertTrue(first.stderr.contains("pushed"), first.stderr)

        let remoteBefore = try folder.snapshot("app-remote.git")
        let (second, again) = try run(["app", "lib", "--mode", "apply", "--push", "origin"], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(again["app"]?["status"] as? String, "already-pushed")
        XCTAssertEqual(again["lib"]?["status"] as? String, "already-pushed")
        XCTAssertEqual(again["app"]?["remoteRef"] as? String, "refs/heads/\(branch)")
        XCTAssertEqual(try folder.snapshot("app-remote.git"), remoteBefore, "a re-run sends nothing")
    }

    func testABranchWithOtherCommitsOnTheRemoteIsRejectedAndNotForced() throws {
        let folder = try repositoriesWithRemotes(["app", "ok"])
        // Someone else pushed a branch of the same name with a different commit.
        try folder.git(["clone", "-q", "app-remote.git", "elsewhere"], in: ".")
        try folder.git(["checkout", "-q", "-b", branch], in: "elsewhere")
        try folder.root.write("elsewhere/NOTES.md", "other work\n")
        try folder.git(["add", "NOTES.md"], in: "elsewhere")
        try folder.git(["-c", "user.name=Other", "-c", "user.email=o@example.com", "commit", "-q", "-m", "other"], in: "elsewhere")
        try folder.git(["push", "-q", "origin", branch], in: "elsewhere")
        let theirs = try folder.git(["rev-parse", branch], in: "app-remote.git")

        let (result, results) = try run(["app", "ok", "--mode", "apply", "--push", "origin"], in: folder)
        XCTAssertEqual(result.status, 2, "a failed repository makes the exit status 2")
        let app = try XCTUnwrap(results["app"])
        XCTAssertEqual(app["status"] as? String, "failed")
        let error = try XCTUnwrap(app["error"] as? String)
        XCTAssertTrue(error.contains("push to origin: push rejected") && error.contains("not a fast-forward"), error)
        XCTAssertEqual(app["branch"] as? String, branch, "the local branch still holds the migration")
        XCTAssertEqual(try folder.git(["rev-parse", branch], in: "app-remote.git"), theirs, "nothing was force-pushed")
        XCTAssertEqual(results["ok"]?["status"] as? String, "pushed", "the other repository carried on")

        // The same with the re-run: still rejected, still untouched.
        let (rerun, rerunResults) = try run(["app", "--mode", "apply", "--push", "origin"], in: folder)
        XCTAssertEqual(rerun.status, 2)
        XCTAssertEqual(rerunResults["app"]?["status"] as? String, "failed")
        XCTAssertEqual(try folder.git(["rev-parse", branch], in: "app-remote.git"), theirs)
    }

    func testARemoteBranchBehindTheMigrationIsFastForwarded() throws {
        let folder = try repositoriesWithRemotes(["app"])
        try folder.git(["push", "-q", "origin", "main:\(branch)"], in: "app")
        let (result, results) = try run(["app", "--mode", "apply", "--push", "origin"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(results["app"]?["status"] as? String, "pushed")
        XCTAssertEqual(
            try folder.git(["rev-parse", branch], in: "app-remote.git"), try folder.git(["rev-parse", branch], in: "app"))
    }

    func testUnreachableRemotesFailWithTheReason() throws {
        let folder = try repositoriesWithRemotes(["app"])
        try folder.git(["remote", "set-url", "origin", folder.path + "/gone.git"], in: "app")
        var (result, results) = try run(["app", "--mode", "apply", "--push", "origin"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(results["app"]?["status"] as? String, "failed")
        XCTAssertTrue((results["app"]?["error"] as? String ?? "").contains("no repository at \(folder.path)/gone.git"),
                      "\(results["app"] ?? [:])")

        (result, results) = try run(["app", "--mode", "apply", "--push", "upstream"], in: folder)
        XCTAssertEqual(results["app"]?["error"] as? String, "push to upstream: no remote named 'upstream' (and no folder of that name)")

        // A URL or path instead of a remote's name: a path that is a bare repository works.
        (result, results) = try run(["app", "--mode", "apply", "--push", folder.path + "/app-remote.git"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(results["app"]?["status"] as? String, "pushed")

        // A server that does not answer.
        (result, results) = try run(["app", "--mode", "apply", "--push", "https://127.0.0.1:9/acme/app.git"], in: folder)
        XCTAssertEqual(results["app"]?["status"] as? String, "failed")
        XCTAssertTrue((results["app"]?["error"] as? String ?? "").contains("cannot connect to the remote"), "\(results["app"] ?? [:])")
    }

    func testPullRequestBodiesAreWrittenPerRepository() throws {
        let folder = try repositoriesWithRemotes(["app"])
        try folder.makeRepository("clean", files: ["Sources/PlainView.swift": Samples.clean])
        let (result, _) = try run(["app", "clean", "--mode", "apply", "--pr-body-dir", "bodies"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let body = try String(contentsOfFile: folder.path + "/bodies/app.md", encoding: .utf8)
        XCTAssertTrue(body.hasPrefix("## SwiftUI lifecycle migration\n"), body)
        XCTAssertTrue(body.contains("`App/ContentView.swift`") && body.contains("group-lifecycle"), body)
        XCTAssertTrue(body.contains("Branch `\(branch)`"), body)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/bodies/clean.md"), "nothing to review, no body")
    }

    func testPushIsRefusedOutsideApplyAndWithoutACommit() throws {
        let folder = try repositoriesWithRemotes(["app"])
        for (arguments, message) in [
            (["--push", "origin"], "--push applies only with --mode apply"),
            (["--mode", "diff", "--pr-body-dir", "b"], "--pr-body-dir applies only with --mode apply"),
            (["--mode", "apply", "--stage", "--push", "origin"], "--push needs a commit to push"),
        ] {
            let result = try ToolProcess.run(["batch", "app"] + arguments, in: folder.path)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
