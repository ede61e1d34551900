import SwiftSyntax

/// A `Task { … }` statement inside a lifecycle closure, and whether its body can move out of it.
///
/// Recognises `Task { }`, `Task(priority: p) { }`, `_ = Task { }`, `Task.detached { }`
/// and stored tasks (`let t = Task { }`, `self.task = Task { }`). Only a plain task's
/// body can be unwrapped into `.task { }`: a detached task does not inherit the view's
/// actor, and a stored one may be awaited or cancelled elsewhere.
struct InnerTask {
    /// How the task is created.
    enum Kind: Equatable {
        /// `Task { }`, `Task(priority:) { }` or `_ = Task { }`.
        case plain
        /// `Task.detached { }`.
        case detached
        /// `let name = Task { }` or `name = Task { }`; the associated value names where it is kept.
        case stored(String)
    }

    /// The statement holding the task.
    var statement: CodeBlockItemSyntax
    /// The `Task(…) { }` call.
    var call: FunctionCallExprSyntax
    /// The task's operation.
    var closure: ClosureExprSyntax
    /// The `priority:` argument, as written.
    var priority: ExprSyntax?
    /// How the task is created.
    var kind: Kind

    /// The task the statement `item` creates, if it is one of the recognised forms.
    init?(_ item: CodeBlockItemSyntax) {
        switch item.item {
        case .expr(let expression):
            if let call = expression.as(FunctionCallExprSyntax.self) {
                guard let parts = Self.taskCall(call) else { return nil }
                self.init(statement: item, call: call, parts: parts, kind: .plain)
            } else if let sequence = expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                      let call = elements[2].as(FunctionCallExprSyntax.self), let parts = Self.taskCall(call) else {
                    return nil
                }
                let kind: Kind = elements[0].is(DiscardAssignmentExprSyntax.self) ? .plain : .stored(elements[0].trimmedDescription)
                self.init(statement: item, call: call, parts: parts, kind: kind)
            } else {
                return nil
            }
        case .decl(let declaration):
            guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                  let binding = variable.bindings.first,
                  let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                  let parts = Self.taskCall(call) else { return nil }
            let name = binding.pattern.trimmedDescription
            self.init(statement: item, call: call, parts: parts, kind: .stored(name))
        default:
            return nil
        }
    }

    /// `kind` is how the statement keeps the task; a detached task is `.detached` however it is kept.
    private init(statement: CodeBlockItemSyntax, call: FunctionCallExprSyntax, parts: TaskCallParts, kind: Kind) {
        self.statement = statement
        self.call = call
        self.closure = parts.closure
        self.priority = parts.priority
        self.kind = parts.detached ? .detached : kind
    }

    private typealias TaskCallParts = (closure: ClosureExprSyntax, priority: ExprSyntax?, detached: Bool)

    /// The operation and priority of `Task(…) { }` / `Task.detached(…) { }`.
    private static func taskCall(_ call: FunctionCallExprSyntax) -> TaskCallParts? {
        var callee = call.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        let detached: Bool
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Task" {
            detached = false
        } else if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "detached",
                  let base = member.base, Self.isTaskType(base) {
            detached = true
        } else {
            return nil
        }
        guard call.additionalTrailingClosures.isEmpty else { return nil }
        var priority: ExprSyntax?
        var closure = call.trailingClosure
        for argument in call.arguments {
            switch argument.label?.text {
            case "priority": priority = argument.expression
            case "operation" where closure == nil:
                guard let operation = argument.expression.as(ClosureExprSyntax.self) else { return nil }
                closure = operation
            default: return nil
            }
        }
        guard let closure else { return nil }
        return (closure, priority, detached)
    }

    private static func isTaskType(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "Task" }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) { return isTaskType(specialized.expression) }
        return false
    }

    /// Where a `Task` is started below the top level of `closure`: inside an `if`, a
    /// `switch`, a loop or a closure passed to a call (`withAnimation { Task { } }`), not
    /// inside a nested `Task`'s body or a nested function. Nil when there is none.
    ///
    /// The construct is named by ``NestingConstruct``.
    static func nestedStart(in closure: ClosureExprSyntax) -> (call: FunctionCallExprSyntax, container: NestingConstruct)? {
        nestedStart(in: Syntax(closure.statements), below: Syntax(closure))
    }

    /// Where a `Task` is started inside one of `statements` rather than as one of them (the
    /// same constructs as `nestedStart(in:)`), or nil.
    static func nestedStart(in statements: [CodeBlockItemSyntax]) -> (call: FunctionCallExprSyntax, container: NestingConstruct)? {
        for statement in statements where InnerTask(statement) == nil {
            if let found = nestedStart(in: Syntax(statement.item), below: Syntax(statement)) { return found }
        }
        return nil
    }

    private static func nestedStart(in region: Syntax, below root: Syntax) -> (call: FunctionCallExprSyntax, container: NestingConstruct)? {
        let finder = NestedTaskFinder(viewMode: .sourceAccurate)
        finder.walk(region)
        guard let call = finder.found else { return nil }
        var node = Syntax(call)
        while let parent = node.parent, parent.id != root.id {
            if parent.is(IfExprSyntax.self) { return (call, .ifStatement) }
            if parent.is(GuardStmtSyntax.self) { return (call, .guardElse) }
            if parent.is(SwitchExprSyntax.self) { return (call, .switchStatement) }
            if parent.is(ForStmtSyntax.self) { return (call, .forLoop) }
            if parent.is(WhileStmtSyntax.self) || parent.is(RepeatStmtSyntax.self) { return (call, .whileLoop) }
            if parent.is(DoStmtSyntax.self) { return (call, .doBlock) }
            if parent.is(IfConfigDeclSyntax.self) { return (call, .compilationCondition) }
            if let inner = parent.as(ClosureExprSyntax.self) {
                let owner = inner.parent?.as(FunctionCallExprSyntax.self)
                    ?? inner.parent?.parent?.as(FunctionCallExprSyntax.self)
                    ?? inner.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                return (call, .closure(passedTo: owner?.calledExpression.trimmedDescription))
            }
            node = parent
        }
        if let sequence = call.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) {
            return (call, .assignment)
        }
        return (call, .expression)
    }

    /// The construct a nested `Task` is started in.
    enum NestingConstruct: Hashable, Sendable {
        case ifStatement, guardElse, switchStatement, forLoop, whileLoop, doBlock
        /// A closure, passed to the call named (`withAnimation`) when there is one.
        case closure(passedTo: String?)
        /// An assignment (`task = Task { … }` below the top level).
        case assignment
        /// Any other expression.
        case expression
        /// An `#if` block.
        case compilationCondition
    }

    /// True when some of `nodes` start a `Task` (at any depth, not in nested functions).
    static func isStarted(in nodes: [Syntax]) -> Bool {
        let finder = NestedTaskFinder(viewMode: .sourceAccurate)
        for node in nodes where finder.found == nil { finder.walk(node) }
        return finder.found != nil
    }

    /// What keeps the task's body from becoming a `.task` action, or nil when nothing does.
    ///
    /// A detached or stored task keeps its own lifetime; an operation with a signature,
    /// one that throws out of its body, or one that returns a value does not fit
    /// `.task`'s non-throwing `() async -> Void` action. In a view (`inView`), whose
    /// members run on the main actor, `{ @MainActor in … }` is what `.task`'s action
    /// inherits anyway, so that signature alone does not stop the unwrapping.
    func obstacle(inView: Bool) -> TaskUnwrapping.Obstacle? {
        switch kind {
        case .detached:
            return .detached
        case .stored(let name):
            return .stored(in: name)
        case .plain:
            break
        }
        if closure.isMainActorOnly && !inView {
            return .mainActorOutsideView
        }
        if let signature = closure.signature, !closure.isMainActorOnly {
            return .signature(signature.trimmedDescription)
        }
        let scan = OperationScan(viewMode: .sourceAccurate)
        scan.walk(closure.statements)
        if scan.throwsOut {
            return .throwsOut
        }
        if scan.returnsValue {
            return .returnsValue
        }
        return nil
    }
}

/// Looks through a task operation for errors thrown out of it and returned values,
/// without entering nested closures or functions.
private final class OperationScan: SyntaxVisitor {
    var throwsOut = false
    var returnsValue = false

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        // A `do` with a catch-all clause handles what its body throws; its catch clauses may throw again.
        if node.catchClauses.contains(where: { $0.catchItems.isEmpty }) {
            for clause in node.catchClauses { walk(clause) }
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        if node.questionOrExclamationMark == nil { throwsOut = true }
        return .visitChildren
    }

    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
        throwsOut = true
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.tryKeyword != nil { throwsOut = true }
        return .visitChildren
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.expression != nil { returnsValue = true }
        return .visitChildren
    }
}

/// Finds the first `Task { }` / `Task.detached { }` call, not entering a task's operation
/// (a task started by a task is that task's business) or a nested function.
private final class NestedTaskFinder: SyntaxVisitor {
    var found: FunctionCallExprSyntax?

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        var callee = node.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        let isTask = callee.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task"
            || (callee.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.text == "detached" && $0.base?.trimmedDescription == "Task" } ?? false)
        // `Task { }`, `Task(priority:) { }`, and `Task(operation: action)` given a function.
        let hasOperation = node.trailingClosure != nil
            || node.arguments.contains { $0.expression.is(ClosureExprSyntax.self) || $0.label?.text == "operation" }
        if isTask && hasOperation {
            found = node
            return .skipChildren
        }
        return .visitChildren
    }
}
