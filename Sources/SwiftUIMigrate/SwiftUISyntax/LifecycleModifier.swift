import SwiftSyntax

/// An `.onAppear { }`, `.onAppear(perform:)`, `.task { }` or `.task(priority:) { }` modifier
/// call and its action.
///
/// The loading rules rewrite these headers to `.task(id:priority:)`; this type knows
/// where the name, the arguments and the action closure sit.
struct LifecycleModifier {
    /// The modifier call.
    var call: FunctionCallExprSyntax
    /// `onAppear` or `task`.
    var name: String
    /// The modifier's name token: where findings are reported.
    var nameToken: TokenSyntax
    /// The action when it is a closure literal.
    var closure: ClosureExprSyntax?
    /// True when the closure is passed as an argument (`perform: { }`) rather than trailing.
    var closureIsArgument = false
    /// The action when it names a function (`.onAppear(perform: loadIfNeeded)`).
    var actionReference: ExprSyntax?
    /// The `priority:` argument of `.task(priority:)`.
    var priority: ExprSyntax?
    /// The `id:` argument of `.task(id:)`, which is already keyed.
    var id: ExprSyntax?
    /// True for `.task(id:)`.
    var hasID: Bool { id != nil }

    /// The modifier `call` is, or nil when it is not a lifecycle modifier applied with `.name`.
    init?(_ call: FunctionCallExprSyntax) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              member.base != nil || Self.isFirstLinkOfConditionalClause(call) else { return nil }
        let name = member.declName.baseName.text
        guard name == "onAppear" || name == "task", member.declName.argumentNames == nil,
              call.additionalTrailingClosures.isEmpty else { return nil }
        self.call = call
        self.name = name
        self.nameToken = member.declName.baseName
        self.closure = call.trailingClosure
        for argument in call.arguments {
            switch (name, argument.label?.text) {
            case ("onAppear", "perform"?), ("task", nil):
                guard closure == nil else { return nil }
                if let closure = argument.expression.as(ClosureExprSyntax.self) {
                    self.closure = closure
                    self.closureIsArgument = true
                } else {
                    self.actionReference = argument.expression
                }
            case ("task", "priority"?):
                priority = argument.expression
            case ("task", "id"?):
                id = argument.expression
            default:
                return nil
            }
        }
    }

    /// `task`, `task(id: x)`, `task(priority: p)` or `task(id: x, priority: p)`.
    static func taskHeader(id: String?, priority: String?) -> String {
        let arguments = [id.map { "id: \($0)" }, priority.map { "priority: \($0)" }].compactMap { $0 }
        return arguments.isEmpty ? "task" : "task(\(arguments.joined(separator: ", ")))"
    }

    /// True for `.onAppear { }` opening a `#if` clause of a modifier chain, where it has no written base.
    private static func isFirstLinkOfConditionalClause(_ call: FunctionCallExprSyntax) -> Bool {
        // Up through the links after it, to what holds them.
        let holder = call.parent?.ancestorOrSelf { node in
            node.is(MemberAccessExprSyntax.self) || node.is(FunctionCallExprSyntax.self) ? nil : node
        }
        guard let clause = holder?.as(IfConfigClauseSyntax.self) else { return false }
        return clause.parent?.parent?.parent?.is(PostfixIfConfigExprSyntax.self) ?? false
    }

    /// The name of the helper the action calls: `f` for `perform: f`, and for a closure
    /// whose statements call `f()` / `self.f()` (also awaited, or inside a `Task { }`).
    var calledHelperNames: [String] {
        if let reference = actionReference, let name = reference.referencedPropertyName { return [name] }
        guard let closure else { return [] }
        var names: [String] = []
        func collect(_ statements: CodeBlockItemListSyntax) {
            for statement in statements {
                if let task = InnerTask(statement) {
                    collect(task.closure.statements)
                    continue
                }
                guard case .expr(var expression) = statement.item else { continue }
                while let inner = expression.as(AwaitExprSyntax.self)?.expression ?? expression.as(TryExprSyntax.self)?.expression {
                    expression = inner
                }
                if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                   call.trailingClosure == nil, let name = call.calledExpression.referencedPropertyName {
                    names.append(name)
                }
            }
        }
        collect(closure.statements)
        return names
    }

    /// The edits that turn this modifier's header into `.task`, `.task(id: x)`,
    /// `.task(priority: p)` or `.task(id: x, priority: p)`, leaving the closure's body alone.
    ///
    /// A closure passed as `perform: { }` becomes a trailing closure.
    func headerEdits(id: String?, priority: String?) -> [ByteEdit] {
        let header = Self.taskHeader(id: id, priority: priority)
        let start = nameToken.positionAfterSkippingLeadingTrivia.utf8Offset
        guard let closure else { return [] }
        if closureIsArgument {
            let braceStart = closure.leftBrace.positionAfterSkippingLeadingTrivia.utf8Offset
            var edits = [ByteEdit(range: start..<braceStart, replacement: header + " ")]
            if let rightParen = call.rightParen {
                edits.append(ByteEdit(
                    range: closure.rightBrace.endPositionBeforeTrailingTrivia.utf8Offset..<rightParen.endPositionBeforeTrailingTrivia.utf8Offset,
                    replacement: ""))
            }
            return edits
        }
        let end = (call.rightParen ?? nameToken).endPositionBeforeTrailingTrivia.utf8Offset
        return [ByteEdit(range: start..<end, replacement: header)]
    }
}

extension LifecycleModifier {
    /// Every lifecycle modifier call of the context's file, in source order (ending early when
    /// the file's time is up: `RuleContext.sites`).
    static func all(in context: RuleContext) -> SiteSequence<[LifecycleModifier]> {
        context.sites(context.calls(named: ["onAppear", "task"]).compactMap { LifecycleModifier($0) })
    }
}

extension RunOnceFlag {
    /// The helper function that the modifier's action calls and that guards a run-once flag
    /// itself (`.onAppear(perform: loadIfNeeded)`, `.onAppear { loadIfNeeded() }`), if any.
    static func guardingHelper(of modifier: LifecycleModifier, in view: ViewDeclaration) -> (function: FunctionDeclSyntax, flag: RunOnceFlag)? {
        for name in modifier.calledHelperNames {
            guard let function = view.function(named: name), let body = function.body else { continue }
            if let flag = find(in: body.statements, of: view) { return (function, flag) }
        }
        return nil
    }

    /// The near-miss check (a compound guard, or an `else` that does more than return) in the
    /// modifier's closure or in a helper it calls, if any.
    static func nearMiss(of modifier: LifecycleModifier, in view: ViewDeclaration) -> FlagGuardNearMiss? {
        if let closure = modifier.closure, let found = FlagGuardNearMiss.find(in: closure.statements, of: view) { return found }
        for name in modifier.calledHelperNames {
            guard let body = view.function(named: name)?.body else { continue }
            if let found = FlagGuardNearMiss.find(in: body.statements, of: view) { return found }
        }
        return nil
    }

    /// True when the modifier's action is a run-once-flag closure, calls a helper guarding one,
    /// or checks a flag in a way only a person can judge: `guard-flag-load` owns it.
    static func owns(_ modifier: LifecycleModifier, in view: ViewDeclaration) -> Bool {
        // As `guard-flag-load` reads them: a closure with a signature is not checked for a flag of its own.
        if let closure = modifier.closure, closure.signature == nil, find(in: closure.statements, of: view) != nil { return true }
        return guardingHelper(of: modifier, in: view) != nil || nearMiss(of: modifier, in: view) != nil
    }
}

extension ClosureExprSyntax {
    /// The indentation of the closure's statements and of its closing brace, as written,
    /// or (for a one-line closure) one unit deeper than the line of `{`.
    func bodyIndentation(in context: RuleContext) -> (statements: String, closingBrace: String) {
        let braceLine = context.lineIndentation(of: leftBrace)
        let firstOnItsLine = statements.first { $0.firstToken(viewMode: .sourceAccurate)?.leadingTrivia.contains(where: \.isNewline) == true }
        let statementIndent = firstOnItsLine.map { context.lineIndentation(of: $0) } ?? braceLine + context.style.indentUnit
        let closing = rightBrace.leadingTrivia.contains(where: \.isNewline) ? context.lineIndentation(of: rightBrace) : braceLine
        return (statementIndent, closing)
    }
}
