/// Combines the reports of a sharded batch (or of a re-run) into one.
enum ReportMerge {
    /// The merged report of `reports` (each with the file it came from, for messages), warning through `warn`
    /// about a repository found in several reports (the later file wins, so a re-run's report listed last
    /// replaces the first run's lines) and about shards missing from a complete `K/N` set.
    ///
    /// - Throws: ``CommandError`` when the reports are of different modes.
    static func merge(_ reports: [(file: String, report: BatchReport)], warn: (String) -> Void) throws -> BatchReport {
        let modes = Set(reports.map(\.report.mode))
        guard modes.count <= 1 else {
            throw CommandError("cannot merge reports of different modes (\(modes.sorted().joined(separator: ", ")))")
        }
        var byName: [String: (file: String, result: RepositoryResult)] = [:]
        for (file, report) in reports {
            for result in report.repositories {
                if let earlier = byName[result.name] {
                    warn("\(result.name) is in \(earlier.file) and \(file); keeping the one from \(file)")
                }
                byName[result.name] = (file, result)
            }
        }
        let shards = reports.compactMap { $0.report.shard }.compactMap { try? Shard(parsing: $0) }
        if shards.count == reports.count, let count = shards.first?.count, shards.allSatisfy({ $0.count == count }) {
            let present = Set(shards.map(\.index))
            let missing = (1...count).filter { !present.contains($0) }.map { "\($0)/\(count)" }
            if !missing.isEmpty { warn("no report for shard\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))") }
        }
        return BatchReport(
            mode: modes.first ?? "scan", shard: nil,
            elapsedSeconds: reports.map(\.report.elapsedSeconds).max() ?? 0,
            repositories: byName.values.map(\.result))
    }
}
