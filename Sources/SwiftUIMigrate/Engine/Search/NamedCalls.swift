import SwiftSyntax

/// The function calls of a parsed file whose called name is one of a few words: `.onAppear { }`,
/// `Group { }`, `SwiftUI.Group { }`, `model.load()`.
///
/// Found from where the words stand in the bytes, not by walking every node: a file the rules parse
/// holds thousands of nodes and a few dozen of these names, and a walk visiting each node was a
/// twelfth of a scan's CPU. Each whole-identifier occurrence of a word is looked up as a token
/// (`TokenLocator`); it names a call when it is the called expression's name, bare or after a dot.
/// Occurrences in comments and strings are other tokens' trivia or text, and name nothing.
enum NamedCalls {
    /// The calls of `tree` (parsed from `bytes`) whose called name is one of `names`, in the order a walk
    /// meets them (in source order, an outer call before the calls it starts with); only those inside
    /// `items` when given.
    static func calls(
        named names: [String], in bytes: [UInt8], locator: TokenLocator, within items: [CodeBlockItemSyntax]?
    ) -> [FunctionCallExprSyntax] {
        let ranges = items?.map { $0.position.utf8Offset..<$0.endPosition.utf8Offset }
        var calls: [FunctionCallExprSyntax] = []
        for name in names {
            for offset in ByteSearch.identifierOffsets(bytes, name) where ranges?.contains(where: { $0.contains(offset) }) ?? true {
                guard let token = locator.token(at: offset), token.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
                      token.text == name, let call = call(namedBy: token) else { continue }
                calls.append(call)
            }
        }
        return calls.sorted { ($0.position, $1.endPosition) < ($1.position, $0.endPosition) }
    }

    /// The call `token` names: `token(…)`, `base.token(…)` or `.token(…)`, with or without a trailing closure.
    static func call(namedBy token: TokenSyntax) -> FunctionCallExprSyntax? {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id else { return nil }
        var callee = Syntax(reference)
        if let member = callee.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            callee = Syntax(member)
        }
        guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id else { return nil }
        return call
    }
}
