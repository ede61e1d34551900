import Foundation

/// Makes new Swift-like inputs from a corpus of real ones by small, seeded mutations.
///
/// Each mutation is the kind of damage or variation real code shows — lines deleted, duplicated,
/// moved or spliced in from another file, SwiftUI tokens inserted, code wrapped in `Group`/`if`/`#if`,
/// line endings and indentation changed, the text cut short — so inputs stay close enough to Swift
/// to reach deep into the rules. Output is always valid UTF-8 (the CLI never feeds anything else).
public struct SourceMutator: Sendable {
    /// The files mutations start from and splice from.
    public let corpus: [[UInt8]]

    public init(corpus: [[UInt8]]) {
        precondition(!corpus.isEmpty, "the fuzz corpus is empty")
        self.corpus = corpus
    }

    /// Tokens inserted or swapped in: what the rules look for, and what breaks parsers.
    public static let dictionary: [String] = [
        "Group", "Group {", "Group {\n", ".onAppear {", ".onAppear(perform: load)", ".onDisappear {", ".task {",
        ".task(id: id) {", "Task {", "Task { @MainActor in", "Task.detached {", "await load()",
        "@State private var didLoad = false", "@State var loaded = false", "guard !didLoad else { return }",
        "didLoad = true", "if isLoading {", "} else {", "else if flag {", "switch state {", "case .a:", "default:",
        "ForEach(items) { item in", "#if DEBUG\n", "#else\n", "#endif\n", "#if os(iOS)\n",
        "// swiftui-migrate:disable-next-line group-lifecycle\n", "// swiftui-migrate:disable-file\n",
        "/* comment */", "// note\n", "\"string\"", "\"\"\"\n  text\n  \"\"\"", "{", "}", "(", ")", "[", "]", ",",
        ".", ":", ";", "\n", "\r\n", "\r", "\t", "    ", "é", "👩‍👩‍👧", "\u{FEFF}", "\u{0}", "return", "var body: some View {",
        "some View", "@ViewBuilder", "struct V: View {", "let", "var", "func f() {", "EmptyView()", "Text(\"x\")",
        "ProgressView()", "ZStack {", "VStack {", ".id(item.id)", ".animation(.default, value: x)", "\\.self",
        "$x", "#available(iOS 17, *)", "self.", "{ _ in", "{ [weak self] in", "async", "try await", "@MainActor",
    ]

    /// One to four mutations of a corpus file chosen by `generator`.
    public func mutant(using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = corpus.randomElement(using: &generator)!
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            bytes = mutate(bytes, using: &generator)
        }
        return Self.validUTF8(bytes)
    }

    /// One mutation of `bytes`.
    public func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var lines = Self.lines(bytes)
        func position(_ upper: Int) -> Int { Int.random(in: 0...max(upper, 0), using: &generator) }
        switch Int.random(in: 0..<13, using: &generator) {
        case 0 where !lines.isEmpty:  // delete lines
            let start = position(lines.count - 1)
            lines.removeSubrange(start..<min(lines.count, start + Int.random(in: 1...3, using: &generator)))
        case 1 where !lines.isEmpty:  // duplicate lines
            let start = position(lines.count - 1)
            let copy = lines[start..<min(lines.count, start + Int.random(in: 1...4, using: &generator))]
            lines.insert(contentsOf: copy, at: position(lines.count))
        case 2 where lines.count > 1:  // swap two lines
            lines.swapAt(position(lines.count - 1), position(lines.count - 1))
        case 3:  // splice lines from another file
            let donor = Self.lines(corpus.randomElement(using: &generator)!)
            guard !donor.isEmpty else { break }
            let start = position(donor.count - 1)
            let piece = donor[start..<min(donor.count, start + Int.random(in: 1...6, using: &generator))]
            lines.insert(contentsOf: piece, at: position(lines.count))
        case 4:  // insert a token anywhere
            var result = bytes
            result.insert(contentsOf: Array(Self.dictionary.randomElement(using: &generator)!.utf8), at: position(bytes.count))
            return result
        case 5:  // replace a word with a token
            let words = Self.wordRanges(bytes)
            guard let word = words.randomElement(using: &generator) else { break }
            var result = bytes
            result.replaceSubrange(word, with: Array(Self.dictionary.randomElement(using: &generator)!.utf8))
            return result
        case 6 where !bytes.isEmpty:  // delete a few bytes
            let start = position(bytes.count - 1)
            var result = bytes
            result.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...8, using: &generator)))
            return result
        case 7 where !lines.isEmpty:  // wrap lines in a block
            let start = position(lines.count - 1)
            let end = min(lines.count, start + Int.random(in: 1...8, using: &generator))
            let wrappers: [(String, String)] = [
                ("Group {\n", "}\n"), ("if flag {\n", "}\n"), ("#if DEBUG\n", "#endif\n"), ("VStack {\n", "}\n"),
                ("Group {\n", "}\n.onAppear { Task { await load() } }\n"), ("switch x {\ncase .a:\n", "}\n"),
            ]
            let (open, close) = wrappers.randomElement(using: &generator)!
            lines.insert(Array(close.utf8), at: end)
            lines.insert(Array(open.utf8), at: start)
        case 8:  // line endings
            let crlf = Bool.random(using: &generator)
            let every = Int.random(in: 1...3, using: &generator)
            for index in lines.indices where index % every == 0 {
                var line = lines[index]
                if line.last == 10 { line.removeLast(); if line.last == 13 { line.removeLast() } } else { continue }
                line += crlf ? [13, 10] : [10]
                lines[index] = line
            }
        case 9:  // indentation: spaces <-> tabs
            let toTabs = Bool.random(using: &generator)
            lines = lines.map { line in
                let text = String(decoding: line, as: UTF8.self)
                let indent = text.prefix { $0 == " " || $0 == "\t" }
                let body = text.dropFirst(indent.count)
                let replaced = toTabs
                    ? indent.replacingOccurrences(of: "    ", with: "\t")
                    : indent.replacingOccurrences(of: "\t", with: "  ")
                return Array((replaced + body).utf8)
            }
        case 10 where !lines.isEmpty:  // add a lifecycle modifier after a line
            let modifiers = [
                ".onAppear {\n    Task { await load() }\n}\n", ".onAppear { print(1) }\n", ".task { await load() }\n",
                ".onDisappear { stop() }\n", ".onAppear {\n    guard !didLoad else { return }\n    didLoad = true\n}\n",
            ]
            lines.insert(Array(modifiers.randomElement(using: &generator)!.utf8), at: position(lines.count))
        case 11:  // cut short
            return Array(bytes.prefix(position(bytes.count)))
        default:  // splice a whole other file in the middle
            let donor = corpus.randomElement(using: &generator)!
            var result = bytes
            result.insert(contentsOf: donor, at: position(bytes.count))
            return result
        }
        return lines.flatMap { $0 }
    }

    /// The lines of `bytes`, each with its line ending.
    public static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in bytes {
            current.append(byte)
            if byte == 10 {
                result.append(current)
                current = []
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Ranges of identifier-like runs of ASCII letters, digits and `_`.
    static func wordRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            let isWord = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 95
            if isWord, start == nil { start = index }
            if !isWord, let begin = start {
                ranges.append(begin..<index)
                start = nil
            }
        }
        if let start { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// `bytes` with any invalid UTF-8 replaced by U+FFFD.
    static func validUTF8(_ bytes: [UInt8]) -> [UInt8] {
        if String(validating: bytes, as: UTF8.self) != nil { return bytes }
        return Array(String(decoding: bytes, as: UTF8.self).utf8)
    }
}
