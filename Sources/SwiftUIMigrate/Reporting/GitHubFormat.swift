/// Findings as GitHub Actions workflow commands, which GitHub shows as annotations on the
/// pull request's files:
///
/// ```
/// ::warning file=App/ContentView.swift,line=7,col=9,title=swiftui-migrate%3A group-lifecycle::replace …
/// ```
///
/// Findings that ask for action (rewrite, report) are `warning`s; kept and skipped ones are
/// `notice`s. Columns count Unicode code points. Values are escaped as GitHub's toolkit does:
/// `%`, CR and LF in the message; also `:` and `,` in the properties.
public struct GitHubFormat: FindingsFormat {
    /// The format.
    public init() {}

    public var streams: Bool { true }
    public var namesFilesFromRoot: Bool { true }

    public func render(_ files: [FileMigration], _ context: ReportContext) -> String {
        files.flatMap { file in file.findings.map { Self.line(for: $0, original: file.original) + "\n" } }.joined()
    }

    /// One workflow command for `finding` (whose file's bytes are `original`), without a line break.
    public static func line(for finding: Finding, original: [UInt8]) -> String {
        let command = finding.action.asksForAction ? "warning" : "notice"
        let properties = [
            "file=" + escapeProperty(finding.file),
            "line=\(finding.line)",
            "col=\(CharacterColumn.column(of: finding.offset, in: original))",
            "title=" + escapeProperty("swiftui-migrate: \(finding.ruleID)"),
        ]
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(SARIFFormat.messageText(finding)))"
    }

    /// A command's message: `%`, CR and LF percent-encoded.
    public static func escapeData(_ text: String) -> String {
        escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A command's property value: as a message, and also `:` and `,`.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    /// Replaces scalar by scalar (CR LF is one `Character` but two scalars, each escaped).
    private static func escape(_ text: String, _ table: [Unicode.Scalar: String]) -> String {
        text.unicodeScalars.map { table[$0] ?? String($0) }.joined()
    }
}
