import Foundation
import SwiftUIMigrate

/// The `--report` JSON of a batch: one object per repository plus totals. Field names are stable and documented
/// in docs/batch.md; `report merge` reads these files back.
struct BatchReport: Decodable, NullKeepingEncodable, Equatable {
    /// The report format's version; a reader refuses a newer one.
    static let currentVersion = 1

    /// ``currentVersion`` when written.
    var version: Int
    /// `swiftui-migrate <version>`.
    var tool: String
    /// `scan`, `diff` or `apply`.
    var mode: String
    /// `K/N` for a sharded run; null for a whole run or a merged report.
    var shard: String?
    /// Wall time of the whole run, in seconds; for a merged report the longest of its parts.
    var elapsedSeconds: Double
    /// One result per repository, sorted by name.
    var repositories: [RepositoryResult]
    /// Sums over `repositories`.
    var totals: BatchTotals

    /// A report of `repositories` (sorted here) with the totals computed.
    init(mode: String, shard: String?, elapsedSeconds: Double, repositories: [RepositoryResult]) {
        version = Self.currentVersion
        tool = "swiftui-migrate \(CLI.version)"
        self.mode = mode
        self.shard = shard
        self.elapsedSeconds = (elapsedSeconds * 1000).rounded() / 1000
        self.repositories = repositories.sorted { $0.name < $1.name }
        totals = BatchTotals(self.repositories)
    }

    private enum CodingKeys: String, CodingKey {
        case version, tool, mode, shard, elapsedSeconds, repositories, totals
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        tool = try container.decodeIfPresent(String.self, forKey: .tool) ?? ""
        mode = try container.decode(String.self, forKey: .mode)
        shard = try container.decodeIfPresent(String.self, forKey: .shard)
        elapsedSeconds = try container.decodeIfPresent(Double.self, forKey: .elapsedSeconds) ?? 0
        repositories = try container.decode([RepositoryResult].self, forKey: .repositories)
        totals = BatchTotals(repositories)
    }

    /// 2 when a repository failed or timed out; else 1 when scan or diff found something to migrate; else 0.
    var exitCode: Int32 {
        if totals.count(.failed) + totals.count(.timedOut) > 0 { return ExitCode.failure }
        if totals.count(.pending) > 0 { return ExitCode.pending }
        return ExitCode.success
    }

    /// Reads a report written by `batch --report`.
    static func read(_ path: String) throws -> BatchReport {
        if SourceDiscovery.isFolder(path) {
            throw CommandError("cannot read the report \(path): it is a folder")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let why = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw CommandError("cannot read the report \(path): \(why)")
        }
        if let syntax = JSONSyntaxError.find(in: Array(data)) {
            throw CommandError("\(path):\(syntax.line):\(syntax.column): not a batch report: not valid JSON: \(syntax.problem)")
        }
        let report: BatchReport
        do {
            report = try JSONDecoder().decode(BatchReport.self, from: data)
        } catch {
            throw CommandError(
                "\(path) is not a batch report: \(DecodingProblem.describe(error)) (write one with 'swiftui-migrate batch --report FILE')")
        }
        guard report.version <= currentVersion else {
            throw CommandError("\(path) is a version \(report.version) report; this swiftui-migrate reads up to \(currentVersion)")
        }
        return report
    }
}

/// The sums over a report's repositories.
struct BatchTotals: Codable, Equatable {
    /// How many repositories.
    var repositories: Int
    /// How many repositories ended in each status; every status is present, 0 when none.
    var statuses: [String: Int]
    var filesScanned: Int
    var filesChanged: Int
    /// Findings per action over every repository.
    var actions: ActionCounts
    /// Findings per action, per rule id, over every repository.
    var rules: [String: ActionCounts]
    /// The sum of the repositories' durations (more than the wall time when they ran in parallel).
    var durationSeconds: Double

    init(_ results: [RepositoryResult]) {
        repositories = results.count
        var statuses = Dictionary(uniqueKeysWithValues: RepositoryStatus.allCases.map { ($0.rawValue, 0) })
        for result in results { statuses[result.status.rawValue, default: 0] += 1 }
        self.statuses = statuses
        filesScanned = results.reduce(0) { $0 + $1.filesScanned }
        filesChanged = results.reduce(0) { $0 + $1.filesChanged }
        actions = results.reduce(ActionCounts()) { $0 + $1.actions }
        rules = results.reduce(into: [:]) { rules, result in rules.merge(result.rules, uniquingKeysWith: +) }
        durationSeconds = (results.reduce(0) { $0 + $1.durationSeconds } * 1000).rounded() / 1000
    }

    /// How many repositories ended in `status`.
    func count(_ status: RepositoryStatus) -> Int { statuses[status.rawValue] ?? 0 }
}
