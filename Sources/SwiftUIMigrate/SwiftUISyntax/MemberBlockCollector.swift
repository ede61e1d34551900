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

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node.memberBlock.members))
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node.memberBlock.members))
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node.memberBlock.members))
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append((node.name.text, node.memberBlock.members))
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = node.extendedType.as(IdentifierTypeSyntax.self)?.name.text ?? node.extendedType.as(MemberTypeSyntax.self)?.name.text
        if let extended { found.append((extended, node.memberBlock.members)) }
        return .visitChildren
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
