import SwiftSyntax

/// Whether work can suspend — an `await` or a `for await` outside nested functions — answered in one
/// place for the rules that move work into `.task`: only work that can suspend can be cut short by
/// `.task`'s cancellation, and only work that suspends (or starts a `Task`) is a load.
enum Suspension {
    /// True when running `work` can reach a suspension point: in its statements, in the closures
    /// they pass to calls and, given `view`, in the view's functions they call (`WorkTrace`).
    static func canSuspend(_ work: [Syntax], following view: ViewDeclaration? = nil) -> Bool {
        WorkTrace(of: work, in: view).events.contains(.suspension)
    }

    /// True when the statements themselves suspend, outside the closures and functions they
    /// declare: those run when something else calls them (an observer callback, `asyncAfter`, a
    /// Task that is not the last statement), not as part of this work.
    static func suspendsItself(_ statements: [CodeBlockItemSyntax]) -> Bool {
        let points = SuspensionPoints(intoClosures: false)
        for statement in statements { points.walk(statement) }
        return !points.awaits.isEmpty || points.awaitsStream
    }

    /// True when guarded work loads: it can suspend (also in the view's functions it calls) or
    /// starts a `Task`. Anything else is one-time setup that `task(id:)` would redo.
    static func isLoad(_ work: [Syntax], in view: ViewDeclaration) -> Bool {
        canSuspend(work, following: view) || InnerTask.isStarted(in: work)
    }
}

/// The suspension points of a piece of work, outside nested functions: its `await` expressions,
/// and whether it consumes a stream (`for await`). Without `intoClosures`, the closures it
/// declares are left out too.
final class SuspensionPoints: SyntaxVisitor {
    /// The `await` expressions, in source order.
    private(set) var awaits: [AwaitExprSyntax] = []
    /// True when the work consumes a stream (`for await`), which keeps what it awaits.
    private(set) var awaitsStream = false
    private let intoClosures: Bool

    init(intoClosures: Bool = true) {
        self.intoClosures = intoClosures
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        awaits.append(node)
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.awaitKeyword != nil { awaitsStream = true }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { intoClosures ? .visitChildren : .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
