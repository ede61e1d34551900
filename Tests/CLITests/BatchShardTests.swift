import Foundation
import XCTest

/// `batch --shard K/N` and `report merge`, run as processes over `BatchRepositories`.
final class BatchShardTests: XCTestCase {
    private func list(_ arguments: [String], in folder: BatchRepositories) throws -> [String] {
        let result = try ToolProcess.run(["batch", "--list"] + arguments, in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func testShardsAreDisjointCoverEveryRepositoryAndIgnoreTheInputOrder() throws {
        let folder = try BatchRepositories()
        let all = try list(["--root", "."], in: folder)
        XCTAssertEqual(all, BatchRepositories.names)
        try folder.root.write("forward.txt", BatchRepositories.names.joined(separator: "\n") + "\n")
        try folder.root.write("backward.txt", BatchRepositories.names.reversed().joined(separator: "\n") + "\n")
        for count in [2, 3, 5] {
            var union: [String] = []
            for index in 1...count {
                let shard = try list(["--root", ".", "--shard", "\(index)/\(count)"], in: folder)
                XCTAssertEqual(shard, shard.sorted())
                XCTAssertTrue(Set(shard).isDisjoint(with: union), "shard \(index)/\(count) overlaps an earlier one")
                union += shard
                XCTAssertEqual(try list(["--repos", "forward.txt", "--shard", "\(index)/\(count)"], in: folder), shard)
                XCTAssertEqual(try list(["--repos", "backward.txt", "--shard", "\(index)/\(count)"], in: folder), shard)
            }
            XCTAssertEqual(union.sorted(), all, "the \(count) shards together are every repository")
        }
    }

    func testMergedShardReportsEqualTheWholeRunsReport() throws {
        let folder = try BatchRepositories()
        let whole = try ToolProcess.run(["batch", "--root", ".", "--report", "whole.json"], in: folder.path)
        XCTAssertEqual(whole.status, 2, whole.stderr)
        var files: [String] = []
        for index in 1...3 {
            let file = "shard\(index).json"
            let result = try ToolProcess.run(["batch", "--root", ".", "--shard", "\(index)/3", "--report", file], in: folder.path)
            XCTAssertTrue([0, 1, 2].contains(result.status), result.stderr)
            let shard = try BatchReportJSON.read(folder.path + "/" + file)
            XCTAssertEqual(shard["shard"] as? String, "\(index)/3")
            files.append(file)
        }
        let merged = try ToolProcess.run(["report", "merge"] + files + ["--summary", "merged.md"], in: folder.path)
        XCTAssertEqual(merged.status, 2, "a failed repository in any shard: \(merged.stderr)")
        let mergedReport = try BatchReportJSON.parse(merged.stdout)
        XCTAssertTrue(mergedReport["shard"] is NSNull)
        XCTAssertEqual(
            try BatchReportJSON.comparable(mergedReport),
            try BatchReportJSON.comparable(try BatchReportJSON.read(folder.path + "/whole.json")))
        XCTAssertTrue(merged.stderr.contains("11 repositories: 2 clean, 5 pending, 2 skipped, 2 failed;"), merged.stderr)
        let summary = try String(contentsOfFile: folder.path + "/merged.md", encoding: .utf8)
        XCTAssertTrue(summary.contains("| `many` | pending | 1 | 1 | 0 | 0 | 0 |  |  |"), summary)
    }

    func testMergeWarnsAboutMissingShardsLetsTheLaterReportWinAndRefusesMixedModes() throws {
        let folder = try BatchRepositories(only: ["findings", "clean"])
        let shard = try XCTUnwrap((1...2).first { try list(["findings", "--shard", "\($0)/2"], in: folder) == ["findings"] })
        for (file, arguments) in [
            ("first.json", ["batch", "findings", "clean", "--shard", "1/1"]),
            ("rerun.json", ["batch", "findings", "--shard", "\(shard)/2"]),
            ("apply.json", ["batch", "clean", "--mode", "apply"]),
        ] {
            let result = try ToolProcess.run(arguments + ["--report", file], in: folder.path)
            XCTAssertNotEqual(result.status, 2, result.stderr)
        }
        let mixed = try ToolProcess.run(["report", "merge", "first.json", "apply.json"], in: folder.path)
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stderr.hasPrefix("error: cannot merge reports of different modes (apply, scan)"), mixed.stderr)

        let merged = try ToolProcess.run(["report", "merge", "first.json", "rerun.json", "--report", "merged.json"], in: folder.path)
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stderr.contains("warning: findings is in first.json and rerun.json; keeping the one from rerun.json"), merged.stderr)
        XCTAssertEqual(try BatchReportJSON.statuses(try BatchReportJSON.read(folder.path + "/merged.json")), ["clean": "clean", "findings": "pending"])

        let partial = try ToolProcess.run(["report", "merge", "rerun.json"], in: folder.path)
        XCTAssertTrue(partial.stderr.contains("warning: no report for shard \(3 - shard)/2"), partial.stderr)

        let unknown = try ToolProcess.run(["report", "split", "first.json"], in: folder.path)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("error: unknown report action 'split'"), unknown.stderr)
    }
}
