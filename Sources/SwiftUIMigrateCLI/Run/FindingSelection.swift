import Foundation
import SwiftUIMigrate

/// Which findings a run reports and which fixes it applies: `--only preserving` declines the
/// fixes that change behaviour; `--baseline FILE` hides (and never applies) recorded findings.
///
/// Given to the engine as its `decide` hook, so every command and mode — scan, diff, apply in
/// place, on a branch or with --no-checkout — sees the same selection.
struct FindingSelection: Sendable {
    var onlyPreserving = false
    var baseline: Baseline?
    /// The absolute folder of the baseline file; its entries' paths are relative to it.
    var baselineFolder = ""

    /// The selection of `--only preserving` and `--baseline FILE` (read here).
    init(onlyPreserving: Bool, baselinePath: String?) throws {
        self.onlyPreserving = onlyPreserving
        if let path = baselinePath {
            baseline = try CommandError.checked { try Baseline.load(path: path) }
            baselineFolder = Self.folder(of: path)
        }
    }

    /// The absolute folder holding the file at `path`.
    static func folder(of path: String) -> String {
        URL(fileURLWithPath: SourceDiscovery.absolute(path)).deletingLastPathComponent().path
    }

    /// The path of `finding`'s file relative to `folder`, as baselines record it.
    static func baselinePath(of finding: Finding, folder: String) -> String {
        Baseline.relativePath(of: SourceDiscovery.absolute(finding.file), from: folder)
    }

    /// What the run does with `finding`.
    func decision(for finding: Finding) -> FindingDecision {
        if let baseline,
           baseline.contains(file: Self.baselinePath(of: finding, folder: baselineFolder), fingerprint: finding.fingerprint) {
            return .hide
        }
        if onlyPreserving && finding.action == .rewrite && finding.safety != .preserving {
            return .decline(.notPreserving)
        }
        return .allow
    }

    /// The engine's `decide` hook; nil when the selection allows everything.
    var decide: (@Sendable (Finding) -> FindingDecision)? {
        guard onlyPreserving || baseline != nil else { return nil }
        let selection = self
        return { selection.decision(for: $0) }
    }
}
