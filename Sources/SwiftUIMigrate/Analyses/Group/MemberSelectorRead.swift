import SwiftSyntax

/// A lifecycle action on a Group that waits for the value choosing which member shows: it opens
/// with a check of that value that stops it at the value's first state.
///
/// ```swift
/// @State private var error: String?                          // starts nil
/// Group {
///     if let error { Text(error) } else { ProgressView() }   // `error` chooses the member
/// }
/// .task { guard let error else { return }; await report(error) }
/// ```
/// Applied to each member, the action ran again on the member a new `error` brought in; on one
/// container it runs once, while `error` is still nil, and stops. So a hoist is no "no runtime
/// change": keyed on the value (`.task(id: error)`), the container's task runs again when it
/// changes; an action that cannot be keyed so is for a person to move.
struct MemberSelectorRead {
    /// The lifecycle modifier whose action waits for the value.
    var modifier: Modifier
    /// The value, a `@State` property of the view that the Group's branch conditions read: `error`.
    var selector: String
    /// True when `.task(id: selector)` can stand for the action: the modifier is `task` without an id,
    /// and the value's declared type is known to be Equatable (or it is a Bool flag).
    var isKeyable: Bool

    /// The first lifecycle action of `site`'s chain (its closure, or the view's function it names)
    /// whose opening check stops it while a `@State` value the Group's branch conditions read is
    /// at its initial value (`nil`, or a Bool literal); nil when none does.
    static func first(in site: GroupSite, view: ViewDeclaration?) -> MemberSelectorRead? {
        guard let view else { return nil }
        let selectors = GroupMembers.choosingConditions(of: site.group.content.statements)
            .flatMap(CancellationHazard.readPaths).filter { $0.count == 1 }.map { $0[0] }
        guard !selectors.isEmpty else { return nil }
        for modifier in site.chain.modifiers where GroupModifierKind.isLifecycle(modifier.name) {
            guard let opening = openingStatement(of: MemberChoiceWrite.actionBodies(of: modifier, view: view)),
                  let selector = selectors.first(where: { stopsAtFirst(opening, on: $0, in: view) }) else { continue }
            let hasID = modifier.call?.arguments.contains { $0.label?.text == "id" } ?? false
            // A Bool flag (`= false`) needs no written type to be Equatable.
            let property = view.storedProperty(named: selector)
            let isEquatable = property?.type.map(IdentityInference.isKnownEquatable)
                ?? property.map { RunOnceFlag.flagInitialValue($0) != nil } ?? false
            return MemberSelectorRead(modifier: modifier, selector: selector, isKeyable: modifier.name == "task" && !hasID && isEquatable)
        }
        return nil
    }

    /// The edit keying the task on the value: `.task {` → `.task(id: error) {`, `.task(priority: .low)` →
    /// `.task(id: error, priority: .low)`.
    var keyEdit: ByteEdit {
        let argument = "id: \(selector)"
        if let leftParen = modifier.call?.leftParen {
            let separator = modifier.call?.arguments.isEmpty ?? true ? "" : ", "
            return .insert(argument + separator, at: leftParen.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        return .insert("(\(argument))", at: modifier.memberAccess.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    /// The first statement of the action's first body, or of the `Task { }` it opens with.
    private static func openingStatement(of bodies: [Syntax]) -> CodeBlockItemSyntax? {
        guard let body = bodies.first else { return nil }
        let statements = body.as(CodeBlockItemListSyntax.self) ?? body.as(CodeBlockSyntax.self)?.statements
        guard let first = statements?.first else { return nil }
        if let task = InnerTask(first) { return task.closure.statements.first }
        return first
    }

    /// True when `statement` — `guard … else { return }`, `if … { return }`, or an `if … { }` that is the
    /// whole action — stops the action while `name` holds its initial value.
    private static func stopsAtFirst(_ statement: CodeBlockItemSyntax, on name: String, in view: ViewDeclaration) -> Bool {
        guard let property = view.storedProperty(named: name), property.attributes == ["State"] else { return false }
        if let guardStmt = statement.item.as(GuardStmtSyntax.self) {
            // The guard goes on only when every condition holds.
            return guardStmt.conditions.contains { element in
                conjuncts(of: element).contains { holdsAtFirst($0, on: name, property) == false }
            }
        }
        guard let ifExpr = RunOnceFlag.ifExpression(statement), ifExpr.elseBody == nil else { return false }
        if RunOnceFlag.isBareReturn(ifExpr.body) {
            guard ifExpr.conditions.count == 1, let condition = ifExpr.conditions.first else { return false }
            let parts = conjuncts(of: condition)
            return parts.count == 1 && holdsAtFirst(parts[0], on: name, property) == true
        }
        // `if … { work }` as the whole action runs its work only when every condition holds.
        guard statement.parent?.as(CodeBlockItemListSyntax.self)?.count == 1 else { return false }
        return ifExpr.conditions.contains { element in
            conjuncts(of: element).contains { holdsAtFirst($0, on: name, property) == false }
        }
    }

    /// One condition of a check: a binding `let name`, or an expression.
    private enum Conjunct {
        case binding(String)
        case expression(ExprSyntax)
    }

    /// The parts of one condition element joined by `&&`.
    private static func conjuncts(of element: ConditionElementSyntax) -> [Conjunct] {
        switch element.condition {
        case .optionalBinding(let binding):
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return [] }
            // `let name` and `let name = name` test the property; `let x = other` does not.
            if let value = binding.initializer?.value, value.as(DeclReferenceExprSyntax.self)?.baseName.text != pattern.identifier.text {
                return []
            }
            return [.binding(pattern.identifier.text)]
        case .expression(let expression):
            return expression.operands(joinedBy: "&&").map(Conjunct.expression)
        default:
            return []
        }
    }

    /// Whether `part` holds while the `@State` property `name` has its initial value (`nil` for an
    /// optional without one or with `= nil`, or a Bool literal); nil when it does not test `name` in a
    /// form read here.
    private static func holdsAtFirst(_ part: Conjunct, on name: String, _ property: StoredProperty) -> Bool? {
        let startsNil = property.initializer.map { $0.is(NilLiteralExprSyntax.self) }
            ?? (property.type?.is(OptionalTypeSyntax.self) == true ? true : nil)
        switch part {
        case .binding(let bound):
            guard bound == name, let startsNil else { return nil }
            return !startsNil
        case .expression(let expression):
            if let (flag, holdsWhen) = RunOnceFlag.flagTest(expression), flag == name,
               let initial = RunOnceFlag.flagInitialValue(property) {
                return initial == holdsWhen
            }
            guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3, let startsNil else { return nil }
            let elements = Array(sequence.elements)
            guard let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=",
                  elements[2].is(NilLiteralExprSyntax.self), WorkTrace.path(of: elements[0]) == [name] else { return nil }
            return (op == "==") == startsNil
        }
    }
}
