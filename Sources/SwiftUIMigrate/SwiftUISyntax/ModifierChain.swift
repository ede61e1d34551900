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

    /// True when the call is given a closure (`.onFirstAppear { }`, `.refresh(perform: { })`).
    public var isGivenClosure: Bool {
        guard let call else { return false }
        return call.trailingClosure != nil || call.arguments.contains { $0.expression.is(ClosureExprSyntax.self) }
    }

    /// The call or, for a bare member, the member access: the whole link.
    public var node: ExprSyntax { call.map(ExprSyntax.init) ?? ExprSyntax(memberAccess) }
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
            let call = current.as(FunctionCallExprSyntax.self)
            guard let member = (call?.calledExpression ?? current).as(MemberAccessExprSyntax.self) else { break }
            links.append(Modifier(name: member.declName.baseName.text, memberAccess: member, call: call, isConditional: true))
            node = member.base
        }
        return links.reversed()
    }

    /// The modifiers' names, innermost first.
    public var names: [String] { modifiers.map(\.name) }

    /// The plain names the modifiers' arguments and closures read or write from outside the
    /// chain (`title` in `.id(title)`): not the members they name after a dot, and not the names
    /// the chain declares itself — a closure's parameters (`.alert(item: $error) { error in … }`),
    /// its captures, and the locals and bindings of its statements.
    public var referencedNames: Set<String> {
        var names: Set<String> = []
        for modifier in modifiers {
            guard let call = modifier.call else { continue }
            var parts: [Syntax] = [Syntax(call.arguments)]
            if let closure = call.trailingClosure { parts.append(Syntax(closure)) }
            parts.append(Syntax(call.additionalTrailingClosures))
            for token in parts.flatMap({ $0.tokens(viewMode: .sourceAccurate) }) {
                guard case .identifier(let name) = token.tokenKind, let parent = token.parent else { continue }
                if let reference = parent.as(DeclReferenceExprSyntax.self) {
                    if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
                        continue
                    }
                } else if let capture = parent.as(ClosureCaptureSyntax.self), capture.initializer == nil {
                    // `[name] in`: captures the outer `name` where the closure is created.
                } else {
                    continue
                }
                if LocalScope.declares(name, around: parent, within: Syntax(call)) { continue }
                names.insert(name)
            }
        }
        return names
    }
}

/// The names a piece of code declares for the code inside it, as Swift scopes them.
enum LocalScope {
    /// True when `name`, referenced at `node`, is declared by some scope between `node` and
    /// `boundary` (exclusive): a closure's parameter or capture, a local or `guard` binding
    /// earlier in a statement list, an `if`/`while` condition's binding in its body (or in a
    /// later condition), a `for` pattern, a `case` pattern, or a `catch` clause's (`error`).
    static func declares(_ name: String, around node: Syntax, within boundary: Syntax) -> Bool {
        var child = node
        while let parent = child.parent, parent.id != boundary.id {
            if names(declaredBy: parent, for: child).contains(name) { return true }
            child = parent
        }
        return false
    }

    /// The names `scope` declares for its part `child`.
    private static func names(declaredBy scope: Syntax, for child: Syntax) -> Set<String> {
        // A closure's names hold in its body, not in its own capture list (`[name = name]`).
        if let closure = scope.as(ClosureExprSyntax.self), let signature = closure.signature, signature.id != child.id {
            let names = (signature.capture?.items.map(\.name) ?? []) + (signature.parameterNames ?? [])
            return Set(names.map(\.text))
        }
        if let list = scope.as(CodeBlockItemListSyntax.self) {
            var names: Set<String> = []
            for item in list.prefix(while: { $0.id != child.id }) {
                if let variable = item.item.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings { names.formUnion(patternNames(in: binding.pattern)) }
                } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                    names.formUnion(patternNames(in: guardStatement.conditions))
                } else if let function = item.item.as(FunctionDeclSyntax.self) {
                    names.insert(function.name.text)
                }
            }
            return names
        }
        if let conditions = scope.as(ConditionElementListSyntax.self) {
            return Set(conditions.prefix { $0.id != child.id }.flatMap { patternNames(in: $0) })
        }
        if let conditional = scope.as(IfExprSyntax.self), conditional.body.id == child.id {
            return patternNames(in: conditional.conditions)
        }
        if let loop = scope.as(WhileStmtSyntax.self), loop.body.id == child.id {
            return patternNames(in: loop.conditions)
        }
        if let loop = scope.as(ForStmtSyntax.self), loop.body.id == child.id {
            return patternNames(in: loop.pattern)
        }
        if let switchCase = scope.as(SwitchCaseSyntax.self), switchCase.statements.id == child.id {
            return patternNames(in: switchCase.label)
        }
        if let clause = scope.as(CatchClauseSyntax.self), clause.body.id == child.id {
            return clause.catchItems.isEmpty ? ["error"] : patternNames(in: clause.catchItems)
        }
        return []
    }

    /// The names the patterns under `node` bind (`name` in `if let name`, `case .failed(let name)`,
    /// `let (a, b) = …`), leaving out patterns inside closures, whose names stay in the closure.
    static func patternNames(in node: some SyntaxProtocol) -> Set<String> {
        let collector = PatternNameCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.names
    }

    private final class PatternNameCollector: SyntaxVisitor {
        var names: Set<String> = []

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            names.insert(node.identifier.text)
            return .skipChildren
        }
    }
}

extension ClosureSignatureSyntax {
    /// The names of the closure's parameters as written (`old, new` of `{ old, new in }`, `b` of
    /// `{ (a b: Int) in }`); nil when it has no parameter list (`{ [weak self] in }`).
    var parameterNames: [TokenSyntax]? {
        switch parameterClause {
        case .simpleInput(let parameters)?: parameters.map(\.name)
        case .parameterClause(let clause)?: clause.parameters.map { $0.secondName ?? $0.firstName }
        case nil: nil
        @unknown default: []
        }
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
