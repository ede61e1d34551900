import SwiftSyntax

/// The member blocks of a file's classes, structs, actors, enums and extensions, with the type's
/// name, in source order; code blocks are not entered.
final class MemberBlockCollector: SyntaxVisitor {
    private(set) var found: [(type: String, members: MemberBlockItemListSyntax)] = []

    /// The member blocks of `tree`.
    static func memberBlocks(in tree: some SyntaxProtocol) -> [(type: String, members: MemberBlockItemListSyntax)] {
        let collector = MemberBlockCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { record(node, as: node.name.text) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { record(node, as: node.name.text) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { record(node, as: node.name.text) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { record(node, as: node.name.text) }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, as: node.extendedType.as(IdentifierTypeSyntax.self)?.name.text ?? node.extendedType.as(MemberTypeSyntax.self)?.name.text)
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// Keeps `declaration`'s member block under `type` (an extension of a type it cannot name is left out), and goes in.
    private func record(_ declaration: some DeclGroupSyntax, as type: String?) -> SyntaxVisitorContinueKind {
        if let type { found.append((type, declaration.memberBlock.members)) }
        return .visitChildren
    }
}
