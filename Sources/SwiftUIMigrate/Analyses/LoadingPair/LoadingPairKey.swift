import SwiftSyntax

/// What the `.task(id:)` replacing a loading pair is keyed on.
extension LoadingPair {
    /// The `id:` of the task: the one observed value, or `[a, b]` for values of one type declared in the view.
    func taskID(in view: ViewDeclaration?) -> String? {
        let values = changes.map { $0.modifier.value.trimmedDescription }.countsInOrder().map(\.element)
        if values.count == 1 { return values[0] }
        guard let view else { return nil }
        let types = changes.map { Self.declaredType(of: $0.modifier.value, in: view) }
        guard let first = types.first, let type = first, types.allSatisfy({ $0 == type }) else { return nil }
        return "[\(values.joined(separator: ", "))]"
    }

    /// The type a view declares for the property `expression` names: written, or that of a literal initial value.
    private static func declaredType(of expression: ExprSyntax, in view: ViewDeclaration) -> String? {
        guard let name = expression.referencedPropertyName, let property = view.storedProperty(named: name) else { return nil }
        if let type = property.type { return type.trimmedDescription }
        switch property.initializer?.kind {
        case .stringLiteralExpr?: return "String"
        case .integerLiteralExpr?: return "Int"
        case .booleanLiteralExpr?: return "Bool"
        case .floatLiteralExpr?: return "Double"
        default: return nil
        }
    }
}
