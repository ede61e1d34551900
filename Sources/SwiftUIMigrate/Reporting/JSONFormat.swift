/// Findings as the pretty, key-sorted JSON array of `FindingRecord`s docs/formats.md documents, each with the
/// unified hunk of its own edits. It lists every finding, kept ones too: the tools that read it filter.
public struct JSONFormat: FindingsFormat {
    /// The format.
    public init() {}

    public var listsEveryFinding: Bool { true }

    public func render(_ files: [FileMigration], _ context: ReportContext) -> String {
        Self.text(Self.records(files, hunk: context.hunk))
    }

    /// One record per finding of `files`, each with the hunk `hunk` makes of its own edits.
    public static func records(_ files: [FileMigration], hunk: (Finding, FileMigration) -> String?) -> [FindingRecord] {
        files.flatMap { file in file.findings.map { FindingRecord($0, hunk: hunk($0, file)) } }
    }

    /// `records` as JSON text ending with a line break.
    public static func text(_ records: [FindingRecord]) -> String {
        // Strings and integers only: encoding cannot fail.
        (try? JSONText.encode(records)) ?? "[]\n"
    }
}
