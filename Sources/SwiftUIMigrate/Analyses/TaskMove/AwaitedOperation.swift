import SwiftSyntax

/// Work that awaits an operation it does not keep the result of, and keeps nothing else it
/// awaits: the view only waits for the operation to end.
///
/// ```swift
/// .onAppear {
///     Task {
///         await job.run?()           // an upload, a save, a job handed in: the result is dropped
///         isPresented = false        // the view only notes that it ended
///     }
/// }
/// ```
/// As `.task`, the operation would be cancelled when the view disappears — when the user
/// closes a panel or scrolls a row away — though it is not the view's to stop. A load keeps
/// what it awaits (`items = await api.page()`), and a call on the view's own model
/// (`await model.refresh()` on a `@StateObject`) is the view's work; neither is such an operation.
enum AwaitedOperation {
    /// Awaited calls that only wait: `MainActor.run { … }` hops, `Task.sleep` and `Task.yield`.
    static let waits: Set<String> = ["MainActor.run", "Task.sleep", "Task.yield", "Task.checkCancellation"]

    /// The first awaited call of `work` whose result is dropped, when the work — with the view's
    /// functions it calls (`followed`) — keeps nothing it awaits and calls no method of an
    /// object the view owns (`owned`) nor one that loads what the view shows (`loads`, as
    /// `model.refresh`); nil otherwise.
    static func droppedOperation(
        in work: [Syntax], view: ViewDeclaration?, followed: [String], owned: Set<String>, loads: Set<String> = []
    ) -> String? {
        var bodies = work
        if let view { bodies += followed.compactMap { view.function(named: $0)?.body.map(Syntax.init) } }
        var dropped: String?
        for body in bodies {
            let finder = AwaitFinder(viewMode: .sourceAccurate)
            finder.walk(body)
            if finder.awaitsStream { return nil }
            for awaited in finder.awaits {
                var expression = awaited.expression
                if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression }
                guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
                var callee = call.calledExpression
                if let chained = callee.as(OptionalChainingExprSyntax.self) { callee = chained.expression }
                if let reference = callee.as(DeclReferenceExprSyntax.self), followed.contains(reference.baseName.text) { continue }
                if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
                    if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self),
                       followed.contains(member.declName.baseName.text) { continue }
                    if waits.contains(base.trimmedDescription + "." + member.declName.baseName.text) { continue }
                    if let root = WorkTrace.path(of: base)?.first, owned.contains(root) { return nil }
                    if let receiver = WorkTrace.path(of: base), loads.contains((receiver + [member.declName.baseName.text]).joined(separator: ".")) {
                        return nil
                    }
                }
                guard isDropped(awaited) else { return nil }
                dropped = dropped ?? expression.trimmedDescription
            }
        }
        return dropped
    }

    /// True when `body` awaits nothing whose value it throws away (`await cache.save()`, `_ = await …`),
    /// apart from calls of the functions named in `followed` (read as part of it: `await updateEvents()`).
    static func keepsEveryAwaitedValue(_ body: Syntax, except followed: Set<String> = []) -> Bool {
        let finder = AwaitFinder(viewMode: .sourceAccurate)
        finder.walk(body)
        return !finder.awaits.contains { awaited in
            var expression = awaited.expression
            if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression }
            if let callee = expression.as(FunctionCallExprSyntax.self)?.ownMethodName, followed.contains(callee) { return false }
            if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
               let base = member.base, waits.contains(base.trimmedDescription + "." + member.declName.baseName.text) {
                return false
            }
            return isDropped(awaited)
        }
    }

    /// True when the await's value is thrown away: a statement of its own, or `_ = await …`.
    private static func isDropped(_ awaited: AwaitExprSyntax) -> Bool {
        var node = Syntax(awaited)
        if let tried = node.parent?.as(TryExprSyntax.self) { node = Syntax(tried) }
        if node.parent?.is(CodeBlockItemSyntax.self) ?? false { return true }
        if let sequence = node.parent?.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            return elements.count == 3 && elements[0].is(DiscardAssignmentExprSyntax.self)
                && elements[1].is(AssignmentExprSyntax.self) && elements[2].id == node.id
        }
        return false
    }
}

extension FunctionCallExprSyntax {
    /// The method of the caller's own type that the call names: `f` of `f()` and `self.f()`; nil for other calls.
    var ownMethodName: String? {
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = calledExpression.as(MemberAccessExprSyntax.self),
              member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
        return member.declName.baseName.text
    }
}

/// The `await` expressions of a piece of work, outside nested functions.
private final class AwaitFinder: SyntaxVisitor {
    var awaits: [AwaitExprSyntax] = []
    /// True when the work consumes a stream (`for await`), which keeps what it awaits.
    var awaitsStream = false

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        awaits.append(node)
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.awaitKeyword != nil { awaitsStream = true }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
