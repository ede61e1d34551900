import SwiftSyntax

/// Where a fact a finding states was seen: a line of the finding's own file, or of another file of
/// its module (a method in `Panel+Work.swift`), so that a reviewer can check it in one step.
public struct SourcePlace: Hashable, Sendable {
    /// The other file's name (its last path component); nil for the finding's own file.
    public var file: String?
    /// The 1-based line.
    public var line: Int

    public init(file: String? = nil, line: Int) {
        self.file = file
        self.line = line
    }

    /// A line of the module's file at `path`, named by its last component.
    init(inModuleFile path: String, line: Int) {
        self.init(file: path.split(separator: "/").last.map(String.init) ?? path, line: line)
    }

    /// "on line 12", or "in Panel+Work.swift:12" for another file: how a reason names the place.
    public var phrase: String {
        file.map { "in \($0):\(line)" } ?? "on line \(line)"
    }
}

extension RuleContext {
    /// Where `node` stands: a line of this file, or of the module's file whose tree holds it.
    func place(of node: some SyntaxProtocol) -> SourcePlace {
        if node.root.id == tree.id { return SourcePlace(line: line(of: node)) }
        guard let (path, line) = module?.place(of: node) else { return SourcePlace(line: line(of: node)) }
        return SourcePlace(inModuleFile: path, line: line)
    }

    /// True when `node` is a node of this file's tree (not of another file of the module).
    func holds(_ node: some SyntaxProtocol) -> Bool {
        node.root.id == tree.id
    }
}
