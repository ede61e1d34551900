import Foundation
import XCTest

/// Two runs on one repository at once: one wins, the other fails cleanly, the repository stays whole.
final class ConcurrencyTests: XCTestCase {
    private func repository(files count: Int) throws -> GitRepositoryFolder {
        let repository = try GitRepositoryFolder()
        var files: [String: String] = [:]
        for index in 0..<count {
            files["App/Screen\(index).swift"] = Samples.groupLifecycle.replacingOccurrences(of: "ContentView", with: "Screen\(index)")
        }
        try repository.commit(files)
        return repository
    }

    func testApplyRefusesWhileAnotherRunHoldsTheLockAndChangesNothing() throws {
        let repository = try repository(files: 2)
        let lockPath = repository.path + "/.git/swiftui-migrate.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        XCTAssertEqual(flock(descriptor, LOCK_EX | LOCK_NB), 0)
        let before = try repository.snapshot()
        for arguments in [["apply"], ["apply", "--commit"], ["apply", "--no-checkout"]] {
            let result = try ToolProcess.run(arguments, in: repository.path)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(
                result.stderr,
                "error: another swiftui-migrate run is applying in this repository (it holds \(lockPath)); wait for it to finish\n")
            XCTAssertEqual(try repository.snapshot(), before)
        }
    }

    func testInPlaceWaitsForTheLockAndRunsOnceItIsReleased() throws {
        let repository = try repository(files: 2)
        let lockPath = repository.path + "/.git/swiftui-migrate.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        XCTAssertEqual(flock(descriptor, LOCK_EX | LOCK_NB), 0)
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { close(descriptor) }
        let result = try ToolProcess.run(["apply", "--in-place"], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertGreaterThan(Date().timeIntervalSince(started), 1.4, "it wrote while another run held the lock")
        XCTAssertEqual(try repository.git("status", "--porcelain").split(separator: "\n").count, 2)
    }

    func testALockFileLeftByAKilledRunDoesNotBlockTheNextOne() throws {
        let repository = try repository(files: 2)
        try repository.folder.write(".git/swiftui-migrate.lock", "")  // nobody holds it: its process is gone
        let result = try ToolProcess.run(["apply"], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try repository.git("diff", "--cached", "--name-only").split(separator: "\n").count, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository.path + "/.git/swiftui-migrate.lock"),
                       "released and removed at the end")
    }

    func testTwoApplyRunsAtOnceOneWinsTheOtherFailsCleanly() throws {
        let repository = try repository(files: 150)
        let binary = try ToolProcess.binary()
        for arguments in [["apply"], ["apply", "--commit"]] {
            try repository.git("checkout", "-q", "main")
            try repository.git("reset", "-q", "--hard", "main")
            _ = try? repository.git("branch", "-q", "-D", "swiftui-migrate/lifecycle")
            let group = DispatchGroup()
            nonisolated(unsafe) var results: [ChildProcess.Result] = []
            let lock = NSLock()
            let path = repository.path
            for _ in 0..<2 {
                DispatchQueue.global().async(group: group) {
                    let result = try? ChildProcess.run(binary, arguments, in: path)
                    lock.lock()
                    if let result { results.append(result) }
                    lock.unlock()
                }
            }
            group.wait()
            XCTAssertEqual(results.count, 2)
            let winners = results.filter { $0.status == 0 && $0.stderr.contains("file") && !$0.stderr.contains("nothing to migrate") }
            XCTAssertEqual(winners.count, 1, results.map(\.stderr).joined(separator: "\n---\n"))
            for loser in results where !(winners.first.map { $0.stderr == loser.stderr } ?? false) {
                // Either it overlapped and found the lock held, or it ran after and found nothing left to do.
                let locked = loser.status == 2 && loser.stderr.contains("another swiftui-migrate run is applying")
                let later = loser.status == 0 && (loser.stderr.contains("nothing to migrate") || loser.stderr.contains("already applied"))
                XCTAssertTrue(locked || later, "\(loser.status): \(loser.stderr)")
            }
            let fsck = try ChildProcess.run("/usr/bin/env", ["git", "fsck", "--no-progress"], in: repository.path)
            XCTAssertEqual(fsck.status, 0, fsck.stderr)
            XCTAssertEqual(try repository.git("symbolic-ref", "HEAD"), "refs/heads/swiftui-migrate/lifecycle\n")
            let changed = arguments.contains("--commit")
                ? try repository.git("diff", "--name-only", "main", "swiftui-migrate/lifecycle")
                : try repository.git("diff", "--cached", "--name-only")
            XCTAssertEqual(changed.split(separator: "\n").count, 150)
            XCTAssertEqual(try repository.git("diff", "--name-only"), "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: repository.path + "/.git/index.lock"))
        }
    }

    func testTwoBatchApplyRunsWithDifferentShardsTouchDisjointRepositories() throws {
        let folder = try BatchRepositories()
        let binary = try ToolProcess.binary()
        let shards = ["1/2", "2/2"]
        var listed: [[String]] = []
        for shard in shards {
            let list = try ToolProcess.run(["batch", "--list", "--root", ".", "--shard", shard], in: folder.path)
            listed.append(list.stdout.split(separator: "\n").map(String.init))
        }
        XCTAssertTrue(Set(listed[0]).isDisjoint(with: listed[1]))
        let group = DispatchGroup()
        nonisolated(unsafe) var results: [String: ChildProcess.Result] = [:]
        let lock = NSLock()
        let path = folder.path
        for shard in shards {
            DispatchQueue.global().async(group: group) {
                let result = try? ChildProcess.run(
                    binary, ["batch", "--mode", "apply", "--root", ".", "--shard", shard, "--report", "shard-\(shard.prefix(1)).json"],
                    in: path)
                lock.lock()
                results[shard] = result
                lock.unlock()
            }
        }
        group.wait()
        var covered: [String] = []
        for (index, shard) in shards.enumerated() {
            let result = try XCTUnwrap(results[shard])
            XCTAssertFalse(result.stderr.contains("another swiftui-migrate run"), result.stderr)
            let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/shard-\(shard.prefix(1)).json"))
            let report = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
            let names = try XCTUnwrap(report["repositories"] as? [[String: Any]]).compactMap { $0["name"] as? String }
            XCTAssertEqual(names.sorted(), listed[index].sorted(), "shard \(shard) ran exactly its repositories")
            covered += names
        }
        XCTAssertEqual(covered.sorted(), BatchRepositories.names, "every repository ran once, in one shard")
        let findings = try ChildProcess.run(
            "/usr/bin/env", ["git", "rev-parse", "--verify", "-q", "refs/heads/swiftui-migrate/lifecycle"],
            in: folder.path + "/findings")
        XCTAssertEqual(findings.status, 0, "the repository with findings got its branch")
    }
}
