import SwiftSyntax

/// A Group member that names one of the view's own `@ViewBuilder` helpers — `listContent`,
/// `self.rows`, `configurationSections()` — and whether that helper shows several views at once.
///
/// ```swift
/// Group {
///     if isEmpty { emptyState } else { listContent }   // listContent: @ViewBuilder, two views
/// }
/// .onAppear { … }
/// ```
/// A Group flattens such a helper's views into its parent, as it does its own members, and
/// applies its modifiers to each; a container in its place would stack them. So
/// `group-lifecycle` treats the helper's views as the Group's members.
enum HelperViewCount {
    /// The name of the first of `members` that names a helper of `view`, declared `@ViewBuilder`
    /// in this file, whose body shows two or more views at once; nil when none does.
    static func firstShowingSeveral(_ members: [ExprSyntax], in view: ViewDeclaration) -> String? {
        for member in members {
            guard let (name, isCall) = helperName(member), let body = body(of: name, isCall: isCall, in: view) else { continue }
            if GroupMembers(content: body).showsSeveralAtOnce { return isCall ? name + "()" : name }
        }
        return nil
    }

    /// `listContent` of `listContent.padding()`, `self.listContent`, `rows()`: the helper a member's
    /// modifier chain starts from, and whether it is called.
    private static func helperName(_ expression: ExprSyntax) -> (String, Bool)? {
        var current = expression
        while let member = (current.as(FunctionCallExprSyntax.self)?.calledExpression ?? current).as(MemberAccessExprSyntax.self),
              let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self) {
            current = base
        }
        if let call = current.as(FunctionCallExprSyntax.self) {
            guard let name = ownName(call.calledExpression) else { return nil }
            return (name, true)
        }
        return ownName(current).map { ($0, false) }
    }

    /// `name` of `name` or `self.name`, when it starts lowercase (a type's name starts a view, not a helper).
    private static func ownName(_ expression: ExprSyntax) -> String? {
        guard let name = expression.referencedPropertyName, name.first?.isLowercase == true else { return nil }
        return name
    }

    /// The statements of the view's `@ViewBuilder` function (`isCall`) or computed property `name`.
    private static func body(of name: String, isCall: Bool, in view: ViewDeclaration) -> CodeBlockItemListSyntax? {
        if isCall {
            guard let function = view.function(named: name), ViewBuilderContext.hasViewBuilderAttribute(function.attributes) else {
                return nil
            }
            return function.body?.statements
        }
        for member in view.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                switch binding.accessorBlock?.accessors {
                case .getter(let statements)?:
                    return ViewBuilderContext.hasViewBuilderAttribute(variable.attributes) ? statements : nil
                case .accessors(let accessors)?:
                    guard let getter = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                          ViewBuilderContext.hasViewBuilderAttribute(variable.attributes)
                            || ViewBuilderContext.hasViewBuilderAttribute(getter.attributes) else { return nil }
                    return getter.body?.statements
                default:
                    return nil
                }
            }
        }
        return nil
    }
}
