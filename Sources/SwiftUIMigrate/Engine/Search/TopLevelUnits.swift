import Foundation
import SwiftSyntax

/// A file's top-level items (a view struct, an extension, a free function, an `#if` block), each
/// with the names it declares for the others and the names it uses, and which items each one's
/// findings can depend on.
///
/// The analyses reach code outside a site's own item only by name: a type by its name (its
/// stored properties, its members, its extensions), a free function or a `View` extension
/// function by its name. So the findings of an item depend on its own text and on the items that
/// declare a name it uses, and on theirs in turn; an item that uses none of a changed item's
/// names finds what it found before. `CheckMemory` keeps findings per item on that ground.
struct TopLevelUnits {
    /// One top-level item.
    struct Unit {
        /// Its bytes in the file, trivia included.
        let range: Range<Int>
        /// Its text.
        let text: Text
        /// The line and column it starts at (reasons name lines, so a moved item is checked again).
        let start: SourcePoint
        /// The item's node in the tree.
        let item: CodeBlockItemSyntax
    }

    /// An item's text, hashed once: items are looked up by their text on every check (the bytes
    /// hashed as one block and compared as one block, not byte by byte).
    struct Text: Hashable {
        let bytes: [UInt8]
        private let hash: Int

        init(_ bytes: ArraySlice<UInt8>) {
            let bytes = Array(bytes)
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            (self.bytes, hash) = (bytes, hasher.finalize())
        }

        static func == (lhs: Text, rhs: Text) -> Bool {
            guard lhs.hash == rhs.hash, lhs.bytes.count == rhs.bytes.count else { return false }
            return lhs.bytes.withUnsafeBytes { left in
                rhs.bytes.withUnsafeBytes { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
            }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// The items in source order.
    let units: [Unit]
    /// For each item, the other items its findings can depend on (indices into `units`, ascending).
    let dependencies: [[Int]]

    /// The index of the item whose bytes hold `offset`.
    func index(holding offset: Int) -> Int? {
        let low = units.prefixCount { $0.range.lowerBound <= offset }
        guard low > 0, units[low - 1].range.contains(offset) else { return nil }
        return low - 1
    }

    /// The item whose bytes hold `offset`.
    func unit(holding offset: Int) -> Unit? {
        index(holding: offset).map { units[$0] }
    }

    /// The items of `tree`, placed by `lines` (the line table of `bytes`), with their `names`.
    init(tree: SourceFileSyntax, bytes: [UInt8], lines: LineTable, names: (Unit) -> UnitNames) {
        var units: [Unit] = []
        for item in tree.statements {
            let range = item.position.utf8Offset..<item.endPosition.utf8Offset
            units.append(Unit(range: range, text: Text(bytes[range]), start: lines.point(at: range.lowerBound), item: item))
        }
        self.units = units
        let unitNames = units.map(names)
        var declaring: [String: [Int]] = [:]
        for (index, names) in unitNames.enumerated() {
            for name in names.declared { declaring[name, default: []].append(index) }
        }
        // Direct uses, then their closure: what an item's analyses can reach through names.
        let direct = unitNames.enumerated().map { index, names in
            Set(names.used.flatMap { declaring[$0] ?? [] }).subtracting([index])
        }
        dependencies = direct.indices.map { start in
            var reached = direct[start]
            var frontier = Array(reached)
            while let next = frontier.popLast() {
                for further in direct[next] where further != start && reached.insert(further).inserted { frontier.append(further) }
            }
            return reached.sorted()
        }
    }
}

/// The names one top-level item declares for other items and the names it uses.
struct UnitNames: Sendable {
    /// Types declared at any depth, the types it extends, what its extensions declare, and its
    /// own name when it is a free function or variable.
    let declared: Set<String>
    /// Every identifier in it.
    let used: Set<String>

    init(_ item: CodeBlockItemSyntax) {
        let collector = NameCollector(viewMode: .sourceAccurate)
        collector.walk(item)
        declared = collector.declared
        used = collector.used
    }
}

private final class NameCollector: SyntaxVisitor {
    var declared: Set<String> = []
    var used: Set<String> = []
    /// How many extensions enclose the node being visited: there, every declaration counts.
    private var extensionDepth = 0
    /// How many type, function or closure bodies enclose it: outside them, a declaration is top-level.
    private var bodyDepth = 0

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        switch token.tokenKind {
        case .identifier(let name): used.insert(name)
        case .dollarIdentifier(let name): used.insert(String(name.dropFirst()))
        default: break
        }
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return body() }
    override func visitPost(_ node: StructDeclSyntax) { bodyDepth -= 1 }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return body() }
    override func visitPost(_ node: ClassDeclSyntax) { bodyDepth -= 1 }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return body() }
    override func visitPost(_ node: EnumDeclSyntax) { bodyDepth -= 1 }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return body() }
    override func visitPost(_ node: ActorDeclSyntax) { bodyDepth -= 1 }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return body() }
    override func visitPost(_ node: ProtocolDeclSyntax) { bodyDepth -= 1 }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name); return .visitChildren }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        for token in node.extendedType.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let name) = token.tokenKind { declared.insert(name) }
        }
        extensionDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { extensionDepth -= 1 }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if extensionDepth > 0 || bodyDepth == 0 { declare(node.name) }
        return body()
    }
    override func visitPost(_ node: FunctionDeclSyntax) { bodyDepth -= 1 }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if extensionDepth > 0 || bodyDepth == 0 {
            for binding in node.bindings {
                for token in binding.pattern.tokens(viewMode: .sourceAccurate) {
                    if case .identifier(let name) = token.tokenKind { declared.insert(name) }
                }
            }
        }
        return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        if extensionDepth > 0 { declare(node.name) }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { body() }
    override func visitPost(_ node: ClosureExprSyntax) { bodyDepth -= 1 }

    private func declare(_ name: TokenSyntax) {
        if case .identifier(let text) = name.tokenKind { declared.insert(text) }
    }

    private func body() -> SyntaxVisitorContinueKind {
        bodyDepth += 1
        return .visitChildren
    }
}
