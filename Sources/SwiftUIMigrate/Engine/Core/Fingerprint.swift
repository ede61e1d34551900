import SwiftSyntax

/// A finding's identity that survives edits elsewhere in the file: the rule, the names of
/// the declarations around it, and the text of its line without whitespace — never its
/// line number.
///
/// Inserting or deleting lines above a finding, or re-indenting it, keeps its fingerprint;
/// changing the finding's own line, moving it to another type or member, or renaming those
/// changes it.
/// Identical lines in the same scope are told apart by their order (`occurrence`).
/// Baselines (`--baseline`) and SARIF's `partialFingerprints` use it.
public enum Fingerprint {
    /// What tells findings apart before their occurrence: `rule`, `scope` and `text` joined.
    static func triple(rule: String, scope: String, text: String) -> String {
        [rule, scope, text].joined(separator: "\u{1F}")
    }

    /// The fingerprint of the `occurrence`-th (from 0) finding with `triple` (`triple(rule:scope:text:)`) in its
    /// file: 16 hex digits.
    static func make(triple: String, occurrence: Int) -> String {
        let hash = FNV1a.hash(triple + "\u{1F}" + String(occurrence))
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The names of the declarations enclosing `token`, outermost first, joined by
    /// `.`: `ContentView.body`, `Loader.load(id:)`, `Array<Int>.total`; "" at the top level.
    static func scope(of token: TokenSyntax?) -> String {
        guard let token else { return "" }
        var names: [String] = []
        var node: Syntax? = Syntax(token)
        while let current = node {
            if let name = declarationName(current) { names.append(name) }
            node = current.parent
        }
        return names.reversed().joined(separator: ".")
    }

    /// The line holding byte `offset` without any spaces, tabs or line-break bytes, so that
    /// re-indenting or re-spacing it (a formatter run) keeps the fingerprint.
    public static func normalizedLine(at offset: Int, in bytes: [UInt8]) -> String {
        let newline = UInt8(ascii: "\n")
        var start = min(max(offset, 0), bytes.count)
        while start > 0 && bytes[start - 1] != newline { start -= 1 }
        var end = start
        while end < bytes.count && bytes[end] != newline { end += 1 }
        return String(decoding: bytes[start..<end].filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    }

    private static func declarationName(_ node: Syntax) -> String? {
        // One switch on the kind: this runs for every ancestor of every finding.
        switch node.kind {
        case .structDecl: return node.cast(StructDeclSyntax.self).name.text
        case .classDecl: return node.cast(ClassDeclSyntax.self).name.text
        case .enumDecl: return node.cast(EnumDeclSyntax.self).name.text
        case .actorDecl: return node.cast(ActorDeclSyntax.self).name.text
        case .protocolDecl: return node.cast(ProtocolDeclSyntax.self).name.text
        case .extensionDecl:
            let type = node.cast(ExtensionDeclSyntax.self).extendedType
            if let simple = type.as(IdentifierTypeSyntax.self), simple.genericArgumentClause == nil { return simple.name.text }
            return type.trimmedDescription
        case .functionDecl:
            let decl = node.cast(FunctionDeclSyntax.self)
            return decl.name.text + labels(decl.signature.parameterClause.parameters)
        case .initializerDecl: return "init" + labels(node.cast(InitializerDeclSyntax.self).signature.parameterClause.parameters)
        case .subscriptDecl: return "subscript"
        case .variableDecl:
            return node.cast(VariableDeclSyntax.self).bindings.map { binding in
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? binding.pattern.trimmedDescription
            }.joined(separator: ",")
        default: return nil
        }
    }

    private static func labels(_ parameters: FunctionParameterListSyntax) -> String {
        "(" + parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }
}

/// Gives each finding of one file its fingerprint, counting occurrences of identical
/// (rule, scope, line) triples in the order findings are first seen.
///
/// The engine feeds it the first pass's findings sorted by offset, then each later pass's
/// new ones; asking again for a finding already seen returns the same fingerprint.
struct FingerprintIndex {
    private let tokens: TokenLocator
    private let bytes: [UInt8]
    private var known: [FindingKey: String] = [:]
    private var occurrences: [String: Int] = [:]

    /// Scopes an earlier check of the same document worked out (nil: every scope is worked out).
    private let scopes: ScopeMemo?

    /// An index over the original file's `tree` and `bytes`.
    init(tree: SourceFileSyntax, bytes: [UInt8], scopes: ScopeMemo? = nil) {
        self.tokens = TokenLocator(tree)
        self.bytes = bytes
        self.scopes = scopes
    }

    /// The fingerprint of the finding of `rule` at byte `offset` of the original file.
    mutating func fingerprint(rule: String, offset: Int) -> String {
        let key = FindingKey(rule: rule, offset: offset)
        if let known = known[key] { return known }
        let tokens = tokens
        let scope = scopes?.scope(at: offset) { Fingerprint.scope(of: tokens.token(at: offset)) }
            ?? Fingerprint.scope(of: tokens.token(at: offset))
        let text = Fingerprint.normalizedLine(at: offset, in: bytes)
        let triple = Fingerprint.triple(rule: rule, scope: scope, text: text)
        // Counted with one look in `occurrences`.
        func next(_ count: inout Int) -> Int {
            defer { count += 1 }
            return count
        }
        let fingerprint = Fingerprint.make(triple: triple, occurrence: next(&occurrences[triple, default: 0]))
        known[key] = fingerprint
        return fingerprint
    }
}

/// The scopes of the findings of a document's checks, by top-level item: a finding's scope is
/// the names of the declarations around it, all inside its item, so an item with the same text
/// gives the same scope at the same place in it.
final class ScopeMemo {
    /// The scopes by item text and offset in the item.
    typealias Scopes = [TopLevelUnits.Text: [Int: String]]
    private let units: TopLevelUnits
    private let earlier: Scopes
    /// The scopes of this check, for the next one.
    private(set) var found: Scopes = [:]

    init(units: TopLevelUnits, earlier: Scopes) {
        self.units = units
        self.earlier = earlier
    }

    /// The scope at byte `offset`, from an earlier check when its item was there, else `compute`d.
    func scope(at offset: Int, compute: () -> String) -> String {
        guard let unit = units.unit(holding: offset) else { return compute() }
        let inside = offset - unit.range.lowerBound
        // The item's scopes are looked up once in `found`, for reading and writing.
        func scope(in scopes: inout [Int: String]) -> String {
            if let known = scopes[inside] { return known }
            let scope = earlier[unit.text]?[inside] ?? compute()
            scopes[inside] = scope
            return scope
        }
        return scope(in: &found[unit.text, default: [:]])
    }
}
