import Foundation
import SwiftUIMigrate

/// Which findings a run reports and which fixes it applies: `--only preserving` declines the
/// fixes that change behaviour, `--only no-runtime-change` those that change it at runtime on the
/// file's floor; `--baseline FILE` hides (and never applies) recorded findings.
///
/// Given to the engine as its `decide` hook, so every command and mode — scan, diff, apply in
/// place, on a branch or with --no-checkout — sees the same selection.
struct FindingSelection: Sendable {
    var only: OnlyFixes?
    var baseline: Baseline?
    /// The absolute folder of the baseline file; its entries' paths are relative to it.
    var baselineFolder = ""

    /// The selection of `--only` and `--baseline FILE` (read here).
    init(only: OnlyFixes?, baselinePath: String?) throws {
        self.only = only
        if let path = baselinePath {
            baseline = try Baseline.load(path: path)
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
        if let only, finding.action == .rewrite, !only.admits(finding.safety) {
            return .decline(only.decline)
        }
        return .allow
    }

    /// The engine's `decide` hook; nil when the selection allows everything.
    var decide: (@Sendable (Finding) -> FindingDecision)? {
        guard only != nil || baseline != nil else { return nil }
        let selection = self
        return { selection.decision(for: $0) }
    }
}

/// The fixes `--only LABEL` lets a run make; the others become skips with the reason.
enum OnlyFixes: String, CaseIterable, Sendable {
    /// `--only preserving`: the fixes labelled `preserving`.
    case preserving
    /// `--only no-runtime-change`: the preserving fixes and the behaviour changes with `runtimeChange: false`.
    case noRuntimeChange = "no-runtime-change"

    /// True when a fix with `safety` is made.
    func admits(_ safety: SafetyLabel?) -> Bool {
        switch self {
        case .preserving: return safety == .preserving
        case .noRuntimeChange: return safety.map { !$0.changesRuntime } ?? false
        }
    }

    /// The reason a fix left out gives.
    var decline: RunDecline {
        switch self {
        case .preserving: return .notPreserving
        case .noRuntimeChange: return .changesRuntime
        }
    }
}
