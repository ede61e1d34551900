import PlainText

/// A `// swiftui-migrate:` comment that silences less than it says: it names a rule no rule has,
/// or its directive is not one the tool knows, so the finding it was written for still shows.
public struct SuppressionProblem: Sendable, Equatable {
    /// What is wrong with the comment.
    public enum Kind: Sendable, Equatable {
        /// A rule id no rule has: `disable-next-line group-lifecyle`.
        case unknownRule(String)
        /// A directive the tool does not know: `disabel`, `disable-next`.
        case unknownDirective(String)
    }

    /// The 1-based line of the comment.
    public var line: Int
    public var kind: Kind
    /// The closest known name, when one is close.
    public var suggestion: String?

    /// The warning, without the file and line: "the comment names no rule 'group-lifecyle'; did you mean
    /// 'group-lifecycle'? (it silences nothing for it)".
    public var message: String {
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        switch kind {
        case .unknownRule(let id):
            return "the swiftui-migrate comment names no rule '\(id)'\(hint) (it silences nothing for it)"
        case .unknownDirective(let word):
            return "unknown swiftui-migrate directive '\(word)'\(hint) (the comment silences nothing)"
        }
    }

    /// A problem of `kind`, with the closest of `known` to its name.
    init(line: Int, kind: Kind, known: [String]) {
        self.line = line
        self.kind = kind
        switch kind {
        case .unknownRule(let name), .unknownDirective(let name):
            suggestion = ClosestName.to(name, among: known)
        }
    }
}
