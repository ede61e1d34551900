import SwiftSyntax

/// Everything a rule may read about one file: its tree, text, style and options.
public struct RuleContext {
    /// The parsed file.
    public let tree: SourceFileSyntax
    /// The file's UTF-8 bytes, which the tree was parsed from.
    public let bytes: [UInt8]
    /// The path reported in findings.
    public let file: String
    /// The run's configuration.
    public let configuration: Configuration
    /// The file's deployment floor: ask it `shortfall(of: .task, at: node)` before a fix introduces a floored API.
    public let floor: DeploymentFloor
    /// When the file's time budget is spent; `sites` ends there.
    public let deadline: FileDeadline
    /// The declarations of the file's module, other files included; nil when only the file is seen.
    public let module: ModuleIndex?
    /// What is worked out about the file on first use and then shared by every rule of the pass.
    private let shared: SharedFileFacts

    public init(
        tree: SourceFileSyntax, bytes: [UInt8], file: String, configuration: Configuration,
        floor: DeploymentFloor = .unknown, deadline: FileDeadline = .none, module: ModuleIndex? = nil
    ) {
        self.init(tree: tree, bytes: bytes, file: file, configuration: configuration, floor: floor, deadline: deadline,
                  module: module, recall: nil)
    }

    /// A pass's context that `recall` (the items an earlier check found as they are) narrows: the rules
    /// see only the function calls of its unchecked items, and its line table and style are shared.
    init(
        tree: SourceFileSyntax, bytes: [UInt8], file: String, configuration: Configuration,
        floor: DeploymentFloor, deadline: FileDeadline, module: ModuleIndex?, recall: RememberingCheck.Recall?
    ) {
        self.module = module
        self.tree = tree
        self.bytes = bytes
        self.file = file
        self.configuration = configuration
        self.floor = floor
        self.deadline = deadline
        self.shared = SharedFileFacts(tree: tree, bytes: bytes, recall: recall)
    }

    /// `sites` as a rule should walk them: they end early once the file's time is up, so the
    /// engine can stop a file between two sites (and then drops what the rule found).
    public func sites<Sites: Sequence>(_ sites: Sites) -> SiteSequence<Sites> {
        SiteSequence(sites, deadline: deadline)
    }

    /// Indentation unit and line ending of the file (inferred on first use).
    public var style: SourceStyle { shared.style }

    /// The function calls of the file whose called name is one of `names` (`.onAppear { }`, `Group { }`,
    /// `model.load()`), in source order, outer calls first; all rules of a pass share each list. Only
    /// those of the unchecked top-level items when the context was made with a recall (the others'
    /// findings are known from an earlier check), so every site a rule finds is in them.
    public func calls(named names: [String]) -> [FunctionCallExprSyntax] { shared.calls(named: names) }

    /// A fact about the whole file that an analysis works out once per pass and every site then
    /// reads (all loading pairs, say), named by a type of the analysis: without it, asking per
    /// site would redo the whole file for each site. `compute` must depend on the file alone.
    func memoized<Value>(_ key: Any.Type, _ compute: () -> Value) -> Value {
        shared.memoized(key, compute)
    }

    /// The finding for a decision, in the rule's `words`, at the first non-trivia byte of `node`
    /// (its range is `node` without its trivia): its headline, reason, action and reason id come
    /// from the words.
    public func finding(
        _ ruleID: String, at node: some SyntaxProtocol, _ words: FindingWords,
        safety: SafetyLabel? = nil, edits: [ByteEdit] = []
    ) -> Finding {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let location = shared.lines.location(of: offset)
        var finding = Finding(
            ruleID: ruleID, file: file, line: location.line, column: location.column, offset: offset,
            message: words.headline, action: words.entry.action, safety: safety, reason: words.reason,
            reasonID: words.entry.id(in: ruleID), edits: edits)
        finding.end = shared.lines.point(at: max(offset, node.endPositionBeforeTrailingTrivia.utf8Offset))
        return finding
    }

    /// The 1-based line of the first non-trivia byte of `node`, as a reason names it.
    public func line(of node: some SyntaxProtocol) -> Int {
        shared.lines.location(of: node.positionAfterSkippingLeadingTrivia.utf8Offset).line
    }

    /// The file's text from byte `start` up to `end`.
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The whitespace that starts the line holding byte `offset`.
    public func lineIndentation(at offset: Int) -> String {
        let start = lineStart(at: offset)
        var end = start
        while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
        return text(start..<end)
    }

    /// The indentation of the line on which `node`'s first token stands.
    public func lineIndentation(of node: some SyntaxProtocol) -> String {
        lineIndentation(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// The byte offset at which the line holding `offset` starts.
    public func lineStart(at offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The byte offset just after the line break that ends the line holding `offset` (the file's end on its last line).
    public func nextLineStart(after offset: Int) -> Int {
        var cursor = offset
        while cursor < bytes.count && bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
        return min(cursor + 1, bytes.count)
    }

    /// An edit replacing `node` (without its trivia) with `replacement`.
    public func replace(_ node: some SyntaxProtocol, with replacement: String) -> ByteEdit {
        ByteEdit(
            range: node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset,
            replacement: replacement)
    }

    /// `text` with every line after the first moved from `oldIndent` to `newIndent`
    /// (lines that do not start with `oldIndent` are left as they are).
    public func reindent(_ text: String, from oldIndent: String, to newIndent: String) -> String {
        guard oldIndent != newIndent else { return text }
        // Split on scalars: in a String, "\r\n" is one Character and would not split on "\n".
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        for index in lines.indices.dropFirst() {
            let line = lines[index]
            if line.trimmingWhitespace().isEmpty { continue }
            if line.hasPrefix(oldIndent) {
                lines[index] = newIndent + line.dropFirst(oldIndent.count)
            }
        }
        return lines.joined(separator: "\n")
    }
}
