import Foundation
import XCTest

/// `batch` over a folder of real repositories in every state (see `BatchRepositories`), run as a process.
final class BatchCommandTests: XCTestCase {
    private static let repositoryKeys: Set<String> = [
        "name", "path", "status", "error", "reason", "branch", "base", "commit", "remote", "remoteRef", "filesScanned", "filesChanged",
        "changedPaths", "actions", "rules", "warnings", "durationSeconds",
    ]

    func testScanGivesEveryRepositoryAStatusAndTheReportHasTheDocumentedFields() throws {
        let folder = try BatchRepositories()
        let result = try ToolProcess.run(["batch", "--root", ".", "--report", "report.json", "--jobs", "2"], in: folder.path)
        XCTAssertEqual(result.status, 2, "a failed repository makes the exit status 2: \(result.stderr)")
        XCTAssertEqual(result.stdout, "")
        let report = try BatchReportJSON.read(folder.path + "/report.json")
        XCTAssertEqual(Set(report.keys), ["version", "tool", "mode", "shard", "elapsedSeconds", "repositories", "totals"])
        XCTAssertEqual(report["version"] as? Int, 1)
        XCTAssertEqual(report["mode"] as? String, "scan")
        XCTAssertTrue(report["shard"] is NSNull)
        XCTAssertEqual(try BatchReportJSON.statuses(report), [
            "applied": "pending", "bare.git": "pending", "broken": "failed", "clean": "clean", "corrupt-head": "failed",
            "dirty": "pending", "docs": "skipped", "empty": "skipped", "findings": "pending", "many": "pending",
            "migrated": "clean",
        ])
        let names = try XCTUnwrap(report["repositories"] as? [[String: Any]]).map { $0["name"] as? String ?? "" }
        XCTAssertEqual(names, BatchRepositories.names, "sorted by name; folders that are not repositories left out")

        let repositories = try BatchReportJSON.repositories(report)
        for (name, repository) in repositories {
            XCTAssertEqual(Set(repository.keys), Self.repositoryKeys, name)
        }
        let findings = try XCTUnwrap(repositories["findings"])
        XCTAssertEqual(findings["filesScanned"] as? Int, 2)
        XCTAssertEqual(findings["filesChanged"] as? Int, 1)
        XCTAssertEqual(findings["changedPaths"] as? [String], ["App/ContentView.swift"])
        XCTAssertEqual(findings["actions"] as? [String: Int], ["rewrite": 1, "keep": 0, "skip": 0, "report": 0])
        XCTAssertEqual(findings["rules"] as? [String: [String: Int]], ["group-lifecycle": ["rewrite": 1, "keep": 0, "skip": 0, "report": 0]])
        XCTAssertTrue(findings["commit"] is NSNull && findings["error"] is NSNull)
        XCTAssertEqual(findings["path"] as? String, URL(fileURLWithPath: folder.path + "/findings").resolvingSymlinksInPath().path)
        XCTAssertEqual(repositories["many"]?["filesScanned"] as? Int, 300)
        XCTAssertEqual(repositories["dirty"]?["changedPaths"] as? [String], ["App/ContentView.swift"], "scan reads HEAD")
        XCTAssertEqual(repositories["empty"]?["reason"] as? String, "no commits yet (branch 'main' is unborn)")
        XCTAssertEqual(repositories["docs"]?["reason"] as? String, "no Swift files")
        for name in BatchRepositories.failing {
            let error = try XCTUnwrap(repositories[name]?["error"] as? String, name)
            XCTAssertFalse(error.isEmpty, name)
        }

        let totals = try XCTUnwrap(report["totals"] as? [String: Any])
        XCTAssertEqual(totals["repositories"] as? Int, 11)
        XCTAssertEqual(totals["statuses"] as? [String: Int], [
            "clean": 2, "pending": 5, "migrated": 0, "already-applied": 0, "pushed": 0, "already-pushed": 0, "skipped": 2, "failed": 2,
            "timed-out": 0,
        ])
        XCTAssertEqual(totals["filesChanged"] as? Int, 5)
        XCTAssertEqual((totals["actions"] as? [String: Int])?["rewrite"], 5)

        XCTAssertTrue(result.stderr.contains("] broken: failed, "), result.stderr)
        let tableHeader = try XCTUnwrap(result.stderr.split(separator: "\n").first { $0.hasPrefix("repository ") })
        XCTAssertTrue(tableHeader.hasSuffix("time  detail"), String(tableHeader))
        XCTAssertTrue(result.stderr.hasSuffix("11 repositories: 2 clean, 5 pending, 2 skipped, 2 failed; "
            + "rewritten 5, kept 0, skipped 0, reported 0; " + Self.lastWord(result.stderr) + "\n"), result.stderr)
    }

    func testApplyCommitsWithoutTouchingCheckoutsAndARerunSaysAlreadyApplied() throws {
        let folder = try BatchRepositories()
        var before: [String: [String: Data]] = [:]
        for name in BatchRepositories.names where !BatchRepositories.failing.contains(name) {
            before[name] = try folder.snapshot(name)
        }
        let head = try folder.git(["rev-parse", "HEAD"], in: "findings")
        let first = try ToolProcess.run(
            ["batch", "--root", ".", "--mode", "apply", "--report", "first.json", "--summary", "first.md"], in: folder.path)
        XCTAssertEqual(first.status, 2, first.stderr)
        let report = try BatchReportJSON.read(folder.path + "/first.json")
        XCTAssertEqual(try BatchReportJSON.statuses(report), [
            "applied": "already-applied", "bare.git": "migrated", "broken": "failed", "clean": "clean",
            "corrupt-head": "failed", "dirty": "migrated", "docs": "skipped", "empty": "skipped", "findings": "migrated",
            "many": "migrated", "migrated": "clean",
        ])
        let findings = try XCTUnwrap(try BatchReportJSON.repositories(report)["findings"])
        XCTAssertEqual(findings["branch"] as? String, "swiftui-migrate/lifecycle")
        XCTAssertEqual(findings["base"] as? String, head.trimmingCharacters(in: .newlines))
        let commit = try XCTUnwrap(findings["commit"] as? String)
        XCTAssertEqual(try folder.git(["rev-parse", "swiftui-migrate/lifecycle"], in: "findings"), commit + "\n")
        XCTAssertTrue(try folder.git(["show", "swiftui-migrate/lifecycle:App/ContentView.swift"], in: "findings").contains("ZStack {"))
        XCTAssertTrue(try folder.git(["show", "swiftui-migrate/lifecycle:App/ContentView.swift"], in: "bare.git").contains("ZStack {"))
        for (name, files) in before {
            var after = try folder.snapshot(name)
            for key in after.keys where key.contains("refs/heads/swiftui-migrate") { after[key] = nil }
            var expected = files
            for key in expected.keys where key.contains("refs/heads/swiftui-migrate") { expected[key] = nil }
            XCTAssertEqual(after.keys.sorted(), expected.keys.sorted(), "\(name): files added or removed")
            XCTAssertTrue(after == expected, "\(name): the checkout, index or HEAD changed")
        }
        XCTAssertEqual(try folder.git(["status", "--porcelain"], in: "dirty"), " M App/ContentView.swift\n")
        let summary = try String(contentsOfFile: folder.path + "/first.md", encoding: .utf8)
        XCTAssertTrue(summary.hasPrefix("## swiftui-migrate batch (apply)\n"), summary)
        XCTAssertTrue(summary.contains("| `findings` | migrated | 1 | 1 | 0 | 0 | 0 | `swiftui-migrate/lifecycle` | `\(commit.prefix(7))` |"), summary)
        XCTAssertTrue(summary.contains("### Failed\n\n- `broken`: "), summary)

        let second = try ToolProcess.run(
            ["batch", "--root", ".", "--mode", "apply", "--report", "second.json"], in: folder.path)
        XCTAssertEqual(second.status, 2, second.stderr)
        let rerun = try BatchReportJSON.read(folder.path + "/second.json")
        XCTAssertEqual(try BatchReportJSON.statuses(rerun), [
            "applied": "already-applied", "bare.git": "already-applied", "broken": "failed", "clean": "clean",
            "corrupt-head": "failed", "dirty": "already-applied", "docs": "skipped", "empty": "skipped",
            "findings": "already-applied", "many": "already-applied", "migrated": "clean",
        ])
        XCTAssertEqual(try BatchReportJSON.repositories(rerun)["findings"]?["commit"] as? String, commit)
    }

    func testStageModeUsesTheCheckoutAndRefusesDirtyAndBareRepositories() throws {
        let folder = try BatchRepositories(only: ["findings", "dirty", "bare.git"])
        let result = try ToolProcess.run(
            ["batch", "findings", "dirty", "bare.git", "--mode", "apply", "--stage", "--report", "-"], in: folder.path)
        XCTAssertEqual(result.status, 2, result.stderr)
        let repositories = try BatchReportJSON.repositories(try BatchReportJSON.parse(result.stdout))
        XCTAssertEqual(repositories["findings"]?["status"] as? String, "migrated")
        XCTAssertTrue(repositories["findings"]?["commit"] is NSNull, "staged, not committed")
        XCTAssertEqual(try folder.git(["diff", "--cached", "--name-only"], in: "findings"), "App/ContentView.swift\n")
        XCTAssertEqual(repositories["dirty"]?["status"] as? String, "failed")
        XCTAssertTrue((repositories["dirty"]?["error"] as? String ?? "").hasPrefix("uncommitted changes in files to migrate"))
        XCTAssertEqual(repositories["bare.git"]?["status"] as? String, "failed")
        XCTAssertTrue((repositories["bare.git"]?["error"] as? String ?? "").contains("is a bare repository"))
    }

    func testJobsOneAndFourGiveTheSameReportAndPatches() throws {
        let folder = try BatchRepositories()
        var reports: [String] = []
        var patches: [String] = []
        for jobs in ["1", "4"] {
            let result = try ToolProcess.run(
                ["batch", "--root", ".", "--mode", "diff", "--jobs", jobs, "--report", "jobs\(jobs).json"], in: folder.path)
            XCTAssertEqual(result.status, 2, result.stderr)
            reports.append(try BatchReportJSON.comparable(try BatchReportJSON.read(folder.path + "/jobs\(jobs).json")))
            patches.append(result.stdout)
        }
        XCTAssertEqual(reports[0], reports[1])
        XCTAssertEqual(patches[0], patches[1])
        XCTAssertTrue(patches[0].hasPrefix("# repository: applied\ndiff --git a/App/ContentView.swift b/App/ContentView.swift\n"), patches[0])
        XCTAssertEqual(patches[0].components(separatedBy: "# repository: ").count - 1, 5)
    }

    func testExitStatusSaysWhetherAnythingIsPendingOrFailed() throws {
        let folder = try BatchRepositories(only: ["clean", "migrated", "docs", "findings", "broken"])
        let cases: [([String], Int32)] = [
            (["batch", "clean", "migrated", "docs"], 0),
            (["batch", "clean", "findings"], 1),
            (["batch", "clean", "findings", "--mode", "diff"], 1),
            (["batch", "clean", "findings", "--mode", "apply"], 0),
            (["batch", "clean", "broken"], 2),
        ]
        for (arguments, status) in cases {
            let result = try ToolProcess.run(arguments, in: folder.path)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
        }
    }

    func testUsageErrorsExitTwoBeforeRunningAnything() throws {
        let folder = try BatchRepositories(only: ["findings"])
        let cases: [([String], String)] = [
            (["batch"], "error: name the repositories"),
            (["batch", "findings", "--stage"], "error: --stage applies only with --mode apply"),
            (["batch", "findings", "--mode", "apply", "--commit"], "error: --commit goes with --stage"),
            (["batch", "findings", "--shard", "0/3"], "error: invalid shard '0/3'"),
            (["batch", "findings", "--jobs", "0"], "error: invalid --jobs '0'"),
            (["batch", "findings", "--rules", "no-such-rule"], "error: unknown rule 'no-such-rule'"),
            (["batch", "--repos", "missing.txt"], "error: cannot read the repository list missing.txt"),
        ]
        for (arguments, prefix) in cases {
            let result = try ToolProcess.run(arguments, in: folder.path)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(prefix), "\(arguments): \(result.stderr)")
        }
        XCTAssertFalse(try folder.git(["branch", "--list"], in: "findings").contains("swiftui-migrate"))
    }

    func testRepositoryListFileArgumentsAndRootCombineWithoutDuplicates() throws {
        let folder = try BatchRepositories(only: ["findings", "clean", "docs"])
        try folder.root.write("lists/repos.txt", """
            # the apps
            ../findings
            ../clean   # trailing comment

            ../findings/
            """)
        let result = try ToolProcess.run(
            ["batch", "--repos", "lists/repos.txt", "./clean", "docs", "--report", "-"], in: folder.path)
        XCTAssertEqual(result.status, 1, result.stderr)
        let statuses = try BatchReportJSON.statuses(try BatchReportJSON.parse(result.stdout))
        XCTAssertEqual(statuses, ["../findings": "pending", "clean": "clean", "docs": "skipped"])
    }

    private static func lastWord(_ text: String) -> String {
        String(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).last ?? "")
    }
}
