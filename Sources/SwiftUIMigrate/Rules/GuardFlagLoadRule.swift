import SwiftSyntax

fileprivate enum Message {
    static let rewrite = "key the load on the view's identity with task(id:) instead of a run-once flag"
    static let keep = "keep the run-once flag"
    static let skip = "check this flag-guarded work by hand"
    static let kept = "kept: no identity to key on"
    static let setup = "kept: one-time setup, not a load: task(id:) would redo it on each appearance"
}

/// Replaces a run-once `@State` flag guarding `.onAppear`/`.task` with `.task(id:)` keyed on
/// the view's identity.
///
/// Statements before the guard stay where they are: they ran on every appearance and
/// still do. The flag's declaration is removed with its doc comment.
public struct GuardFlagLoadRule: Rule {
    public init() {}
    public var id: String { "guard-flag-load" }
    public var isEnabledByDefault: Bool { true }
    // The modifiers the flag guards, not "@State", which most view files hold.
    public var triggerWords: [String] { [".onAppear", ".task"] }
    public var flooredAPIs: [FlooredAPI] { [.task] }

    public var documentation: RuleDocumentation {
        RuleDocumentation(
            summary: "Replace run-once @State flags guarding onAppear/task with task(id:) keyed on the view's identity.",
            detects: """
                a `@State` Bool of the view, initialised to `false` (or `true` for the inverted form), \
                checked at the top of an `.onAppear` or `.task` closure (`guard !hasLoaded else { return }`, \
                `guard hasLoaded == false else { return }`, `if hasLoaded { return }`, `if !hasLoaded { … }`) and \
                set in that closure (`hasLoaded = true`, `hasLoaded.toggle()`, also after an `await`, inside the \
                inner `Task { }` or inside `withAnimation { }`). `.onAppear` fires on every appearance — \
                navigation pop-back, tab switch, list recycling — and the flag hand-rolls "once" on top of it, \
                without noticing when the view comes to show different data.
                """,
            fix: """
                key the work on the view's identity: the one stored property without a property wrapper \
                that the action reads and whose type is known to be Equatable (`let brewID: String`, or \
                `item.id` of a stored `item`). The guard, the assignment, an inner `Task { }` wrapper (its \
                `priority:` moves to `.task(id:priority:)`) and the flag's declaration (with its doc comment) are \
                removed. Statements before the guard stay where they are: they ran on every appearance and still \
                do. Before:
                    @State private var hasLoaded = false
                    .onAppear {
                        guard !hasLoaded else { return }
                        hasLoaded = true
                        Task { brew = try? await BrewStore.shared.fetch(brewID) }
                    }
                After:
                    .task(id: brewID) {
                        brew = try? await BrewStore.shared.fetch(brewID)
                    }
                `task(id:)` is not "run once": it runs on each appearance and again when the id changes, and it \
                is cancelled when the view disappears. With no identity to key on, the flag is kept — it is the \
                honest tool there. With several candidates the rule skips and names them; choose one with \
                `"identity": {"BrewDetailView": "brewID"}` in `.swiftui-migrate.json`. Guarded work that neither \
                awaits nor starts a Task is one-time setup, not a load: the flag is kept ("task(id:) would redo it \
                on each appearance"). It skips when the flag is read or written anywhere else (the body, \
                `onDisappear` resets, a reset in any function), when the inner task is `Task.detached` or stored, \
                when the Task is not the last statement, when a sibling `.onChange(of: <id>)` already reacts to \
                the id, and, for work moving out of `onAppear`, on the \
                cancellation hazards `onappear-task` names (a sentinel or self-removing host, a hidden in-flight \
                writer, work that changes no state the view owns). A guard in a helper the modifier calls \
                (`.onAppear(perform: loadIfNeeded)`, `.onAppear { loadIfNeeded() }`, `.task { await \
                loadIfNeeded() }`) is followed and judged the same way, then reported: kept, or skipped with the \
                `.task(id:)` to call the helper from, since the rule rewrites only the modifier's own closure. A \
                check only a person can judge is a skip (setup behind it is kept) whose reason names every fact: \
                a compound check (`guard !shown, isSignedIn else { return }`, `guard let x, !shown`, \
                `if !shown && ready { … }`, an early return joined with `||`: `if query.isEmpty || !isFirstRun { \
                return }`); a guard whose `else` does more than return; an `if flag { … } else { … }` whose other \
                branch runs on every later appearance, in the closure or in a helper it calls; a flag the closure \
                checks but only a function it calls sets; and, with any of these, a flag also set back elsewhere \
                (a `defer`, a completion handler, `.onDisappear`, another function) or passed on as `$flag` — \
                one skip says both. `$flag` and `_flag` (the State's storage) are uses of the flag.
                """,
            safety: """
                behavior-change: "re-runs on each appearance and when <id> changes; cancelled on disappear".
                """)
    }

    public func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for modifier in LifecycleModifier.all(in: context) where !modifier.hasID {
            guard let view = ViewDeclaration(enclosing: modifier.call, in: context) else { continue }
            if let closure = modifier.closure, closure.signature == nil,
               let flag = RunOnceFlag.find(in: closure.statements, of: view) {
                findings.append(finding(for: flag, modifier: modifier, closure: closure, view: view, context: context))
            } else if let (helper, flag) = RunOnceFlag.guardingHelper(of: modifier, in: view) {
                findings.append(finding(for: flag, in: helper, modifier: modifier, view: view, context: context))
            } else if let nearMiss = RunOnceFlag.nearMiss(of: modifier, in: view) {
                // Guarded setup that neither awaits nor starts a Task stays as it is, whatever else the check tests.
                if !Self.isLoad(nearMiss.guardedWork, in: view) {
                    findings.append(context.finding(id, at: modifier.nameToken, message: Message.keep, action: .keep, reason: Message.setup))
                    continue
                }
                let reason = nearMiss.reason { context.finding(id, at: $0, message: "", action: .skip).line }
                findings.append(context.finding(id, at: modifier.nameToken, message: Message.skip, action: .skip, reason: reason))
            }
        }
        return findings
    }

    /// The finding for one run-once-flag closure: a rewrite, a keep or a skip.
    private func finding(
        for flag: RunOnceFlag, modifier: LifecycleModifier, closure: ClosureExprSyntax, view: ViewDeclaration,
        context: RuleContext
    ) -> Finding {
        func skip(_ reason: String) -> Finding {
            context.finding(id, at: modifier.nameToken, message: Message.skip, action: .skip, reason: reason)
        }

        // The statements that run, with the check taken out (and its body, for `if !flag { … }`, spliced in).
        var pieces: [BodyPiece] = []
        for statement in flag.scope {
            guard statement.id == flag.check.id else {
                pieces.append(.statement(statement, holes: []))
                continue
            }
            if case .wrap(let body) = flag.form {
                pieces.append(.trailingComments(of: body.leftBrace))
                pieces += body.statements.map { .statement($0, holes: []) }
                pieces.append(.closingComments(of: body.rightBrace))
            }
        }
        var outerTask: InnerTask?
        let checkIsInTask = flag.scope.id != closure.statements.id
        if checkIsInTask, let last = closure.statements.last, let task = InnerTask(last) {
            outerTask = task
            pieces = closure.statements.dropLast().map { .statement($0, holes: []) }
                + TaskUnwrapping.unwrappedPieces(of: task, body: pieces)
        }

        // The sets the rewrite removes: whole statements, or lines inside `withAnimation { }`.
        let sets = setSites(in: pieces, flag: flag)
        let uses = otherUses(of: flag, besides: sets, in: view)
        if let use = uses.first {
            return skip(otherUseReason(use, flag: flag, context: context))
        }

        // The identity: read by the work (the check and the sets are not part of it).
        let work = pieces.compactMap(\.statement).filter { item in !sets.contains { $0.statement.id == item.id } }
        if !Self.isLoad(work.map(Syntax.init), in: view) {
            return context.finding(id, at: modifier.nameToken, message: Message.keep, action: .keep, reason: Message.setup)
        }
        let chosen: IdentityCandidate
        switch identity(readBy: work.map(Syntax.init), in: view, context: context) {
        case .success(let candidate?):
            chosen = candidate
        case .success(nil):
            return context.finding(id, at: modifier.nameToken, message: Message.keep, action: .keep, reason: Message.kept)
        case .failure(let obstacle):
            return skip(obstacle.reason)
        }

        if LifecycleHost(of: modifier).watchesChanges(of: chosen.expression) {
            return skip("a sibling .onChange(of: \(chosen.expression)) already reacts when it changes, so task(id: "
                + "\(chosen.expression)) would run the work twice; merge the two by hand")
        }

        // Unwrap the inner Task when it is the last statement, then remove the sets.
        var move = TaskUnwrapping(modifier: modifier, closure: closure, pieces: removing(sets, from: pieces, context: context))
        do {
            if let outerTask { try move.adopt(outerTask, inView: true) }
            try move.unwrapLastTask(inView: true)
        } catch {
            return skip(error.reason)
        }
        move.replacePieces { removing(sets, from: $0, context: context) }
        if modifier.name != "task", let reason = context.floor.reasonBelow(.task, at: modifier.call) { return skip(reason) }
        // Work already in a `.task` was cancellable before; work leaving `onAppear` is checked.
        if modifier.name == "onAppear",
           let reason = CancellationHazard.reason(forWork: move.statements.map(Syntax.init), host: modifier, view: view) {
            return skip(reason)
        }

        var edits = move.edits(id: chosen.expression, context: context)
        edits.append(context.declarationRemoval(of: flag.property.declaration))
        return context.finding(
            id, at: modifier.nameToken, message: Message.rewrite, action: .rewrite,
            safety: .behaviorChange("re-runs on each appearance and when \(chosen.expression) changes; cancelled on disappear"),
            edits: edits)
    }

    /// The finding for a run-once flag guarded in a helper the modifier calls
    /// (`.onAppear(perform: loadIfNeeded)`, `.onAppear { loadIfNeeded() }`): a keep or a skip
    /// saying what a person must do, since the rule rewrites only the modifier's own closure.
    private func finding(
        for flag: RunOnceFlag, in helper: FunctionDeclSyntax, modifier: LifecycleModifier, view: ViewDeclaration,
        context: RuleContext
    ) -> Finding {
        func skip(_ reason: String) -> Finding {
            context.finding(id, at: modifier.nameToken, message: Message.skip, action: .skip, reason: reason)
        }
        let name = helper.name.text
        var pieces: [BodyPiece] = []
        for statement in flag.scope where statement.id != flag.check.id {
            pieces.append(.statement(statement, holes: []))
        }
        if case .wrap(let body) = flag.form { pieces += body.statements.map { .statement($0, holes: []) } }
        let sets = setSites(in: pieces, flag: flag)
        let uses = otherUses(of: flag, besides: sets, in: view)
        // A write elsewhere (a reset, a `defer`) says most about the flag: name it first.
        if let use = uses.first(where: { Self.isWrite($0, of: flag) }) ?? uses.first {
            return skip(otherUseReason(use, flag: flag, context: context) + " (the guard is in \(name)())")
        }
        let work = pieces.compactMap(\.statement).filter { item in !sets.contains { $0.statement.id == item.id } }
        if !Self.isLoad(work.map(Syntax.init), in: view) {
            return context.finding(id, at: modifier.nameToken, message: Message.keep, action: .keep, reason: Message.setup)
        }
        switch identity(readBy: work.map(Syntax.init), in: view, context: context) {
        case .success(let candidate?):
            return skip("the guard is in \(name)(), which the rule does not rewrite: remove \(flag.name), its guard and "
                + "its set there, and call \(name)() from .task(id: \(candidate.expression))")
        case .success(nil):
            return context.finding(id, at: modifier.nameToken, message: Message.keep, action: .keep, reason: Message.kept)
        case .failure(let obstacle):
            return skip(obstacle.reason + " (the guard is in \(name)())")
        }
    }

    /// True when `use` stands in a statement that writes the flag.
    private static func isWrite(_ use: ExprSyntax, of flag: RunOnceFlag) -> Bool {
        var node = Syntax(use)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) { node = parent }
        return node.parent?.as(CodeBlockItemSyntax.self).map(flag.isWrite) ?? false
    }

    /// The uses of the flag in `view` other than its check and the `sets` the rewrite removes.
    private func otherUses(of flag: RunOnceFlag, besides sets: [SetSite], in view: ViewDeclaration) -> [ExprSyntax] {
        let removed = sets.map { $0.statement.position.utf8Offset..<$0.statement.endPosition.utf8Offset }
        let condition = flag.conditionRange
        return view.uses(of: flag.name).filter { use in
            let offset = use.positionAfterSkippingLeadingTrivia.utf8Offset
            return !condition.contains(offset) && !removed.contains { $0.contains(offset) }
        }
    }

    /// True when the guarded work loads: it awaits (also in the view's functions it calls) or
    /// starts a `Task`. Anything else is one-time setup that `task(id:)` would redo.
    private static func isLoad(_ work: [Syntax], in view: ViewDeclaration) -> Bool {
        WorkTrace(of: work, in: view).events.contains(.suspension) || InnerTask.isStarted(in: work)
    }

    /// The identity to key on (nil when the work reads none), or why the rule cannot choose.
    private func identity(
        readBy work: [Syntax], in view: ViewDeclaration, context: RuleContext
    ) -> Result<IdentityCandidate?, TaskUnwrapping.Obstacle> {
        switch IdentityInference.choose(readBy: work, in: view, configuration: context.configuration) {
        case .chosen(let candidate):
            return .success(candidate)
        case .none:
            return .success(nil)
        case .ambiguous(let candidates):
            let names = candidates.map(\.expression)
            return .failure(TaskUnwrapping.Obstacle(
                reason: "several properties could key the task (\(names.joined(separator: ", "))); choose one with "
                    + "\"identity\": {\"\(view.name)\": \"\(names[0])\"} in .swiftui-migrate.json"))
        case .configuredNotFound(let name):
            return .failure(TaskUnwrapping.Obstacle(
                reason: "the configured identity \(name) of \(view.name) is not a stored Equatable property the action reads"))
        }
    }

    /// A statement that sets the flag, and the statement holding it when it is nested in `withAnimation { }`.
    private struct SetSite {
        var statement: CodeBlockItemSyntax
        /// The `withAnimation { }` statement it stands in, and whether it is that call's only statement.
        var container: (statement: CodeBlockItemSyntax, isOnly: Bool)?
    }

    /// The removable sets among the pieces' statements, one level into a `Task { }` and `withAnimation { }`.
    private func setSites(in pieces: [BodyPiece], flag: RunOnceFlag) -> [SetSite] {
        var sites: [SetSite] = []
        func scan(_ statements: [CodeBlockItemSyntax], descend: Bool) {
            for statement in statements {
                if flag.isRemovableSet(statement) {
                    sites.append(SetSite(statement: statement))
                } else if let (set, isOnly) = flag.setInsideAnimation(statement) {
                    sites.append(SetSite(statement: set, container: (statement, isOnly)))
                } else if descend, let task = InnerTask(statement) {
                    scan(Array(task.closure.statements), descend: false)
                }
            }
        }
        scan(pieces.compactMap(\.statement), descend: true)
        return sites
    }

    /// `pieces` without the set statements: whole statements dropped, sets inside a
    /// `withAnimation { }` with other work cut out as holes.
    private func removing(_ sites: [SetSite], from pieces: [BodyPiece], context: RuleContext) -> [BodyPiece] {
        pieces.compactMap { piece in
            guard case .statement(let item, var holes) = piece else { return piece }
            for site in sites {
                if let container = site.container, container.statement.id == item.id {
                    if container.isOnly { return nil }
                    holes.append(context.removalRange(of: site.statement))
                } else if site.container == nil, site.statement.id == item.id {
                    return nil
                }
            }
            return .statement(item, holes: holes)
        }
    }

    /// Why a use of the flag outside the check and the set rules the rewrite out.
    private func otherUseReason(_ use: ExprSyntax, flag: RunOnceFlag, context: RuleContext) -> String {
        let line = context.finding(id, at: use, message: "", action: .skip).line
        // `$flag` and `_flag` (the State's storage, which SDK 27 makes a macro's) are the flag too.
        switch use.trimmedDescription {
        case "$" + flag.name: return "$\(flag.name) is passed on line \(line) as a binding, which can set it"
        case "_" + flag.name:
            return "\(flag.name)'s storage _\(flag.name) is used on line \(line), so removing the flag would change more than this closure"
        default: break
        }
        var node = Syntax(use)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) { node = parent }
        if let statement = node.parent?.as(CodeBlockItemSyntax.self), flag.isWrite(statement) {
            if flag.isRemovableSet(statement) {
                return "\(flag.name) is also set on line \(line), where the rule does not follow it"
            }
            return "\(flag.name) is set back on line \(line), so it is not a run-once flag"
        }
        if let sequence = use.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
           sequence.elements.first?.id == use.id, Array(sequence.elements)[1].is(AssignmentExprSyntax.self) {
            return "\(flag.name) is set back on line \(line), so it is not a run-once flag"
        }
        return "\(flag.name) is also read on line \(line), so removing it would change more than this closure"
    }
}

extension RunOnceFlag {
    /// The bytes of the check's condition: uses of the flag there are the check itself.
    var conditionRange: Range<Int> {
        if let guardStmt = check.item.as(GuardStmtSyntax.self) {
            return guardStmt.conditions.position.utf8Offset..<guardStmt.conditions.endPosition.utf8Offset
        }
        if let ifExpr = RunOnceFlag.ifExpression(check) {
            return ifExpr.conditions.position.utf8Offset..<ifExpr.conditions.endPosition.utf8Offset
        }
        return 0..<0
    }
}
