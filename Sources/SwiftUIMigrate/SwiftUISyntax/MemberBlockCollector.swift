import SwiftSyntax

/// The member blocks of a file's classes, structs, actors and extensions (and enums when
/// `includesEnums`), with the type's name, in source order; code blocks are not entered.
final class MemberBlockCollector: SyntaxVisitor {
    private(set) var found: [(type: String, members: MemberBlockItemListSyntax)] = []
    private let includesEnums: Bool

    /// The member blocks of `tree`.
    static func memberBlocks(in tree: some SyntaxProtocol, includingEnums: Bool) -> [(type: String, members: MemberBlockItemListSyntax)] {
        let collector = MemberBlockCollector(includesEnums: includingEnums)
        collector.walk(tree)
        return collector.found
    }

    private init(includesEnums: Bool) {
        self.includesEnums = includesEnums
        super.init(viewMode: .sourceAccurate)
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
        if includesEnums { found.append((node.name.text, node.memberBlock.members)) }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = node.extendedType.as(IdentifierTypeSyntax.self)?.name.text ?? node.extendedType.as(MemberTypeSyntax.self)?.name.text
        if let extended { found.append((extended, node.memberBlock.members)) }
        return .visitChildren
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
