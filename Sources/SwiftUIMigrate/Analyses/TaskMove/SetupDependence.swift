import SwiftSyntax

/// Whether a Task's work depends on the synchronous statements that stand before it in
/// `.onAppear`, so that they must move into `.task` with it.
///
/// ```swift
/// .onAppear {
///     isLoading = true                           // setup: stays in onAppear …
///     Task { recipe = await store.recipe(id) }   // … unless this read isLoading before its await
/// }
/// ```
/// The work depends on the setup when, up to and including its first statement that may
/// suspend (and in the whole body of each of the view's functions those statements call), it
/// names a property the setup assigns or a receiver it calls a method on; or when it names,
/// anywhere, a local the setup declares. Names are compared, not types: a read of a same-named
/// local counts, which only keeps statements together.
enum SetupDependence {
    /// True when `work` reads what `setup` writes before its first suspension, or uses a local
    /// `setup` declares.
    static func workReadsSetup(setup: [CodeBlockItemSyntax], work: [CodeBlockItemSyntax], view: ViewDeclaration?) -> Bool {
        let locals = Set(setup.flatMap(declaredNames))
        if !locals.isDisjoint(with: work.flatMap { names(in: Syntax($0)) }) { return true }

        let written = WorkTrace(of: setup.map(Syntax.init), in: view).changedRoots
        guard !written.isEmpty else { return false }

        var beforeAwait: [Syntax] = []
        for statement in work {
            beforeAwait.append(Syntax(statement))
            if Suspension.canSuspend([Syntax(statement)]) { break }
        }
        var read = Set(beforeAwait.flatMap(names))
        for name in WorkTrace(of: beforeAwait, in: view).followed {
            if let body = view?.function(named: name)?.body { read.formUnion(names(in: Syntax(body))) }
        }
        return !written.isDisjoint(with: read)
    }

    /// True when a statement of `setup` can leave the closure before the Task starts (a `guard`, a `return` or a
    /// `throw` outside a nested closure or function): the setup then decides whether the work runs at all, and
    /// leaving it in `.onAppear` without the Task would run the work unguarded.
    static func canLeaveBeforeTask(_ setup: [CodeBlockItemSyntax]) -> Bool {
        let finder = EarlyExitFinder(viewMode: .sourceAccurate)
        for statement in setup { finder.walk(statement) }
        return finder.found
    }

    /// The names a node refers to: `x`, and the member after `self.` in `self.x`.
    private static func names(in node: Syntax) -> [String] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard case .identifier(let name) = token.tokenKind, token.parent?.is(DeclReferenceExprSyntax.self) ?? false else { return nil }
            return name.hasPrefix("$") || name.hasPrefix("_") ? String(name.dropFirst()) : name
        }
    }

    /// The locals a statement declares: `let id = …`, `var (a, b) = …`.
    private static func declaredNames(_ statement: CodeBlockItemSyntax) -> [String] {
        statement.item.as(VariableDeclSyntax.self)?.bindings.flatMap { LocalScope.patternNames(in: $0.pattern) } ?? []
    }
}

/// Finds a statement that leaves the closure it stands in: a `guard`, a `return` or a `throw`, not counting those
/// of nested closures and functions, which leave only themselves.
private final class EarlyExitFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind { found = true; return .skipChildren }
    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind { found = true; return .skipChildren }
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind { found = true; return .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
