/// The outcome of migrating one file's text: its findings and the rewritten bytes.
public struct FileMigration: Sendable {
    /// The path reported in findings.
    public var file: String
    /// The bytes read.
    public var original: [UInt8]
    /// The bytes after every accepted rewrite (equal to `original` when nothing changed).
    public var migrated: [UInt8]
    /// What the rules found, in original-file coordinates, sorted by position.
    public var findings: [Finding]
    /// True when the input had syntax errors: it was scanned, never rewritten.
    public var hasSyntaxErrors: Bool
    /// Set when a rewrite failed the engine's checks (re-parse, fixpoint); the file is then unchanged.
    public var internalError: String?
    /// `// swiftui-migrate:` comments naming an unknown rule or directive (they silence nothing for it).
    public var suppressionProblems: [SuppressionProblem] = []
    /// Set to the budget (`Configuration.fileTimeout`) when the migration took longer and was
    /// stopped: the file is then unchanged and has no findings.
    public var timedOut: Duration?
    /// Set when the text nests deeper than the parser can take (`NestingDepth`): it was not parsed,
    /// and is unchanged with no findings.
    public var tooDeep: NestingExcess?

    /// True when the migration rewrote something.
    public var changed: Bool { original != migrated }

    /// The number of findings with `action`.
    public func count(_ action: FindingAction) -> Int {
        findings.reduce(0) { $0 + ($1.action == action ? 1 : 0) }
    }
}
