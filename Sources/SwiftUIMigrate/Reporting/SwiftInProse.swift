/// Finds the Swift inside a sentence the rules wrote, so Markdown can show it as code: the reasons name
/// properties, calls and types (`isLoading`, `load()`, `.task(id:)`, `Task.detached`, `Array<Int>`, `@State`)
/// among plain words.
///
/// A run counts as Swift when it is an identifier with a call, generic or subscript suffix (`load()`,
/// `Array<Int>`), a dotted member path (`item.id`, `.task`), an attribute or negation (`@State`, `!isLoading`),
/// or a camel-case identifier (`pageID`, `ZStack`); plain words, platform and product names (`iOS`, `SwiftUI`)
/// and abbreviations (`e.g.`) stay prose.
enum SwiftInProse {
    /// A piece of a sentence.
    enum Part: Equatable {
        case text(String)
        case code(String)
    }

    /// `sentence` split into prose and Swift, in order; text already in backticks stays code.
    static func parts(of sentence: String) -> [Part] {
        let characters = Array(sentence)
        var parts: [Part] = []
        var prose = ""
        var index = 0
        func flush() {
            if !prose.isEmpty { parts.append(.text(prose)) }
            prose = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character == "`", let close = characters[(index + 1)...].firstIndex(of: "`"), close > index + 1 {
                flush()
                parts.append(.code(String(characters[(index + 1)..<close])))
                index = close + 1
                continue
            }
            let startsWord = index == 0 || !isIdentifier(characters[index - 1])
            if startsWord, let end = codeEnd(characters, from: index) {
                flush()
                parts.append(.code(String(characters[index..<end])))
                index = end
                continue
            }
            prose.append(character)
            index += 1
        }
        flush()
        return parts
    }

    /// Camel-case words that are names of platforms and products, not Swift.
    private static let platformNames: Set<String> = [
        "iOS", "iPadOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst", "SwiftUI", "SwiftSyntax", "SwiftPM",
        "SwiftLint", "GitHub", "UIKit", "AppKit", "WatchKit",
    ]

    /// Where the Swift run starting at `start` ends; nil when none starts there.
    private static func codeEnd(_ characters: [Character], from start: Int) -> Int? {
        var index = start
        var marked = false
        if index < characters.count, "@.!#$".contains(characters[index]) {
            marked = true
            index += 1
        }
        guard let firstEnd = identifierEnd(characters, from: index) else { return nil }
        var segments = [String(characters[index..<firstEnd])]
        index = firstEnd
        var suffixed = false
        while index < characters.count {
            let character = characters[index]
            if character == ".", let end = identifierEnd(characters, from: index + 1) {
                segments.append(String(characters[(index + 1)..<end]))
                index = end
            } else if let close = ["(": ")", "<": ">", "[": "]"][character],
                      let end = balancedEnd(characters, from: index, open: character, close: Character(close)) {
                suffixed = true
                index = end
            } else if character == "?" || character == "!", index + 1 < characters.count, characters[index + 1] == "." {
                index += 1
            } else {
                break
            }
        }
        if suffixed || marked { return index }
        if segments.count > 1 { return segments.allSatisfy({ $0.count == 1 }) ? nil : index }
        let word = segments[0]
        return isCamelCase(word) && !platformNames.contains(word) ? index : nil
    }

    /// True for `pageID`, `isLoading`, `ZStack`: a capital after the first character, with a lowercase letter
    /// somewhere (so `ID`, `URL` and `OK` stay words).
    private static func isCamelCase(_ word: String) -> Bool {
        word.dropFirst().contains(where: \.isUppercase) && word.contains(where: \.isLowercase)
            || word.contains("_") && word.count > 1 && word != "_"
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private static func identifierEnd(_ characters: [Character], from start: Int) -> Int? {
        guard start < characters.count, characters[start].isLetter || characters[start] == "_" else { return nil }
        return characters[(start + 1)...].firstIndex { !isIdentifier($0) } ?? characters.count
    }

    /// The index after the `close` that balances the `open` at `start`, on the same sentence; nil when unbalanced.
    private static func balancedEnd(_ characters: [Character], from start: Int, open: Character, close: Character) -> Int? {
        var depth = 0
        for index in start..<characters.count {
            if characters[index] == open { depth += 1 }
            if characters[index] == close {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
        }
        return nil
    }
}
