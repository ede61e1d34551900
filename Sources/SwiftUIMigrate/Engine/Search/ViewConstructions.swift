import SwiftSyntax

/// The calls `Name(…)` / `Name { … }` of a tree, outside previews: found where the name stands in the
/// bytes (`NamedCalls`), not by walking every node of the file.
enum ViewConstructions {
    /// The calls of `tree` (parsed from `bytes`) that construct `name`, in source order.
    static func calls(of name: String, in tree: SourceFileSyntax, bytes: [UInt8]) -> [FunctionCallExprSyntax] {
        NamedCalls.calls(named: [name], in: bytes, locator: TokenLocator(tree), within: nil).filter { call in
            guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else {
                return false
            }
            return !isInPreview(call)
        }
    }

    /// True inside `#Preview { … }` or a type conforming to `PreviewProvider`.
    private static func isInPreview(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let node = current {
            if let macro = node.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return true }
            if let macro = node.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return true }
            let inheritance = node.as(StructDeclSyntax.self)?.inheritanceClause ?? node.as(ExtensionDeclSyntax.self)?.inheritanceClause
            if inheritance?.inheritedTypes.contains(where: { $0.type.trimmedDescription.hasSuffix("PreviewProvider") }) ?? false {
                return true
            }
            current = node.parent
        }
        return false
    }
}
