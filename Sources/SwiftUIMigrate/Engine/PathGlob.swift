/// A path pattern of the configuration's `include`/`exclude`: `*` matches within one
/// path component, `**` across components, `?` one character. A pattern without a
/// slash matches a file name in any folder, as in `.gitignore`.
public struct PathGlob: Sendable, Hashable {
    private let pattern: [Character]
    private let anchored: Bool

    public init(_ pattern: String) {
        var text = pattern
        while text.hasPrefix("./") { text.removeFirst(2) }
        if text.hasPrefix("/") { text.removeFirst() }
        if text.hasSuffix("/") { text += "**" }
        anchored = text.contains("/")
        self.pattern = Array(text)
    }

    /// True when the '/'-separated relative `path` matches.
    public func matches(_ path: String) -> Bool {
        let characters = Array(path)
        if anchored { return Self.match(pattern[...], characters[...]) }
        let name = path.split(separator: "/").last.map(Array.init) ?? characters
        return Self.match(pattern[...], name[...])
    }

    private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            let isDouble = pattern.dropFirst().first == "*"
            if isDouble {
                var rest = pattern.dropFirst(2)
                if rest.first == "/" { rest = rest.dropFirst() }
                // `**` matches zero or more whole components.
                if match(rest, text) { return true }
                var index = text.startIndex
                while index < text.endIndex {
                    if text[index] == "/" && match(rest, text[(index + 1)...]) { return true }
                    index += 1
                }
                return false
            }
            let rest = pattern.dropFirst()
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                if index == text.endIndex || text[index] == "/" { return false }
                index += 1
            }
        }
        guard let character = text.first else { return false }
        if first == "?" ? character != "/" : first == character {
            return match(pattern.dropFirst(), text.dropFirst())
        }
        return false
    }
}
