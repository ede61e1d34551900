/// The aligned table a batch ends with, on standard error: one row per repository and a totals line.
///
/// ```
/// repository    status           changed  rewritten  kept  skipped  reported   time  detail
/// app-feed      migrated               1          1     0        0         0  0.21s  swiftui-migrate/lifecycle @ 1a2b3c4
/// broken        failed                 0          0     0        0         0  0.00s  not a git repository: …
/// 2 repositories: 1 migrated, 1 failed; rewritten 1, kept 0, skipped 0, reported 0; 0.34s
/// ```
enum BatchTable {
    /// The table of `report`.
    static func render(_ report: BatchReport) -> String {
        let header = ["repository", "status", "changed", "rewritten", "kept", "skipped", "reported", "time", "detail"]
        let rows = [header] + report.repositories.map { result in
            [
                result.name, result.status.rawValue, "\(result.filesChanged)",
                "\(result.actions.rewrite)", "\(result.actions.keep)", "\(result.actions.skip)", "\(result.actions.report)",
                seconds(result.durationSeconds), detail(of: result),
            ]
        }
        let rightAligned: Set<Int> = [2, 3, 4, 5, 6, 7]
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { row in
            var line = row.indices.map { column -> String in
                let cell = row[column]
                if column == row.count - 1 { return cell }
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            .joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        lines.append(totalsLine(report))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `7 repositories: 2 migrated, 1 failed; rewritten 3, kept 0, skipped 0, reported 1; 1.20s`.
    static func totalsLine(_ report: BatchReport) -> String {
        let totals = report.totals
        let statuses = RepositoryStatus.allCases.filter { totals.count($0) > 0 }
            .map { "\(totals.count($0)) \($0.rawValue)" }
        let actions = "rewritten \(totals.actions.rewrite), kept \(totals.actions.keep), "
            + "skipped \(totals.actions.skip), reported \(totals.actions.report)"
        let noun = totals.repositories == 1 ? "repository" : "repositories"
        let counts = statuses.isEmpty ? "" : ": " + statuses.joined(separator: ", ")
        return "\(totals.repositories) \(noun)\(counts); \(actions); \(seconds(report.elapsedSeconds))"
    }

    /// The last column: the error, the reason for skipping, or where the migration is.
    static func detail(of result: RepositoryResult) -> String {
        switch result.status {
        case .failed, .timedOut: return result.error ?? ""
        case .skipped: return result.reason ?? ""
        case .migrated, .alreadyApplied:
            guard let branch = result.branch else { return "" }
            return result.commit.map { "\(branch) @ \($0.prefix(7))" } ?? "\(branch) (staged)"
        case .pushed, .alreadyPushed:
            let commit = result.commit.map { " @ \($0.prefix(7))" } ?? ""
            return "\(result.remote ?? "") \(result.remoteRef ?? "")\(commit)"
        case .clean, .pending:
            return result.warnings.isEmpty ? "" : "\(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s")"
        }
    }

    /// `0.21s`.
    static func seconds(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)s"
    }
}
