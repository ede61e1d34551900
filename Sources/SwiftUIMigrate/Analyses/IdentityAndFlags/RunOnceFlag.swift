import SwiftSyntax

/// A run-once flag: a `@State` Bool of the view, checked at the top of a lifecycle
/// closure and set in it, so the work after the check runs on the first appearance only.
///
/// ```swift
/// @State private var hasLoaded = false
/// .onAppear {
///     guard !hasLoaded else { return }
///     hasLoaded = true
///     Task { brew = try? await BrewStore.shared.fetch(brewID) }
/// }
/// ```
/// Recognised checks (for a flag initialised to `false`; the inverted forms for `true`):
/// `guard !flag else { return }`, `guard flag == false else { return }`,
/// `if flag { return }`, and `if !flag { …work… }` whose body is the work. `self.flag`
/// reads the same. Shared by `guard-flag-load` (which rewrites it) and `onappear-task`
/// (which leaves such closures alone), so results never depend on which rule runs first.
struct RunOnceFlag {
    /// How the closure checks the flag.
    enum CheckForm {
        /// `guard … else { return }` or `if … { return }`: the work follows.
        case earlyExit
        /// `if … { work }`: the body is the work.
        case wrap(CodeBlockSyntax)
    }

    /// The flag's property.
    var property: StoredProperty
    /// The flag's initial value: `false` for `hasLoaded`, `true` for `isFirstAppearance`.
    var initialValue: Bool
    /// The statement checking it.
    var check: CodeBlockItemSyntax
    /// The form of the check.
    var form: CheckForm
    /// The statements the check stands among (the closure's, or its inner Task's).
    var scope: CodeBlockItemListSyntax
    /// The flag's name.
    var name: String { property.name }

    /// The run-once flag checked in `statements` (or, when the last statement is a
    /// `Task { }`, at the top level of its body) and written somewhere in them; nil
    /// when there is none.
    static func find(in statements: CodeBlockItemListSyntax, of view: ViewDeclaration) -> RunOnceFlag? {
        if let flag = findCheck(in: statements, of: view, writtenIn: Syntax(statements)) { return flag }
        if let last = statements.last, let task = InnerTask(last) {
            return findCheck(in: task.closure.statements, of: view, writtenIn: Syntax(statements))
        }
        return nil
    }

    private static func findCheck(
        in statements: CodeBlockItemListSyntax, of view: ViewDeclaration, writtenIn region: Syntax
    ) -> RunOnceFlag? {
        for statement in statements {
            guard let (name, proceedsWhen, form) = checkParts(statement),
                  let property = view.storedProperty(named: name), let initial = flagInitialValue(property),
                  proceedsWhen == initial else { continue }
            let writes = FlagWriteFinder(name: name)
            writes.walk(region)
            guard writes.found else { continue }
            return RunOnceFlag(property: property, initialValue: initial, check: statement, form: form, scope: statements)
        }
        return nil
    }

    /// The initial value of a `@State` Bool initialised with a literal, or nil for any other property.
    static func flagInitialValue(_ property: StoredProperty) -> Bool? {
        // A flag under `#if` is left alone: its declaration cannot go without its clause.
        guard property.attributes == ["State"], !property.isLet, property.declaration.bindings.count == 1, property.conditions.isEmpty,
              property.type == nil || property.type?.trimmedDescription == "Bool",
              let literal = property.initializer?.as(BooleanLiteralExprSyntax.self) else { return nil }
        return literal.literal.tokenKind == .keyword(.true)
    }

    /// For a check statement: the flag's name, the flag value for which the work proceeds, and the form.
    private static func checkParts(_ statement: CodeBlockItemSyntax) -> (String, Bool, CheckForm)? {
        if let guardStmt = statement.item.as(GuardStmtSyntax.self) {
            guard guardStmt.conditions.count == 1, case .expression(let condition) = guardStmt.conditions.first!.condition,
                  isBareReturn(guardStmt.body), let (name, value) = flagTest(condition) else { return nil }
            return (name, value, .earlyExit)
        }
        guard let ifExpr = Self.ifExpression(statement), ifExpr.elseBody == nil, ifExpr.conditions.count == 1,
              case .expression(let condition) = ifExpr.conditions.first!.condition,
              let (name, value) = flagTest(condition) else { return nil }
        if isBareReturn(ifExpr.body) { return (name, !value, .earlyExit) }
        return (name, value, .wrap(ifExpr.body))
    }

    /// The `if` expression a statement consists of (bare, or wrapped as an expression statement).
    static func ifExpression(_ statement: CodeBlockItemSyntax) -> IfExprSyntax? {
        (statement.item.as(ExpressionStmtSyntax.self)?.expression ?? statement.item.as(ExprSyntax.self))?.as(IfExprSyntax.self)
    }

    /// True for `{ return }`.
    static func isBareReturn(_ block: CodeBlockSyntax) -> Bool {
        guard block.statements.count == 1, let statement = block.statements.first,
              let returnStmt = statement.item.as(ReturnStmtSyntax.self) else { return false }
        return returnStmt.expression == nil
    }

    /// `flag`, `!flag`, `flag == true`, `false != flag` …: the flag's name and the value for which it holds.
    static func flagTest(_ expression: ExprSyntax) -> (String, Bool)? {
        if let name = expression.referencedPropertyName { return (name, true) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
           let only = tuple.elements.first, only.label == nil {
            return flagTest(only.expression)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
           let (name, value) = flagTest(prefix.expression) {
            return (name, !value)
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            guard let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=" else { return nil }
            let equal = op == "=="
            let pairs = [(elements[0], elements[2]), (elements[2], elements[0])]
            for (side, other) in pairs {
                if let name = side.referencedPropertyName, let literal = other.as(BooleanLiteralExprSyntax.self) {
                    let value = literal.literal.tokenKind == .keyword(.true)
                    return (name, equal ? value : !value)
                }
            }
        }
        return nil
    }

    /// The value a statement assigns to `name` (`toggle()` counts as `!initial` for callers
    /// that only ask about the first write); nil when it does not write the flag as a whole statement.
    private static func assignedValue(_ statement: CodeBlockItemSyntax, name: String) -> Bool?? {
        guard case .expr(let expression) = statement.item else { return nil }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            guard elements[1].is(AssignmentExprSyntax.self), elements[0].referencedPropertyName == name else { return nil }
            guard let literal = elements[2].as(BooleanLiteralExprSyntax.self) else { return .some(nil) }
            return .some(literal.literal.tokenKind == .keyword(.true))
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
           let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "toggle",
           let base = member.base, base.referencedPropertyName == name {
            return .some(nil)
        }
        return nil
    }

    /// True when the statement writes the flag, with a value, a toggle or anything else.
    func isWrite(_ statement: CodeBlockItemSyntax) -> Bool {
        Self.assignedValue(statement, name: name) != nil
    }

    /// True when a `.toggle()` or a literal assignment of `!initial`: a set the rule can remove.
    func isRemovableSet(_ statement: CodeBlockItemSyntax) -> Bool {
        switch Self.assignedValue(statement, name: name) {
        case .some(.some(let value)): return value == !initialValue
        case .some(.none):
            // `flag.toggle()` sets it away from the initial value the first time; a non-literal
            // assignment is not removable.
            guard case .expr(let expression) = statement.item else { return false }
            return expression.is(FunctionCallExprSyntax.self)
        case .none: return false
        }
    }

    /// The statement a `withAnimation { flag = true }` or `(try) await MainActor.run { flag = true }`
    /// call removes the set from: the nested set statement, and whether it is the call's only statement.
    func setInsideAnimation(_ statement: CodeBlockItemSyntax) -> (set: CodeBlockItemSyntax, isOnly: Bool)? {
        guard case .expr(var expression) = statement.item else { return nil }
        if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression }
        if let awaited = expression.as(AwaitExprSyntax.self) { expression = awaited.awaitedExpression }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.calledName == "withAnimation" || Self.isMainActorRun(call),
              let closure = call.soleClosure ?? call.trailingClosure, closure.signature == nil else { return nil }
        guard let set = closure.statements.first(where: { isRemovableSet($0) }) else { return nil }
        return (set, closure.statements.count == 1)
    }
}

extension RunOnceFlag {
    /// True for `MainActor.run { … }`: its closure runs as part of the work, on the main actor.
    static func isMainActorRun(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "run" else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "MainActor"
    }
}

/// Finds whether a region writes a flag: `flag = …`, `self.flag = …`, `flag.toggle()`.
private final class FlagWriteFinder: SyntaxVisitor {
    let name: String
    var found = false

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), elements[0].referencedPropertyName == name {
            found = true
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "toggle",
           member.base?.referencedPropertyName == name {
            found = true
        }
        return .visitChildren
    }
}
