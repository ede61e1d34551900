/// One place a rule looked at, what it decided, and the edits that fix it.
public struct Finding: Hashable, Sendable {
    /// The rule's kebab-case id, such as `group-lifecycle`.
    public var ruleID: String
    /// The file's path as the user named it.
    public var file: String
    /// 1-based line of the finding in the original file.
    public var line: Int
    /// 1-based column (in UTF-8 bytes) of the finding in the original file.
    public var column: Int
    /// UTF-8 offset of the finding in the original file.
    public var offset: Int
    /// Lowercase, imperative, no trailing period: "move the task off the Group".
    public var message: String
    /// What the tool does about it.
    public var action: FindingAction
    /// What the fix promises; nil where no fix is offered.
    public var safety: SafetyLabel?
    /// Why it was kept, skipped or reported, or the manual fix to make.
    public var reason: String?
    /// The decision's stable id, `rule/decision` (`onappear-task/sentinel-host`): an entry of the
    /// rule's catalog (`Rule.reasonCatalog`, listed by `explain RULE`).
    public var reasonID: String
    /// The edits that fix it, in the coordinates of the text the rule saw.
    public var edits: [ByteEdit]
    /// A stable identity for baselines and SARIF (see `Fingerprint`); set by `MigrationEngine`,
    /// "" on a finding no engine has seen.
    public var fingerprint: String = ""
    /// Where the finding's range ends (exclusive): the place just after the node it names, in the
    /// original file, so an editor can underline `offset..<end.offset`. Equal to the start on a
    /// finding made without a node.
    public var end: SourcePoint

    public init(
        ruleID: String, file: String = "", line: Int = 0, column: Int = 0, offset: Int = 0,
        message: String, action: FindingAction, safety: SafetyLabel? = nil,
        reason: String? = nil, reasonID: String, edits: [ByteEdit] = []
    ) {
        self.ruleID = ruleID
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
        self.action = action
        self.safety = safety
        self.reason = reason
        self.reasonID = reasonID
        self.edits = edits
        self.end = SourcePoint(line: line, column: column, offset: offset)
    }

    /// Where the finding starts: `line`, `column` and `offset` together.
    public var start: SourcePoint { SourcePoint(line: line, column: column, offset: offset) }
}

extension Finding {
    /// This finding with its edits dropped, as the run's `decline` says: a rewrite the run
    /// declines or cannot apply. `detail` is the failed check of an internal error.
    func withoutFix(_ decline: RunDecline, detail: String = "") -> Finding {
        var finding = self
        finding.action = decline.action
        finding.edits = []
        finding.reason = decline.reason(detail: detail)
        finding.reasonID = decline.catalogEntry.id(in: ruleID)
        return finding
    }
}
