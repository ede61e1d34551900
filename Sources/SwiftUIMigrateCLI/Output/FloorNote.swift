import SwiftUIMigrate

/// The stderr lines that say which deployment floors a run used: one line per distinct floor, with
/// how many files have it and where it was read (the two sources covering most files, and how many
/// more); one saying that no floor was found, so the floored APIs are assumed available; and one
/// per manifest that could not be read.
enum FloorNote {
    /// The lines (without `note: `) for `files`, run under `configured` (the configuration's
    /// `deploymentTarget`, which overrides what is found beside the files).
    static func lines(files: [SourceFile], configured: DeploymentFloor?, problems: [String]) -> [String] {
        guard !files.isEmpty else { return [] }
        if let configured {
            return ["deployment floor \(configured.summary) (\(configured.source) deploymentTarget)"]
        }
        var lines = problems
        // Each floor once, with the sources that give it, the one covering most files first.
        var groups: [(floor: [Platform: PlatformVersion], files: [String: Int])] = []
        for file in files where file.floor.isKnown {
            if let index = groups.firstIndex(where: { $0.floor == file.floor.minimums }) {
                groups[index].files[file.floor.source, default: 0] += 1
            } else {
                groups.append((file.floor.minimums, [file.floor.source: 1]))
            }
        }
        for group in groups {
            let sources = group.files.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
            let count = group.files.values.reduce(0, +)
            let named = sources.prefix(2).joined(separator: ", ")
            let more = sources.count > 2 ? " and \(sources.count - 2) more" : ""
            lines.append(
                "deployment floor \(DeploymentFloor(group.floor, source: "").summary) for \(count) file\(count == 1 ? "" : "s"), "
                    + "from \(named)\(more)")
        }
        let unknown = files.count { !$0.floor.isKnown }
        if unknown > 0 {
            let which = unknown == files.count ? "" : " for \(unknown) of \(files.count) files"
            lines.append(
                "no deployment target found\(which) (no .swiftui-migrate.json deploymentTarget, Package.swift platforms "
                    + "or Xcode setting); assuming the task APIs are available")
        }
        return lines
    }
}
