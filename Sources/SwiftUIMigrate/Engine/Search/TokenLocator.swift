import SwiftSyntax

/// Finds the token at a byte offset of one tree, many times.
///
/// SwiftSyntax's `token(at:)` looks through a node's children one by one, so in a file of
/// thousands of declarations each look-up costs the file's length. This locator keeps, for each
/// list it descends into, its children's start positions, and finds the child holding an offset
/// by binary search: over a file's findings the cost is the lists on their paths, once, and a
/// logarithm per look-up. It finds the token `token(at:)` finds.
final class TokenLocator {
    private let root: Syntax
    /// The children of the lists looked into so far, by the list.
    private var listChildren: [SyntaxIdentifier: [Syntax]] = [:]

    init(_ root: some SyntaxProtocol) {
        self.root = Syntax(root)
    }

    /// The token whose range (trivia included) holds byte `offset`; nil past the end.
    func token(at offset: Int) -> TokenSyntax? {
        let position = AbsolutePosition(utf8Offset: offset)
        var node = root
        guard position >= node.position && position < node.endPosition else { return nil }
        while true {
            if let token = node.as(TokenSyntax.self) { return token }
            let next: Syntax?
            if node.kind.isSyntaxCollection {
                next = child(of: node, holding: position)
            } else {
                next = node.children(viewMode: .sourceAccurate).first { position >= $0.position && position < $0.endPosition }
            }
            guard let next else { return nil }
            node = next
        }
    }

    /// The child of the list `node` whose range holds `position`.
    private func child(of node: Syntax, holding position: AbsolutePosition) -> Syntax? {
        let children: [Syntax]
        if let known = listChildren[node.id] {
            children = known
        } else {
            children = Array(node.children(viewMode: .sourceAccurate))
            listChildren[node.id] = children
        }
        // The children lie one after the other: the last one starting at or before `position`.
        let low = children.prefixCount { $0.position <= position }
        guard low > 0, position < children[low - 1].endPosition else { return nil }
        return children[low - 1]
    }
}
