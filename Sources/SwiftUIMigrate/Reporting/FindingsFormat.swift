/// A way of writing a run's findings, one for each `scan --format`. Each says itself whether a run may print a
/// file's part as soon as that file is done (SwiftLint's `isRealtime`), so a command picks a format and never
/// asks which one it is.
public protocol FindingsFormat: Sendable {
    /// True when the output is each file's part in turn, so a run prints each file as it is done; false when
    /// the output is one document that needs every file first.
    var streams: Bool { get }
    /// True for the formats other tools read (code scanning, GitHub, a pull request), which name files from the
    /// repository's root rather than from the current folder.
    var namesFilesFromRoot: Bool { get }
    /// True for the formats that list every finding, kept ones too, and no count of the kept ones (JSON, for tools).
    var listsEveryFinding: Bool { get }
    /// The findings of `files` in this format, ready for stdout.
    func render(_ files: [FileMigration], _ context: ReportContext) -> String
}

extension FindingsFormat {
    public var streams: Bool { false }
    public var namesFilesFromRoot: Bool { false }
    public var listsEveryFinding: Bool { false }
}

/// What a format may need besides the findings.
public struct ReportContext {
    /// The tool's version, named by SARIF and the Markdown summary.
    public var toolVersion: String
    /// The folder SARIF's relative URIs are resolved against (`%SRCROOT%`).
    public var sourceRoot: String?
    /// The unified hunk of a finding's own edits in its file (JSON's `hunk`); the diff is made outside the library.
    public var hunk: @Sendable (Finding, FileMigration) -> String?

    /// A context; without `hunk`, findings have none.
    public init(toolVersion: String, sourceRoot: String? = nil, hunk: @escaping @Sendable (Finding, FileMigration) -> String? = { _, _ in nil }) {
        self.toolVersion = toolVersion
        self.sourceRoot = sourceRoot
        self.hunk = hunk
    }
}

/// The names `scan --format` takes, each with its format.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// `file:line:col: warning: message [rule]`, one line per finding (the default).
    case xcode
    /// An array of `FindingRecord`s, each with its edits and unified hunk.
    case json
    /// A SARIF 2.1.0 log.
    case sarif
    /// GitHub Actions workflow commands (annotations).
    case github
    /// The per-file summary as Markdown.
    case markdown

    /// The format this name stands for.
    public var format: any FindingsFormat {
        switch self {
        case .xcode: XcodeFormat()
        case .json: JSONFormat()
        case .sarif: SARIFFormat()
        case .github: GitHubFormat()
        case .markdown: MarkdownSummary()
        }
    }
}
