/// A finding as written in JSON: stable field names, documented in docs/formats.md.
public struct FindingRecord: Codable, Equatable, Sendable {
    /// A byte range and its replacement, in the original file's UTF-8 offsets.
    public struct Edit: Codable, Equatable, Sendable {
        public var start: Int
        public var end: Int
        public var replacement: String
    }

    public var file: String
    public var line: Int
    public var column: Int
    /// Where the finding's range starts: the same place as `line`/`column`, with its UTF-8 offset.
    public var start: SourcePoint
    /// Where it ends (exclusive: just after the node the finding names), so an editor can underline it.
    public var end: SourcePoint
    public var rule: String
    public var message: String
    /// `rewrite`, `keep`, `skip` or `report`.
    public var action: String
    /// `preserving`, `behavior-change`, or nil when no fix is offered.
    public var safety: String?
    /// False when the fix changes nothing at runtime on the file's floor (`preserving`, and a
    /// `behavior-change` that only stops relying on what SwiftUI does since iOS 15 SDK builds);
    /// true for other behaviour changes; nil when no fix is offered.
    public var runtimeChange: Bool?
    /// The sentence saying what a behaviour-changing fix changes.
    public var safetyReason: String?
    /// Why the finding was kept, skipped or reported.
    public var reason: String?
    /// The decision's stable id, `rule/decision` (`explain RULE` lists them).
    public var reasonID: String
    /// The fix, as edits of the original file (every pass's edits mapped back to it); empty when
    /// there is none, or when another finding's edits carry this one's fix (`FixAttribution`).
    public var edits: [Edit]
    /// The fix as unified-diff hunks (`@@ … @@` and the lines), made from the original file
    /// and this finding's edits alone; absent when there are no edits.
    public var hunk: String?
    /// The finding's `Fingerprint` (stable across unrelated edits; what baselines record).
    public var fingerprint: String

    /// The record of `finding` with its fix as unified-diff `hunk`s.
    public init(_ finding: Finding, hunk: String?) {
        file = finding.file
        line = finding.line
        column = finding.column
        start = finding.start
        end = finding.end
        rule = finding.ruleID
        message = finding.message
        action = finding.action.rawValue
        safety = finding.safety?.name
        runtimeChange = finding.safety?.changesRuntime
        safetyReason = finding.safety?.explanation
        reason = finding.reason
        reasonID = finding.reasonID
        edits = finding.edits.map { Edit(start: $0.range.lowerBound, end: $0.range.upperBound, replacement: $0.replacement) }
        self.hunk = hunk
        fingerprint = finding.fingerprint
    }
}
