import SwiftSyntax

/// A run-once flag check that the rewrite cannot take out as it is: a compound guard
/// (`guard !shown, isSignedIn else { return }`, `if !didAppear, canFilter { … }`) or a guard
/// whose `else` does more than return (`else { log("skipped"); return }`).
///
/// Such a closure still hand-rolls "once" on top of `onAppear`, so `guard-flag-load`
/// reports it for a person to check, and `onappear-task` leaves it alone like any
/// run-once-flag closure.
struct FlagGuardNearMiss {
    /// What the check does besides testing the flag.
    enum Kind: Hashable, Sendable {
        /// The check also tests other conditions (its whole condition list quoted).
        case compoundCheck(conditions: String)
        /// The guard's `else` does more than return (its first statement quoted).
        case guardDoesMore(firstStatement: String)
    }

    /// The flag's name.
    var flag: String
    /// What a person must check.
    var kind: Kind

    /// The near miss among `statements` (or, when the last statement is a `Task { }`, the
    /// top level of its body), for a flag of `view` written somewhere in `statements`.
    static func find(in statements: CodeBlockItemListSyntax, of view: ViewDeclaration) -> FlagGuardNearMiss? {
        var scopes = [statements]
        if let last = statements.last, let task = InnerTask(last) { scopes.append(task.closure.statements) }
        for scope in scopes {
            for statement in scope {
                if let found = nearMiss(statement, of: view, writtenIn: Syntax(statements)) { return found }
            }
        }
        return nil
    }

    private static func nearMiss(_ statement: CodeBlockItemSyntax, of view: ViewDeclaration, writtenIn region: Syntax) -> FlagGuardNearMiss? {
        let conditions: ConditionElementListSyntax
        var elseStatements: CodeBlockItemListSyntax?
        if let guardStmt = statement.item.as(GuardStmtSyntax.self) {
            conditions = guardStmt.conditions
            elseStatements = guardStmt.body.statements
        } else if let ifExpr = RunOnceFlag.ifExpression(statement), ifExpr.elseBody == nil {
            conditions = ifExpr.conditions
        } else {
            return nil
        }
        var tests: [ExprSyntax] = []
        for element in conditions {
            guard case .expression(let expression) = element.condition else {
                tests.append(ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("_"))))
                continue
            }
            tests += conjuncts(of: expression)
        }
        for test in tests {
            // Only a check that lets the work through while the flag is still at its initial value
            // guards "once"; `guard appeared else { appeared = true; return }` skips the first time instead.
            guard let (name, proceedsWhen) = RunOnceFlag.flagTest(test), let property = view.storedProperty(named: name),
                  let initial = RunOnceFlag.flagInitialValue(property), proceedsWhen == initial, writes(name, in: region),
                  !isSetBack(name, to: initial, in: view) else { continue }
            let others = conditions.trimmedDescription
            if tests.count > 1 {
                return FlagGuardNearMiss(flag: name, kind: .compoundCheck(conditions: others))
            }
            if let elseStatements, elseStatements.count > 1 || !(elseStatements.last?.item.is(ReturnStmtSyntax.self) ?? false) {
                let first = elseStatements.first?.trimmedDescription ?? ""
                return FlagGuardNearMiss(flag: name, kind: .guardDoesMore(firstStatement: first))
            }
        }
        return nil
    }

    /// The operands of `a && b && c`, or the expression itself.
    private static func conjuncts(of expression: ExprSyntax) -> [ExprSyntax] {
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return [expression] }
        let elements = Array(sequence.elements)
        guard elements.count >= 3,
              elements.enumerated().allSatisfy({ index, element in
                  index % 2 == 0 || element.as(BinaryOperatorExprSyntax.self)?.operator.text == "&&"
              }) else { return [expression] }
        return elements.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    }

    /// True when the view assigns `name` its initial value (or anything but a literal)
    /// somewhere: a re-entrancy or state flag, not a run-once one.
    private static func isSetBack(_ name: String, to initial: Bool, in view: ViewDeclaration) -> Bool {
        for use in view.uses(of: name) {
            guard let sequence = use.parent?.parent?.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[0].id == use.id, elements[1].is(AssignmentExprSyntax.self) else { continue }
            guard let literal = elements[2].as(BooleanLiteralExprSyntax.self) else { return true }
            if (literal.literal.tokenKind == .keyword(.true)) == initial { return true }
        }
        return false
    }

    /// True when `region` writes `name` (`name = …`, `self.name = …`, `name.toggle()`).
    private static func writes(_ name: String, in region: Syntax) -> Bool {
        WorkTrace(of: [region], in: nil).events.contains(.assignment([name]))
    }
}
