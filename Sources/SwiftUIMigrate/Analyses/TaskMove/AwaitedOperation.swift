import SwiftSyntax

/// An awaited call made for its effect: its result is thrown away and it is called on something
/// the view does not own — an injected service, a shared instance, a closure handed in, a global.
///
/// ```swift
/// .onAppear {
///     Task {
///         let invoice = try? await wallet.fetchInvoice()   // a kept result does not make it a load
///         try? await wallet.send(invoice)                  // an effect: a payment that must finish
///         path.append(.done)
///     }
/// }
/// ```
/// As `.task`, the call would be cancelled when the view disappears — a sheet dismissed mid-send —
/// though what it does is not the view's to stop. The call is judged by how its result is used and
/// on what it is called, never by whether its body is in sight. Calls of the view's own methods are
/// followed — what they set decides, and work that keeps nothing it awaits only waits for an
/// operation (`droppedOperation`) — and calls on a model the view owns (`@StateObject`, an
/// `@Observable` in `@State`) are the view's work; `Task.sleep`, `Task.yield` and `MainActor.run`
/// are waits.
enum AwaitedOperation {
    /// Awaited calls that only wait: `MainActor.run { … }` hops, `Task.sleep` and `Task.yield`.
    static let waits: Set<String> = ["MainActor.run", "Task.sleep", "Task.yield", "Task.checkCancellation"]

    /// Functions that only group the awaits of their closure, each judged on its own.
    static let groups: Set<String> = ["withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup"]

    /// The first awaited call of `work` itself whose result is dropped and whose receiver the view
    /// does not own (`owned`: the roots of the view's owned state), quoted as written; nil when there
    /// is none. A call of the view's own function is no such call: what that function sets decides
    /// (`droppedOperation`).
    static func effect(in work: [Syntax], view: ViewDeclaration?, owned: Set<String>) -> String? {
        let finder = SuspensionPoints()
        for body in work { finder.walk(body) }
        for awaited in finder.awaits where isDropped(awaited) {
            guard let call = awaited.awaitedExpression.as(FunctionCallExprSyntax.self) else { continue }
            var callee = call.calledExpression
            if let chained = callee.as(OptionalChainingExprSyntax.self) { callee = chained.expression }
            if let name = call.ownMethodName, view?.function(named: name) != nil || groups.contains(name) { continue }
            if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
                if waits.contains(base.trimmedDescription + "." + member.declName.baseName.text) { continue }
                if let root = WorkTrace.path(of: base)?.first, owned.contains(root) { continue }
            }
            return call.trimmedDescription
        }
        return nil
    }

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
        let finder = SuspensionPoints()
        for body in bodies { finder.walk(body) }
        if finder.awaitsStream { return nil }
        for awaited in finder.awaits {
            guard let call = awaited.awaitedExpression.as(FunctionCallExprSyntax.self) else { return nil }
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
            dropped = dropped ?? call.trimmedDescription
        }
        return dropped
    }

    /// True when `body` awaits nothing whose value it throws away (`await cache.save()`, `_ = await …`),
    /// apart from calls of the functions named in `followed` (read as part of it: `await updateEvents()`).
    static func keepsEveryAwaitedValue(_ body: Syntax, except followed: Set<String> = []) -> Bool {
        let finder = SuspensionPoints()
        finder.walk(body)
        return !finder.awaits.contains { awaited in
            let call = awaited.awaitedExpression.as(FunctionCallExprSyntax.self)
            if let callee = call?.ownMethodName, followed.contains(callee) { return false }
            if let member = call?.calledExpression.as(MemberAccessExprSyntax.self),
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

extension AwaitExprSyntax {
    /// The expression awaited, past a `try` written after `await`: `load()` of `await load()` and `await try load()`.
    var awaitedExpression: ExprSyntax { expression.as(TryExprSyntax.self)?.expression ?? expression }
}
