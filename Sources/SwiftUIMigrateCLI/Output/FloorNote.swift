import SwiftUIMigrate

/// The stderr lines that say which deployment floor a run used: one line naming each floor and
/// where it was read (or that none was found and the floored APIs are assumed available), and one
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
        var groups: [(floor: [Platform: PlatformVersion], sources: [String], files: Int)] = []
        var unknown = 0
        for file in files {
            guard file.floor.isKnown else {
                unknown += 1
                continue
            }
            if let index = groups.firstIndex(where: { $0.floor == file.floor.minimums }) {
                if !groups[index].sources.contains(file.floor.source) { groups[index].sources.append(file.floor.source) }
                groups[index].files += 1
            } else {
                groups.append((file.floor.minimums, [file.floor.source], 1))
            }
        }
        if !groups.isEmpty {
            let described = groups.map { group in
                let floor = DeploymentFloor(group.floor, source: "").summary
                let more = group.sources.count > 1 ? " and \(group.sources.count - 1) more with the same floor" : ""
                return "\(floor) (\(group.sources[0])\(more); \(group.files) file\(group.files == 1 ? "" : "s"))"
            }
            lines.append("deployment floor " + described.joined(separator: "; "))
        }
        if unknown > 0 {
            let which = unknown == files.count ? "" : " for \(unknown) of \(files.count) files"
            lines.append(
                "no deployment target found\(which) (no .swiftui-migrate.json deploymentTarget, Package.swift platforms "
                    + "or Xcode setting); assuming the task APIs are available")
        }
        return lines
    }
}
