import SwiftSyntax

/// One `.name(…)` link of a modifier chain.
public struct Modifier {
    /// The modifier's name, such as `onAppear` or `task`.
    public var name: String
    /// The `.name` member access.
    public var memberAccess: MemberAccessExprSyntax
    /// The call applying it, when it is called (`.onAppear { }`); nil for a bare `.name`.
    public var call: FunctionCallExprSyntax?
    /// True when the link stands inside a `#if` clause of the chain.
    public var isConditional: Bool

    /// The call or, for a bare member, the member access: the whole link.
    public var node: ExprSyntax { call.map(ExprSyntax.init) ?? ExprSyntax(memberAccess) }

    /// The labels of the call's arguments, in order (`nil` for unlabeled ones).
    public var argumentLabels: [String?] {
        call?.arguments.map { $0.label?.text } ?? []
    }
}

/// The modifiers applied to an expression: `base.a(…).b(…)…`.
///
/// Found by walking up from `base` through member accesses, calls and
/// `#if` postfix clauses, so blank lines, comments and `}.task {` on a
/// closing line all read the same.
public struct ModifierChain {
    /// The expression the chain starts from, such as `Group { … }`.
    public var base: ExprSyntax
    /// The links, innermost (closest to `base`) first.
    public var modifiers: [Modifier]
    /// The whole expression, `base` with every link.
    public var outermost: ExprSyntax

    /// The modifiers applied above `base`.
    public init(above base: some ExprSyntaxProtocol) {
        self.base = ExprSyntax(base)
        var modifiers: [Modifier] = []
        var current = Syntax(base)
        while let parent = current.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base.map(Syntax.init) == current {
                let call = member.parent?.as(FunctionCallExprSyntax.self).flatMap {
                    $0.calledExpression.id == member.id ? $0 : nil
                }
                modifiers.append(Modifier(
                    name: member.declName.baseName.text, memberAccess: member, call: call, isConditional: false))
                current = call.map(Syntax.init) ?? Syntax(member)
            } else if let postfix = parent.as(PostfixIfConfigExprSyntax.self), postfix.base.map(Syntax.init) == current {
                for clause in postfix.config.clauses {
                    guard let element = clause.elements?.as(ExprSyntax.self) else { continue }
                    modifiers.append(contentsOf: Self.conditionalLinks(of: element))
                }
                current = Syntax(postfix)
            } else {
                break
            }
        }
        self.modifiers = modifiers
        self.outermost = current.as(ExprSyntax.self) ?? ExprSyntax(base)
    }

    /// The modifiers of a `#if` clause's `.a().b()` expression, innermost first.
    private static func conditionalLinks(of expression: ExprSyntax) -> [Modifier] {
        var links: [Modifier] = []
        var node: ExprSyntax? = expression
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                links.append(Modifier(name: member.declName.baseName.text, memberAccess: member, call: call, isConditional: true))
                node = member.base
            } else if let member = current.as(MemberAccessExprSyntax.self) {
                links.append(Modifier(name: member.declName.baseName.text, memberAccess: member, call: nil, isConditional: true))
                node = member.base
            } else {
                node = nil
            }
        }
        return links.reversed()
    }

    /// The modifiers' names, innermost first.
    public var names: [String] { modifiers.map(\.name) }

    /// The plain names the modifiers' arguments and closures read or write (`title` in
    /// `.id(title)`), not the members they name after a dot.
    public var referencedNames: Set<String> {
        var names: Set<String> = []
        for modifier in modifiers {
            guard let call = modifier.call else { continue }
            var parts: [Syntax] = [Syntax(call.arguments)]
            if let closure = call.trailingClosure { parts.append(Syntax(closure)) }
            parts.append(Syntax(call.additionalTrailingClosures))
            for token in parts.flatMap({ $0.tokens(viewMode: .sourceAccurate) }) {
                guard case .identifier(let name) = token.tokenKind,
                      let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                    continue
                }
                names.insert(name)
            }
        }
        return names
    }
}

extension FunctionCallExprSyntax {
    /// The name called: `Group` for `Group { }`, `onAppear` for `x.onAppear { }`.
    public var calledName: String? {
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    /// The single closure the call passes: its trailing closure, or a sole closure argument.
    public var soleClosure: ClosureExprSyntax? {
        if let trailing = trailingClosure, additionalTrailingClosures.isEmpty,
           arguments.allSatisfy({ $0.expression.is(ClosureExprSyntax.self) == false }) {
            return trailing
        }
        if trailingClosure == nil, let closure = arguments.last?.expression.as(ClosureExprSyntax.self) {
            return closure
        }
        return nil
    }
}
