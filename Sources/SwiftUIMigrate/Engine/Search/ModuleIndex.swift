import SwiftParser
import SwiftSyntax
import Synchronization

/// The declarations of the module that holds the file being migrated — its other files included —
/// for the analyses that follow a call or a type out of the file: a view model's method, the
/// class behind a `@StateObject`, an app's own view modifier.
///
/// The engine does no I/O: whoever runs it (the command line, the language server) gives it an
/// index whose `read` reads the module's files. Without one, only the file is seen.
///
/// The index is built lazily: nothing is read until a decision asks;
/// then the files are read once, the ones holding the name asked for are found by a byte search,
/// and only those are parsed. Files, trees and answers are kept until `forget` (a run calls it once
/// it is past the module's last file; the language server keeps a document's while it is open),
/// and may be asked from any thread.
public final class ModuleIndex: Sendable {
    /// What the index has read so far, touched only under the lock.
    private final class State {
        var files: [(path: String, bytes: [UInt8])]?
        /// Where each path is in `files`.
        var positions: [String: Int] = [:]
        var trees: [String: SourceFileSyntax] = [:]
        /// Whether each file measured is shallow enough to parse (`NestingDepth`).
        var parsable: [String: Bool] = [:]
        var declarations: [String: [(type: String, members: MemberBlockItemListSyntax)]] = [:]
        var memberBlocks: [String: [(path: String, members: MemberBlockItemListSyntax)]] = [:]
        var converters: [String: SourceLocationConverter] = [:]
        var modifiers: [String: [FunctionDeclSyntax]] = [:]
        var filesHolding: [[String]: [String]] = [:]
        var constructions: [String: [(path: String, call: FunctionCallExprSyntax)]] = [:]
        /// The answers of `candidates(declaring:after:)`, by the name and keywords asked.
        var candidates: [[String]: [String]] = [:]
        /// The names the files write after `extension`, listed on the first lookup of a type's extensions.
        var extendedNames: ExtendedNames?
        /// The trees of `reading(_:for:wholeDeclarations:)`, by path, name and kind, and the declarations in them.
        var readings: [String: (tree: SourceFileSyntax, declarations: [(type: String, members: MemberBlockItemListSyntax)]?)?] = [:]
    }

    private let list: @Sendable () -> [String]
    private let read: @Sendable (String) -> [UInt8]?
    private let state = Mutex(State())

    /// An index of the Swift files `list` names (asked once, on the first lookup), whose bytes
    /// `read` gives (nil for a file that cannot be read, which is left out).
    public init(files list: @escaping @Sendable () -> [String], read: @escaping @Sendable (String) -> [UInt8]?) {
        self.list = list
        self.read = read
    }

    /// How many of the module's files the index holds (their bytes, and the trees of those parsed): 0 until
    /// a decision first asks, and again after `forget`.
    public var heldFileCount: Int {
        state.withLock { $0.files?.count ?? 0 }
    }

    /// Drops every file, tree and answer read so far, so what a module held does not outlive the files
    /// that needed it; a later lookup lists and reads the files again.
    public func forget() {
        state.withLock { $0 = State() }
    }

    /// The member blocks of the classes, structs, actors and enums called `type` in the module and
    /// of the extensions of `type` (`extension Feed.Model` extends `Model`), file by file in a fixed order.
    public func memberBlocks(ofType type: String) -> [MemberBlockItemListSyntax] {
        declarations(ofType: type).map(\.members)
    }

    /// The member blocks of `memberBlocks(ofType:)`, each with the path of the file declaring it.
    public func declarations(ofType type: String) -> [(path: String, members: MemberBlockItemListSyntax)] {
        state.withLock { state in
            if let known = state.memberBlocks[type] { return known }
            let found = candidates(declaring: type, after: Self.typeKeywords, state).flatMap { path in
                declarations(in: path, state).filter { $0.type == type }.map { (path, $0.members) }
            }
            state.memberBlocks[type] = found
            return found
        }
    }

    /// The calls that construct the type `name` in the module's files other than `file` (the file
    /// being migrated, named as the run names it, which is not parsed again: `ViewConstructions`
    /// finds those in its tree) — `ShelfRow(…)`, `ShelfRow { … }` — file by file in path order, with
    /// the file's path; those in previews (`#Preview`, a `PreviewProvider`) left out. Only the files
    /// whose bytes hold `name` followed by `(` or `{` are parsed.
    public func constructions(of name: String, outside file: String) -> [(path: String, call: FunctionCallExprSyntax)] {
        state.withLock { state in
            let key = name + "\u{0}" + file
            if let known = state.constructions[key] { return known }
            var found: [(path: String, call: FunctionCallExprSyntax)] = []
            for entry in loaded(state) where Self.constructs(entry.bytes, name) && !Self.samePath(entry.path, file) {
                guard let tree = reading(entry.path, for: name, wholeDeclarations: false, state)?.tree else { continue }
                found += ViewConstructions.calls(of: name, in: tree, bytes: entry.bytes).map { (entry.path, $0) }
            }
            state.constructions[key] = found
            return found
        }
    }

    /// True when `bytes` hold `name` as a whole word followed (after spaces) by `(` or `{`.
    static func constructs(_ bytes: [UInt8], _ name: String) -> Bool {
        let length = name.utf8.count
        return bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while let found = ByteSearch.firstOffset(of: name, in: buffer, from: start) {
                start = found + 1
                if found > 0, ByteSearch.isIdentifierByte(buffer[found - 1]) { continue }
                var end = found + length
                while end < buffer.count, buffer[end] == UInt8(ascii: " ") { end += 1 }
                if end < buffer.count, buffer[end] == UInt8(ascii: "(") || buffer[end] == UInt8(ascii: "{") { return true }
            }
            return false
        }
    }

    /// `declarations(ofType:)` in the module's files other than `file` (the file being migrated,
    /// named as the run names it), which is not parsed again for them; with `words`, only in the
    /// files whose bytes also hold one of them (`func load`: where a method may be declared), so
    /// that no other is parsed.
    public func declarations(
        ofType type: String, outside file: String, holdingAnyOf words: [String] = []
    ) -> [(path: String, members: MemberBlockItemListSyntax)] {
        state.withLock { state in
            let key = ([type, file] + words).joined(separator: "\u{0}")
            if let known = state.memberBlocks[key] { return known }
            let paths = candidates(declaring: type, after: Self.typeKeywords, state).filter { path in
                guard !Self.samePath(path, file) else { return false }
                guard !words.isEmpty, let bytes = bytes(of: path, state) else { return true }
                return bytes.withUnsafeBufferPointer { buffer in words.contains { ByteSearch.firstOffset(of: $0, in: buffer, from: 0) != nil } }
            }
            let found = paths.flatMap { path in
                declarations(in: path, for: type, state).filter { $0.type == type }.map { (path, $0.members) }
            }
            state.memberBlocks[key] = found
            return found
        }
    }

    /// The member blocks of the extensions of `type` in the module's files other than `file` (named as the run
    /// names it), file by file in path order, with the file's path; with `words`, only in the files whose bytes
    /// also hold one of them (`func load`). Only the files whose bytes extend `type` are read for them
    /// (`ExtendedNames`, one search of each file for all the types asked), and only those are parsed.
    public func extensions(
        ofType type: String, outside file: String, holdingAnyOf words: [String] = []
    ) -> [(path: String, members: MemberBlockItemListSyntax)] {
        guard type.utf8.allSatisfy({ $0 < 0x80 }) else {
            return declarations(ofType: type, outside: file, holdingAnyOf: words).filter { $0.members.parent?.parent?.is(ExtensionDeclSyntax.self) ?? false }
        }
        return state.withLock { state in
            let key = (["\u{1}extensions", type, file] + words).joined(separator: "\u{0}")
            if let known = state.memberBlocks[key] { return known }
            let files = loaded(state)
            if state.extendedNames == nil { state.extendedNames = ExtendedNames(files.map(\.bytes)) }
            let paths = state.extendedNames!.files(extending: type).map { files[$0].path }.filter { path in
                guard !Self.samePath(path, file) else { return false }
                guard !words.isEmpty, let bytes = bytes(of: path, state) else { return true }
                return bytes.withUnsafeBufferPointer { buffer in words.contains { ByteSearch.firstOffset(of: $0, in: buffer, from: 0) != nil } }
            }
            let found = paths.flatMap { path in
                declarations(in: path, for: type, state).filter { $0.type == type && $0.members.parent?.parent?.is(ExtensionDeclSyntax.self) == true }
                    .map { (path, $0.members) }
            }
            state.memberBlocks[key] = found
            return found
        }
    }

    /// The file and 1-based line of `node`, a node of a tree this index parsed; nil for any other node.
    public func place(of node: some SyntaxProtocol) -> (path: String, line: Int)? {
        let root = node.root.id
        return state.withLock { state in
            guard let (path, tree) = state.trees.first(where: { $0.value.id == root })
                ?? state.readings.lazy.compactMap({ key, reading in reading.flatMap { $0.tree.id == root ? (Self.path(ofReading: key), $0.tree) : nil } }).first
            else { return nil }
            let converter = state.converters[path] ?? SourceLocationConverter(fileName: path, tree: tree)
            state.converters[path] = converter
            return (path, converter.location(for: node.positionAfterSkippingLeadingTrivia).line)
        }
    }

    /// The functions called `name` declared in an extension of `View` in the module (an app's own
    /// modifiers, `.onFirstAppear { }`), and the `body(content:)` of its `ViewModifier` types called `name`.
    public func viewModifiers(named name: String) -> [FunctionDeclSyntax] {
        state.withLock { state in
            if let known = state.modifiers[name] { return known }
            var found: [FunctionDeclSyntax] = []
            // Only a file extending View or declaring a ViewModifier can hold one: the others are not parsed.
            let holders = candidates(declaring: name, after: ["func", "struct"], state).filter { path in
                bytes(of: path, state).map { bytes in
                    bytes.withUnsafeBufferPointer { buffer in
                        Self.modifierHolderWords.contains { ByteSearch.firstOffset(of: $0, in: buffer, from: 0) != nil }
                    }
                } ?? false
            }
            for path in holders {
                for declaration in declarations(in: path, state) {
                    let functions = declaration.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
                    if declaration.type == "View" {
                        found += functions.filter { $0.name.text == name }
                    } else if declaration.type == name, Self.isViewModifier(declaration.members) {
                        found += functions.filter { $0.name.text == "body" }
                    }
                }
            }
            state.modifiers[name] = found
            return found
        }
    }

    /// The files of the module whose text holds every one of `words` (a byte search; only those are
    /// parsed), with their trees, in a fixed order: for a declaration known by what it does, not by
    /// name (an app's own back-port of `.task`).
    public func files(containingAll words: [String]) -> [(path: String, tree: SourceFileSyntax)] {
        state.withLock { state in
            let files = loaded(state)
            let paths = state.filesHolding[words] ?? files.filter { file in
                file.bytes.withUnsafeBufferPointer { buffer in words.allSatisfy { ByteSearch.firstOffset(of: $0, in: buffer, from: 0) != nil } }
            }.map(\.path)
            state.filesHolding[words] = paths
            return paths.compactMap { path in
                _ = declarations(in: path, state)
                return state.trees[path].map { (path, $0) }
            }
        }
    }

    /// True when a path of the index and the path a run names a file by are the same file: equal
    /// once `./` is dropped, or one is the other below a folder (`./App/X.swift`, `/repo/App/X.swift`).
    public static func samePath(_ indexed: String, _ named: String) -> Bool {
        func plain(_ path: String) -> Substring {
            var path = Substring(path)
            while path.hasPrefix("./") { path = path.dropFirst(2) }
            return path
        }
        let (a, b) = (plain(indexed), plain(named))
        return a == b || a.hasSuffix("/" + b) || b.hasSuffix("/" + a)
    }

    /// Words one of which a file declaring a view modifier holds.
    private static let modifierHolderWords = ["extension View", "extension SwiftUI.View", "ViewModifier"]

    /// The keywords that declare a type or extend one.
    private static let typeKeywords = ["class", "struct", "actor", "enum", "extension", "protocol"]

    /// The files whose bytes declare `name` after one of `keywords` (`extension Feed.Model`
    /// declares `Model`), in path order: a byte search, so that only those are parsed.
    /// Kept per name and keywords: the views of a module ask for the same types from many files and rules,
    /// and each search goes through every file of the module.
    private func candidates(declaring name: String, after keywords: [String], _ state: State) -> [String] {
        let key = [name] + keywords
        if let known = state.candidates[key] { return known }
        let found = loaded(state).filter { Self.declares($0.bytes, name, after: keywords) }.map(\.path)
        state.candidates[key] = found
        return found
    }

    /// The module's files, read on the first call.
    private func loaded(_ state: State) -> [(path: String, bytes: [UInt8])] {
        if let files = state.files { return files }
        let files: [(path: String, bytes: [UInt8])] = list().sorted().compactMap { path in read(path).map { (path, $0) } }
        state.files = files
        state.positions = Dictionary(files.indices.map { (files[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
        return files
    }

    /// The bytes of the module's file at `path`, once the module's files are read.
    private func bytes(of path: String, _ state: State) -> [UInt8]? {
        state.positions[path].map { state.files![$0].bytes }
    }

    /// True when `bytes` hold `name` as a whole word right after one of `keywords` and spaces, or
    /// after a dot in dotted names that follow one of them or `extension` (a member type: `extension Feed.Model`).
    /// A member reached through a dot elsewhere (`.modifier(…)`, `view.modifier(…)`) is no declaration:
    /// taking every file that calls `.modifier` had the index parse 18 of one app's largest files for nothing.
    public static func declares(_ bytes: [UInt8], _ name: String, after keywords: [String]) -> Bool {
        let length = name.utf8.count
        return bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while let found = ByteSearch.firstOffset(of: name, in: buffer, from: start) {
                start = found + 1
                let end = found + length
                if end < buffer.count, ByteSearch.isIdentifierByte(buffer[end]) { continue }
                var before = found
                var dotted = false
                // Back over the names a member type is reached through (`Feed.` of `Feed.Model`).
                while before > 1, buffer[before - 1] == UInt8(ascii: "."), ByteSearch.isIdentifierByte(buffer[before - 2]) {
                    before -= 1
                    while before > 0, ByteSearch.isIdentifierByte(buffer[before - 1]) { before -= 1 }
                    dotted = true
                }
                guard before > 0, buffer[before - 1] == UInt8(ascii: " ") || buffer[before - 1] == UInt8(ascii: "\t") else { continue }
                while before > 0, buffer[before - 1] == UInt8(ascii: " ") || buffer[before - 1] == UInt8(ascii: "\t") { before -= 1 }
                var wordStart = before
                while wordStart > 0, ByteSearch.isIdentifierByte(buffer[wordStart - 1]) { wordStart -= 1 }
                let word = UnsafeBufferPointer(rebasing: buffer[wordStart..<before])
                if keywords.contains(where: { $0.utf8.elementsEqual(word) }) { return true }
                if dotted, "extension".utf8.elementsEqual(word) { return true }
            }
            return false
        }
    }

    /// The type and extension declarations of the file at `path`, parsed on first use.
    private func declarations(in path: String, _ state: State) -> [(type: String, members: MemberBlockItemListSyntax)] {
        if let known = state.declarations[path] { return known }
        guard let bytes = bytes(of: path, state) else { return [] }
        // A file too deep to parse declares nothing the analyses can read.
        guard isParsable(path, bytes, state) else {
            state.declarations[path] = []
            return []
        }
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        state.trees[path] = tree
        let found = MemberBlockCollector.memberBlocks(in: tree)
        state.declarations[path] = found
        return found
    }

    /// True when the file at `path`, whose bytes are `bytes`, is not too deep to parse (`NestingDepth`), measured
    /// once per file: each name looked up in a file reads it again.
    private func isParsable(_ path: String, _ bytes: [UInt8], _ state: State) -> Bool {
        if let known = state.parsable[path] { return known }
        let parsable = NestingDepth(measuring: bytes).excess == nil
        state.parsable[path] = parsable
        return parsable
    }

    /// The tree of the file at `path` as a lookup of `name` reads it (nil for a file too deep to parse):
    /// the file's whole tree once parsed, else the file with the bodies that cannot hold `name` blanked
    /// (`ElidedBodies`; whole declarations of `name` with `wholeDeclarations`), parsed on first use, or
    /// the whole file when nothing is blanked or the blanked text does not parse cleanly.
    private func reading(
        _ path: String, for name: String, wholeDeclarations: Bool, _ state: State
    ) -> (tree: SourceFileSyntax, declarations: [(type: String, members: MemberBlockItemListSyntax)]?)? {
        let key = path + "\u{0}" + name + (wholeDeclarations ? "\u{0}d" : "\u{0}c")
        if let known = state.readings[key] { return known }
        var found: (tree: SourceFileSyntax, declarations: [(type: String, members: MemberBlockItemListSyntax)]?)?
        if let tree = state.trees[path] {
            found = (tree, state.declarations[path])
        } else if let bytes = bytes(of: path, state), isParsable(path, bytes, state) {
            if let text = ElidedBodies.text(bytes, keeping: name, wholeDeclarations: wholeDeclarations) {
                let tree = text.withUnsafeBufferPointer { Parser.parse(source: $0) }
                if !tree.hasError { found = (tree, nil) }
            }
            if found == nil {
                let declarations = declarations(in: path, state)
                found = state.trees[path].map { ($0, declarations) }
            }
        }
        state.readings[key] = .some(found)
        return found
    }

    /// The type and extension declarations of the file at `path` as a lookup of the type `name` reads it.
    private func declarations(in path: String, for name: String, _ state: State) -> [(type: String, members: MemberBlockItemListSyntax)] {
        guard let reading = reading(path, for: name, wholeDeclarations: true, state) else { return [] }
        if let known = reading.declarations { return known }
        let found = MemberBlockCollector.memberBlocks(in: reading.tree)
        state.readings[path + "\u{0}" + name + "\u{0}d"] = .some((reading.tree, found))
        return found
    }

    /// The path of a key of `State.readings`.
    private static func path(ofReading key: String) -> String {
        String(key[..<key.firstIndex(of: "\u{0}")!])
    }

    /// True when `members` belong to a type that conforms to `ViewModifier` (its `body(content:)`).
    private static func isViewModifier(_ members: MemberBlockItemListSyntax) -> Bool {
        guard let owner = members.parent?.parent else { return false }
        let inheritance = owner.as(StructDeclSyntax.self)?.inheritanceClause ?? owner.as(ExtensionDeclSyntax.self)?.inheritanceClause
        return inheritance?.inheritedTypes.contains { $0.type.trimmedDescription.hasSuffix("ViewModifier") } ?? false
    }
}


