import SwiftSyntax

/// Moving a lifecycle action's work into `.task`: the inner `Task { }` whose body takes
/// its place, the priority the modifier takes over, and the edits that turn the header
/// into `.task`/`.task(id:)`/`.task(priority:)` and rebuild the body.
///
/// Shared by every rule that moves work into `.task` (`onappear-task`, `guard-flag-load`,
/// `appear-change-load`), so the body is built, and the reasons to leave a Task alone are
/// found, in one place (each rule words them).
///
/// ```swift
/// var move = TaskUnwrapping(modifier: modifier, closure: closure, pieces: keptStatements)
/// try move.unwrapLastTask(inView: true)   // throws TaskUnwrapping.Obstacle
/// let edits = move.edits(id: "brewID", context: context)
/// ```
struct TaskUnwrapping {
    /// Why the work cannot move into `.task`.
    enum Obstacle: Error, Hashable, Sendable {
        /// `Task.detached { }`, which does not inherit the view's actor.
        case detached
        /// `let t = Task { }`: other code may await or cancel it.
        case stored(in: String)
        /// `Task { @MainActor in … }` outside a view struct, where `.task`'s action may not run on the main actor.
        case mainActorOutsideView
        /// The operation has a signature (`{ [weak self] in`) that `.task`'s action cannot take.
        case signature(String)
        /// The operation throws out of its body.
        case throwsOut
        /// The operation returns a value.
        case returnsValue
        /// More than one Task, or a Task followed by other statements.
        case taskNotLast
        /// `.onAppear { a(); Task { b() } }` where the Task never awaits: it exists to run `b()`
        /// on a later turn of the main actor than `a()`, which one `.task` body would not.
        case deferralOnly
        /// `.task(priority: p) { Task(priority: q) { … } }`.
        case priorityTwice

        /// True for an obstacle in the Task's own closure that a person clears by editing it (a signature, a
        /// throw, a returned value): the same work would then move.
        var isInTaskClosure: Bool {
            switch self {
            case .signature, .throwsOut, .returnsValue: true
            default: false
            }
        }
    }

    /// The modifier whose header becomes `.task…`.
    let modifier: LifecycleModifier
    /// The action closure whose body is rebuilt.
    let closure: ClosureExprSyntax
    /// The body to write: the kept statements, with an unwrapped task's body in place of the task.
    private(set) var pieces: [BodyPiece]
    /// The priority `.task(priority:)` takes: the modifier's own, or the inner task's.
    private(set) var priority: String?
    /// Where the last statement's unwrapped Task begins among the pieces (nil once the caller
    /// replaces them).
    private var lastTaskStart: Int?

    /// Starts from `pieces`, the statements of `closure` that the `.task` keeps.
    init(modifier: LifecycleModifier, closure: ClosureExprSyntax, pieces: [BodyPiece]) {
        self.modifier = modifier
        self.closure = closure
        self.pieces = pieces
        self.priority = modifier.priority?.trimmedDescription
    }

    /// Starts from the closure's own statements, unchanged.
    init(modifier: LifecycleModifier, closure: ClosureExprSyntax) {
        self.init(modifier: modifier, closure: closure, pieces: closure.statements.map { .statement($0, holes: []) })
    }

    /// The statements written into the `.task`: the work it runs.
    var statements: [CodeBlockItemSyntax] { pieces.compactMap(\.statement) }

    /// The work that would move into `.task` once an obstacle in the last `Task { }`'s own closure is cleared:
    /// the statements, with that Task's body in place of the Task.
    var workOnceCleared: [Syntax] {
        let last = statements.last { InnerTask($0) != nil }
        return statements.flatMap { statement in
            statement.id == last?.id ? InnerTask(statement)!.closure.statements.map(Syntax.init) : [Syntax(statement)]
        }
    }

    /// The body pieces of `task` unwrapped: the comments above `Task {` and after it, the
    /// task's statements (or `body`, when the caller has already changed them), and the
    /// comments before its `}`.
    static func unwrappedPieces(of task: InnerTask, body: [BodyPiece]? = nil) -> [BodyPiece] {
        var pieces: [BodyPiece] = [.leadingComments(of: task.statement), .trailingComments(of: task.closure.leftBrace)]
        pieces += body ?? task.closure.statements.map { .statement($0, holes: []) }
        pieces.append(.closingComments(of: task.closure.rightBrace))
        return pieces
    }

    /// Records that the caller has put `task`'s body among the pieces (with
    /// `unwrappedPieces(of:body:)`): checks it can move and takes over its priority.
    mutating func adopt(_ task: InnerTask, inView: Bool) throws(Obstacle) {
        if let obstacle = task.obstacle(inView: inView) { throw obstacle }
        if let taskPriority = task.priority {
            if priority != nil { throw .priorityTwice }
            priority = taskPriority.trimmedDescription
        }
    }

    /// Unwraps the `Task { }` among the statements, which must be the only one and the last
    /// statement; does nothing when there is none. `inView`: the action stands in a view,
    /// whose `.task` action runs on the main actor (so `{ @MainActor in` may go).
    mutating func unwrapLastTask(inView: Bool) throws(Obstacle) {
        let tasks = statements.compactMap(InnerTask.init)
        guard let task = tasks.last else { return }
        if let obstacle = tasks.lazy.compactMap({ $0.obstacle(inView: inView) }).first { throw obstacle }
        guard tasks.count == 1, statements.last?.id == task.statement.id,
              let index = pieces.firstIndex(where: { $0.statement?.id == task.statement.id }) else {
            throw .taskNotLast
        }
        if statements.count > 1, !Suspension.canSuspend(task.closure.statements.map(Syntax.init)) {
            throw .deferralOnly
        }
        try adopt(task, inView: inView)
        pieces.replaceSubrange(index...index, with: Self.unwrappedPieces(of: task))
        lastTaskStart = index
    }

    /// Replaces the pieces, for a caller that removes statements after unwrapping.
    mutating func replacePieces(_ transform: ([BodyPiece]) -> [BodyPiece]) {
        pieces = transform(pieces)
        lastTaskStart = nil
    }

    /// The synchronous statements that stood before the unwrapped last Task (empty when none).
    var syncPrefix: [CodeBlockItemSyntax] {
        guard let lastTaskStart else { return [] }
        return pieces[..<lastTaskStart].compactMap(\.statement)
    }

    /// The statements of the unwrapped last Task's body.
    var taskStatements: [CodeBlockItemSyntax] {
        guard let lastTaskStart else { return statements }
        return pieces[lastTaskStart...].compactMap(\.statement)
    }

    /// The edits that leave the synchronous statements before the Task in the modifier
    /// (`.onAppear { a = 1 }`) and add `.task { … }` after it with the Task's body, keyed on
    /// `id` (if any) with the priority; nil when no statement stood before the Task.
    func splitEdits(id: String?, context: RuleContext) -> [ByteEdit]? {
        guard let lastTaskStart, lastTaskStart > 0 else { return nil }
        var kept = ClosureBodyWriter(context: context)
        kept.add(Array(pieces[..<lastTaskStart]))
        var moved = ClosureBodyWriter(context: context)
        moved.add(Array(pieces[lastTaskStart...]))
        let indentation = closure.bodyIndentation(in: context)
        let bodyRange = closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset..<closure.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
        let keptBody = kept.body(after: closure.leftBrace, indent: indentation.statements, closingIndent: indentation.closingBrace)

        // `.task` goes on a line of its own when the modifier begins one, else right after it.
        let ending = context.style.lineEnding
        let period = modifier.nameToken.previousToken(viewMode: .sourceAccurate)
        let opensLine = period?.leadingTrivia.contains(where: \.isNewline) ?? false
        let chainIndent = opensLine ? period.map { context.lineIndentation(of: $0) } ?? "" : indentation.closingBrace
        let header = (opensLine ? ending + chainIndent : "") + "." + LifecycleModifier.taskHeader(id: id, priority: priority) + " {"
        let taskText = header + ending + moved.lines(indent: chainIndent + context.style.indentUnit) + ending + chainIndent + "}"
        // One edit of whole lines, from the modifier's line to the end of the call, so what a later pass
        // finds in the new `.task` maps back to lines of the original.
        let start = context.lineStart(at: modifier.nameToken.positionAfterSkippingLeadingTrivia.utf8Offset)
        let end = modifier.call.endPositionBeforeTrailingTrivia.utf8Offset
        let opening = context.text(start..<bodyRange.lowerBound)
        let closing = context.text(bodyRange.upperBound..<end)
        return [ByteEdit(range: start..<end, replacement: opening + keptBody + closing + taskText)]
    }

    /// True when the work has a suspension point (`await`, `for await`) outside nested
    /// functions: only then can cancelling the `.task` cut it short.
    var canSuspend: Bool {
        Suspension.canSuspend(statements.map(Syntax.init))
    }

    /// The edits that turn the modifier into `.task` keyed on `id` (if any) with the priority,
    /// and write the pieces as the closure's body in the file's style.
    func edits(id: String?, context: RuleContext) -> [ByteEdit] {
        var writer = ClosureBodyWriter(context: context)
        writer.add(pieces)
        let indentation = closure.bodyIndentation(in: context)
        var edits = modifier.headerEdits(id: id, priority: priority)
        edits.append(ByteEdit(
            range: closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset..<closure.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
            replacement: writer.body(after: closure.leftBrace, indent: indentation.statements, closingIndent: indentation.closingBrace)))
        return edits
    }
}
