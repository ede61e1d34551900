import Foundation
import XCTest

/// `batch --timeout`: a repository whose push hangs on a remote that never answers (a local TCP server that takes the
/// connection and stays silent) is stopped and reported `timed-out` while the others carry on; an apply stopped
/// midway is undone; Ctrl-C ends a batch with the table and the report of what finished, and a re-run resumes.
final class BatchTimeoutTests: XCTestCase {
    private let branch = "swiftui-migrate/lifecycle"

    /// Repositories `names` with a finding each; `origin` is a bare repository on disk, except for `hung`.
    private func repositories(_ names: [String], hung: SilentServer) throws -> BatchRepositories {
        let folder = try BatchRepositories(only: [])
        for name in names {
            try folder.makeRepository(name, files: BatchRepositories.withFinding)
            try folder.git(["init", "-q", "--bare", "-b", "main", "\(name)-remote.git"], in: ".")
            let remote = name == "hung" ? hung.url : folder.path + "/\(name)-remote.git"
            try folder.git(["remote", "add", "origin", remote], in: name)
        }
        return folder
    }

    func testAHungPushTimesOutWhileTheOthersCarryOnAndARerunResumes() throws {
        let server = try SilentServer()
        let folder = try repositories(["app", "hung", "lib"], hung: server)
        let started = Date()
        let result = try ToolProcess.run(
            ["batch", "app", "hung", "lib", "--mode", "apply", "--push", "origin", "--timeout", "3s", "--report", "report.json"],
            in: folder.path)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(result.status, 2, "a timed-out repository fails the batch: \(result.stderr)")
        XCTAssertLessThan(elapsed, 60, "the hung push held the batch")
        let report = try BatchReportJSON.read(folder.path + "/report.json")
        let statuses = try BatchReportJSON.statuses(report)
        XCTAssertEqual(statuses, ["app": "pushed", "hung": "timed-out", "lib": "pushed"])
        let hung = try XCTUnwrap(try BatchReportJSON.repositories(report)["hung"])
        let error = try XCTUnwrap(hung["error"] as? String)
        XCTAssertTrue(error.hasPrefix("stopped after 3s (--timeout)"), error)
        XCTAssertTrue(error.contains("the branch '\(branch)' is kept"), error)
        let totals = try XCTUnwrap(report["totals"] as? [String: Any])
        XCTAssertEqual((totals["statuses"] as? [String: Int])?["timed-out"], 1)
        XCTAssertTrue(result.stderr.contains("hung        timed-out"), result.stderr)
        XCTAssertEqual(try folder.git(["status", "--porcelain"], in: "hung"), "", "the checkout is untouched")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/hung/.git/swiftui-migrate-journal"))

        // With a remote that answers, the re-run pushes the kept branch.
        try folder.git(["remote", "set-url", "origin", folder.path + "/hung-remote.git"], in: "hung")
        let again = try ToolProcess.run(
            ["batch", "app", "hung", "lib", "--mode", "apply", "--push", "origin", "--timeout", "60s", "--report", "again.json"],
            in: folder.path)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(
            try BatchReportJSON.statuses(try BatchReportJSON.read(folder.path + "/again.json")),
            ["app": "already-pushed", "hung": "pushed", "lib": "already-pushed"])
        XCTAssertEqual(
            try folder.git(["rev-parse", branch], in: "hung-remote.git"), try folder.git(["rev-parse", branch], in: "hung"))
    }

    func testAnApplyStoppedMidwayIsUndone() throws {
        let folder = try BatchRepositories(only: [])
        var files: [String: String] = [:]
        for index in 0..<200 {
            files["App/Screen\(index).swift"] = Samples.groupLifecycle.replacingOccurrences(of: "ContentView", with: "Screen\(index)")
        }
        let arguments = ["--mode", "apply", "--stage", "--commit", "--report", "report.json"]
        // How long the whole apply takes here, so the limit lands while it writes.
        try folder.makeRepository("reference", files: files)
        let started = Date()
        XCTAssertEqual(try ToolProcess.run(["batch", "reference"] + arguments, in: folder.path).status, 0)
        let duration = Date().timeIntervalSince(started)
        var timedOut = 0
        for (attempt, fraction) in [0.85, 0.6, 0.35].enumerated() {
            let name = "big\(attempt)"
            try folder.makeRepository(name, files: files)
            let limit = "\(max(100, Int(duration * fraction * 1000)))ms"
            let result = try ToolProcess.run(["batch", name, "--timeout", limit] + arguments, in: folder.path)
            let big = try XCTUnwrap(try BatchReportJSON.repositories(try BatchReportJSON.read(folder.path + "/report.json"))[name])
            guard big["status"] as? String == "timed-out" else {
                XCTAssertEqual(big["status"] as? String, "migrated", result.stderr)
                continue
            }
            print("batch timeout mid-apply (\(limit) of a \(String(format: "%.1f", duration)) s apply): \(big["error"] as? String ?? "")")
            if (big["error"] as? String)?.contains("is kept") == true {
                // The stop came once the apply had finished (a slower machine): its branch is kept
                // whole, as a re-run finds it; no journal is left. A shorter limit is tried next.
                try RepositoryWholeness.assertWhole(folder.path + "/" + name, "after the timeout at \(limit)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/\(name)/.git/swiftui-migrate-journal"))
                continue
            }
            timedOut += 1
            // Whatever the stop interrupted, the repository is as it was.
            XCTAssertEqual(try folder.git(["symbolic-ref", "HEAD"], in: name), "refs/heads/main\n")
            XCTAssertEqual(try folder.git(["branch", "--list", "--format=%(refname)"], in: name), "refs/heads/main\n")
            XCTAssertEqual(try folder.git(["status", "--porcelain"], in: name), "")
            try RepositoryWholeness.assertWhole(folder.path + "/" + name, "after the timeout at \(limit)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/\(name)/.git/swiftui-migrate-journal"))
            if (big["error"] as? String)?.contains("half-done apply was undone") == true { break }
        }
        XCTAssertGreaterThan(timedOut, 0, "every attempt finished its apply within its limit")
    }

    func testCtrlCEndsTheBatchWithTheReportOfWhatFinished() throws {
        for extra in [[], ["--timeout", "5m"]] {
            let server = try SilentServer()
            let folder = try repositories(["app", "hung", "lib"], hung: server)
            let errors = folder.path + "/stderr.txt"
            FileManager.default.createFile(atPath: errors, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try ToolProcess.binary())
            process.arguments = ["batch", "app", "hung", "lib", "--jobs", "3", "--mode", "apply", "--push", "origin", "--report", "report.json"]
                + extra
            process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, !(try String(contentsOfFile: errors, encoding: .utf8)).contains("[2/3]") { usleep(20_000) }
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            let stderr = try String(contentsOfFile: errors, encoding: .utf8)
            XCTAssertEqual(process.terminationStatus, 130, stderr)
            XCTAssertTrue(stderr.contains("SIGINT received: stopped with 2 of 3 repositories finished"), stderr)
            XCTAssertTrue(stderr.contains("2 repositories: 2 pushed"), "the table of what finished: \(stderr)")
            XCTAssertEqual(
                try BatchReportJSON.statuses(try BatchReportJSON.read(folder.path + "/report.json")),
                ["app": "pushed", "lib": "pushed"], "\(extra)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/hung/.git/swiftui-migrate-journal"))

            try folder.git(["remote", "set-url", "origin", folder.path + "/hung-remote.git"], in: "hung")
            let again = try ToolProcess.run(
                ["batch", "app", "hung", "lib", "--mode", "apply", "--push", "origin", "--report", "again.json"], in: folder.path)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertEqual(
                try BatchReportJSON.statuses(try BatchReportJSON.read(folder.path + "/again.json")),
                ["app": "already-pushed", "hung": "pushed", "lib": "already-pushed"], "a re-run resumes: \(extra)")
        }
    }

    func testTheLiveProgressLineShowsHowLongTheOldestRunningRepositoryHasBeenAtIt() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("needs script(1) for a terminal") }
        let server = try SilentServer()
        let folder = try repositories(["app", "hung"], hung: server)
        let command = "'\(try ToolProcess.binary())' batch app hung --mode apply --push origin --timeout 4s"
        // script(1) gives the batch a terminal, so it draws the live status line.
        let result = try ChildProcess.run("/usr/bin/script", ["-qefc", command, "/dev/null"], in: folder.path)
        XCTAssertTrue(result.stdout.contains("batch: 1/2 done · hung running for "), result.stdout)
        // Redrawn about every second while the hung repository waits out its 4 s: its time counts up
        // (which whole seconds are drawn depends on when the ticker wakes, so no exact second is asked for).
        let seconds = Set(result.stdout.components(separatedBy: "hung running for ").dropFirst().compactMap {
            Int($0.prefix { $0.isNumber })
        })
        XCTAssertGreaterThanOrEqual(seconds.count, 3, "redrawn every second: \(result.stdout)")
        XCTAssertGreaterThanOrEqual(seconds.max() ?? 0, 2, "the time moves on: \(result.stdout)")
    }

    func testAnInvalidTimeoutIsAUsageError() throws {
        for value in ["soon", "0", "-5s", "5x"] {
            let result = try ToolProcess.run(["batch", ".", "--timeout", value])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.stderr, "error: invalid --timeout '\(value)': expected a duration such as 90s, 5m or 1h\n")
        }
    }
}
