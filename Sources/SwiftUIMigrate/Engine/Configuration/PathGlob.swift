/// A path pattern of the configuration's `include`/`exclude`, read as `.gitignore` reads one
/// (and as SwiftLint's `excluded` paths behave):
///
/// - `*` matches within one path component, `?` one character of it, `[abc]`, `[a-z]` and
///   `[!a]` one character from (or not from) a set; `\` takes the next character literally.
/// - `**` as a whole component matches across components: `**/x` is `x` in any folder,
///   `dir/**` everything under `dir`, `a/**/b` `b` any number of folders below `a`
///   (none included). Elsewhere (`a**b`) it is a plain `*`.
/// - A pattern that names a folder covers everything in it: `Sources/Generated` matches
///   `Sources/Generated/Model.swift`. A trailing `/` matches folders only.
/// - A pattern with a `/` at its start or in its middle is relative to the configuration's
///   folder; one without (`*.generated.swift`, `Generated/`) matches at any depth.
///
/// Paths are matched case-sensitively, as git does on Linux.
public struct PathGlob: Sendable, Hashable {
    /// The pattern as written in the configuration.
    public let pattern: String
    private let components: [String]
    /// True for a trailing `/`: only folders match, so the last path component (the file) never does.
    private let foldersOnly: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        foldersOnly = text.hasSuffix("/")
        while text.hasSuffix("/") { text = text.dropLast() }
        let anchored = text.hasPrefix("/") || text.contains("/")
        var parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if !anchored && !parts.isEmpty { parts.insert("**", at: 0) }
        components = parts
    }

    /// True when the '/'-separated relative `path` of a file matches: the path itself, or one of
    /// the folders it is in.
    public func matches(_ path: String) -> Bool {
        guard !components.isEmpty else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let lengths = foldersOnly ? 1..<parts.count : 1..<(parts.count + 1)
        return lengths.contains { Self.match(components[...], parts[..<$0]) }
    }

    /// True when the pattern components match exactly the path components.
    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            // A trailing `**` is what is inside the folder: one component or more.
            if rest.isEmpty { return !path.isEmpty }
            return (0...path.count).contains { match(rest, path.dropFirst($0)) }
        }
        guard let component = path.first, ComponentPattern.match(Array(first)[...], Array(component)[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}

/// One path component of a glob: `*`, `?`, `[…]` and `\` escapes, never crossing a `/`.
private enum ComponentPattern {
    static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*":
            let rest = pattern.drop { $0 == "*" }
            return (0...text.count).contains { match(rest, text.dropFirst($0)) }
        case "?":
            guard !text.isEmpty else { return false }
            return match(pattern.dropFirst(), text.dropFirst())
        case "[":
            guard let character = text.first else { return false }
            guard let (isMember, rest) = bracket(pattern.dropFirst(), character) else {
                // An unclosed `[` is a literal character.
                return character == "[" && match(pattern.dropFirst(), text.dropFirst())
            }
            return isMember && match(rest, text.dropFirst())
        case "\\" where pattern.count > 1:
            let literal = pattern[pattern.index(after: pattern.startIndex)]
            guard text.first == literal else { return false }
            return match(pattern.dropFirst(2), text.dropFirst())
        default:
            guard text.first == first else { return false }
            return match(pattern.dropFirst(), text.dropFirst())
        }
    }

    /// Whether `character` is in the set that starts after a `[`, and the pattern after its `]`;
    /// nil when the set is not closed.
    private static func bracket(_ pattern: ArraySlice<Character>, _ character: Character) -> (Bool, ArraySlice<Character>)? {
        var rest = pattern
        let negated = rest.first == "!" || rest.first == "^"
        if negated { rest = rest.dropFirst() }
        var found = false
        var isFirst = true
        while let next = rest.first {
            if next == "]" && !isFirst { return (found != negated, rest.dropFirst()) }
            isFirst = false
            var low = next
            rest = rest.dropFirst()
            if low == "\\", let escaped = rest.first {
                low = escaped
                rest = rest.dropFirst()
            }
            if rest.first == "-", rest.count > 1, rest[rest.index(after: rest.startIndex)] != "]" {
                let high = rest[rest.index(after: rest.startIndex)]
                rest = rest.dropFirst(2)
                if low <= character && character <= high { found = true }
            } else if low == character {
                found = true
            }
        }
        return nil
    }
}
