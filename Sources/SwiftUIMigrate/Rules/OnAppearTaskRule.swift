import SwiftSyntax

/// Turns `.onAppear { Task { … } }` into `.task { … }`, so the work is tied to the view's lifetime.
///
/// Closures guarded by a run-once flag belong to `guard-flag-load` while it is on: this rule
/// leaves them alone whatever that rule decides, and skips them with it off. Moving a flag-guarded load into a cancellable `.task`
/// would be worse than either form — a load cancelled by an early disappearance would never
/// run again, because the flag is already set.
///
/// The start of a loading pair (an `.onChange(of: x)` on the same chain running exactly the same
/// work) belongs to `appear-change-load` while that rule is on: rewriting the start alone would
/// leave a `.task` plus an onChange whose Task races it, where the pair should become one `.task(id: x)`.
/// Beside an onChange doing other work the start is no pair's, and this rule decides it. A site
/// left to another rule is left only while that rule is on: with it off, this rule decides the
/// site as it would alone, so every site ends with one decision.
///
/// `.task` cancels what `Task { }` let run on, so the move is skipped where that would cut
/// short work that must finish (`CancellationHazard`): a pagination sentinel
/// (`if !isLoadingMore { Color.clear.frame(height: 1).onAppear { Task { await loadMore() } } }`)
/// whose load removes it, or an app-wide refresh the view does not own. Every `.onAppear`
/// that starts a Task gets a finding, so `scan` lists every site a person must look at.
public struct OnAppearTaskRule: ShippedRule {
    public init() {}
    public static let id = "onappear-task"
    public static let isEnabledByDefault = true
    public var triggerWords: [String] { ["onAppear"] }
    public var flooredAPIs: [FlooredAPI] { [.task] }

    public var documentation: RuleDocumentation {
        RuleDocumentation(
            summary: "Replace a Task started in onAppear with the task modifier.",
            detects: """
                `.onAppear { [sync statements] Task { … } }` (also `.onAppear(perform: { … })` and \
                `Task(priority:)`), an unstructured task that outlives the view: it keeps running after the view \
                disappears, and a new one starts on every appearance.
                """,
            fix: """
                move the Task's body into `.task { }`; `Task(priority: p)` becomes `.task(priority: p)`. \
                Synchronous statements before the Task stay synchronous in `.onAppear` (`.onAppear { a = 1 }\
                .task { await f() }`) unless one of them can leave the closure before the Task starts (a `guard`, a \
                `return`), or the Task's work reads what they write before its first await, or uses a local they \
                declare: then they move into `.task` with it, before its body, and the label \
                says they now run when the task starts. When the work reads exactly one identity of the view (a stored \
                property without a property wrapper whose type is known to be Equatable, or `item.id` of a stored \
                `item`), the task is keyed on it: `.task(id: brewID)` (not when a sibling `.onChange(of: brewID)` \
                already reacts to it). Before:
                    .onAppear {
                        Task { brew = try? await BrewStore.shared.fetch(brewID) }
                    }
                After:
                    .task(id: brewID) {
                        brew = try? await BrewStore.shared.fetch(brewID)
                    }
                `task(id:)` is not "run once": like `onAppear` it runs on each appearance, and it runs again when \
                the id changes. Closures guarded by a run-once flag are left to `guard-flag-load` while it is on, \
                and the start of a loading pair (an `.onChange(of: x)` on the same view running exactly the same \
                work) to `appear-change-load` while that rule is on; beside an onChange doing other work it is \
                decided here like any other.
                """,
            safety: """
                behavior-change: "the work is now cancelled when the view disappears" (with an id: "… and runs \
                again when <id> changes"; with statements moved along: "…; the statements before the Task now run \
                when the task starts"); preserving when the Task's body never awaits and no id is added \
                (nothing can be cancelled).
                """)
    }

    public func findings(in context: RuleContext) -> [Finding] {
        LifecycleModifier.all(in: context).compactMap { modifier in
            modifier.name == "onAppear" ? finding(for: modifier, context: context) : nil
        }
    }

    private func finding(for modifier: LifecycleModifier, context: RuleContext) -> Finding? {
        // The sites: an `.onAppear` whose closure starts a Task, at its top level or nested.
        guard let closure = modifier.closure else { return nil }
        let startsAtTopLevel = closure.statements.contains { InnerTask($0) != nil }
        let nested = startsAtTopLevel ? nil : InnerTask.nestedStart(in: closure)
        guard startsAtTopLevel || nested != nil else { return nil }
        func decided(_ words: FindingWords) -> Finding {
            context.finding(id, at: modifier.nameToken, words)
        }
        // The app's own back-port of `.task` is the task its callers use, not work to move into one.
        if let backport = TaskBackport.enclosing(modifier.call, in: context) {
            return decided(Self.taskBackport.words(["the back-port": backport.usage]))
        }
        // A site left to another rule is left only while that rule is on; it then decides the site.
        let view = ViewDeclaration(enclosing: modifier.call, in: context)
        if let view, RunOnceFlag.owns(modifier, in: view) {
            if context.configuration.isEnabled(GuardFlagLoadRule.self) { return nil }
            return decided(Self.flagGuarded.words())
        }
        if context.configuration.isEnabled(AppearChangeLoadRule.self), LoadingPair.isStart(modifier, in: context) { return nil }
        // Below the floor of `.task` no other reason may advise moving the work into it.
        // Where the app has its own back-port, that is what a person can use instead.
        if let shortfall = context.floor.shortfall(of: .task, at: modifier.call) {
            guard let backport = TaskBackport.declared(in: context) else {
                return decided(TaskMoveFact.belowFloor(shortfall).words(keeping: Self.kept))
            }
            return decided(Self.belowFloorBackport.words([
                " here": shortfall.here, "a version": shortfall.floors, "where it is declared": shortfall.origin,
                "the fix's API": shortfall.api, "a later one": shortfall.needs, "the back-port": backport.usage,
                " (declared in its file)": backport.place]))
        }
        if let signature = closure.signature {
            return decided(Self.onAppearSignature.words(["[weak self] in": signature.trimmedDescription]))
        }
        if let nested {
            // A Task that never awaits only defers its body; one on a lazy row would be cancelled as the row scrolls away.
            let body = nested.call.trailingClosure ?? nested.call.arguments.lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first
            if let body, !Suspension.canSuspend(body.statements.map(Syntax.init)) {
                return decided(TaskMoveFact.obstacle(.deferralOnly).words(keeping: Self.kept))
            }
            if let container = LifecycleHost(of: modifier).lazyRowContainer(in: view) {
                return decided(TaskMoveFact.hazard(.lazyRow(container: container)).words(keeping: Self.kept))
            }
            return decided(Self.nestedTask.words(["N": String(context.line(of: nested.call)), "an if, a loop or a closure": nested.container.phrase]))
        }
        var move = TaskUnwrapping(modifier: modifier, closure: closure)
        do {
            try move.unwrapLastTask(inView: view != nil)
        } catch {
            return decided(TaskMoveFact.unwrapping(move, failedWith: error, host: modifier, view: view).words(keeping: Self.kept))
        }
        guard !move.statements.isEmpty else { return nil }
        if let hazard = CancellationHazard.find(forWork: move.statements.map(Syntax.init), host: modifier, view: view) {
            return decided(TaskMoveFact.hazard(hazard).words(keeping: Self.kept))
        }

        // Setup before the Task stays synchronous in onAppear unless it decides whether the Task starts, or the
        // work reads it before it awaits; nil when there is none.
        let setup: RuleReason?
        if move.syncPrefix.isEmpty {
            setup = nil
        } else if SetupDependence.canLeaveBeforeTask(move.syncPrefix) {
            setup = Self.setupDecidesWhetherTaskRuns
        } else if SetupDependence.workReadsSetup(setup: move.syncPrefix, work: move.taskStatements, view: view) {
            setup = Self.setupMovesWithTask
        } else {
            setup = Self.setupStaysInOnAppear
        }
        let staysInOnAppear = setup == Self.setupStaysInOnAppear
        let moved = staysInOnAppear ? move.taskStatements : move.statements

        var identity: String?
        if let view,
           case .chosen(let candidate) = IdentityInference.choose(readBy: moved.map(Syntax.init), in: view, configuration: context.configuration),
           !LifecycleHost(of: modifier).watchesChanges(of: candidate.expression) {
            identity = candidate.expression
        }

        let edits = staysInOnAppear ? move.splitEdits(id: identity, context: context) ?? [] : move.edits(id: identity, context: context)
        let decision = setup ?? (identity == nil ? Self.moveIntoTask : Self.moveIntoTaskID)
        let safety = Self.safety(id: identity, setupMoves: setup != nil && !staysInOnAppear, canSuspend: move.canSuspend)
        return context.finding(id, at: modifier.nameToken, decision.words(), safety: safety, edits: edits)
    }

    /// What the move changes: work that never suspends cannot be cut short, so only a new id changes what it
    /// does; `setupMoves`: the statements before the Task move into `.task` with it.
    private static func safety(id: String?, setupMoves: Bool, canSuspend: Bool) -> SafetyLabel {
        let cancelled = "the work is now cancelled when the view disappears"
        let restarted = id.map { " and runs again when \($0) changes" } ?? ""
        if setupMoves { return .behaviorChange("\(cancelled)\(restarted); the statements before the Task now run when the task starts") }
        if let id { return .behaviorChange(canSuspend ? "\(cancelled)\(restarted)" : "the work now runs again when \(id) changes") }
        return canSuspend ? .behaviorChange(cancelled) : .preserving
    }

    public var reasonFamily: ReasonFamily? { .taskMove }

    /// The decisions, in the order `explain` lists them.
    public var reasons: [RuleReason] {
        [Self.moveIntoTask, Self.moveIntoTaskID, Self.setupStaysInOnAppear, Self.setupMovesWithTask, Self.setupDecidesWhetherTaskRuns,
         Self.flagGuarded, Self.onAppearSignature, Self.nestedTask, Self.belowFloorBackport, Self.taskBackport]
    }
}

// MARK: - Words

fileprivate extension TaskBackport {
    /// How a view applies it: `.loadOnAppear { }`, `.modifier(LoadOnAppear(…))`.
    var usage: String {
        switch form {
        case .viewExtension(let name): ".\(name) { }"
        case .viewModifier(let name): ".modifier(\(name)(…))"
        }
    }

    /// " (declared in LoadOnAppear.swift)" for another file of the module; empty for the file itself.
    var place: String {
        file.map { " (declared in \($0.split(separator: "/").last.map(String.init) ?? $0))" } ?? ""
    }
}

extension OnAppearTaskRule {
    /// What the rule keeps when it does not rewrite.
    static let kept = "the Task in onAppear"
    private static let moveHeadline = "use task instead of starting a Task in onAppear"
    private static let reviewCancelled = "review the diff: the work is now cancelled when the view disappears"
    private static let setupRunsLater = "review the diff and check on a device: those statements now run when the task starts, which may be after the first frame"

    static let moveIntoTask = RuleReason(
        "move-into-task", .rewrite, headline: moveHeadline, meaning: "the Task's body moves into .task, tied to the view's lifetime",
        whatToDo: reviewCancelled)
    static let moveIntoTaskID = RuleReason(
        "move-into-task-id", .rewrite, headline: moveHeadline,
        meaning: "the Task's body moves into .task(id:), keyed on the one identity of the view the work reads",
        whatToDo: "review the diff: the work is now cancelled when the view disappears and runs again when the id changes")
    static let setupStaysInOnAppear = RuleReason(
        "setup-stays-in-onappear", .rewrite, headline: moveHeadline,
        meaning: "the synchronous statements before the Task stay in onAppear; only the Task's body moves into .task, tied to the view's lifetime",
        whatToDo: reviewCancelled)
    static let setupMovesWithTask = RuleReason(
        "setup-moves-with-task", .rewrite, headline: moveHeadline,
        meaning: "the Task's work reads what the statements before it write before it awaits, so they move into .task with it",
        whatToDo: setupRunsLater)
    static let setupDecidesWhetherTaskRuns = RuleReason(
        "setup-decides-task", .rewrite, headline: moveHeadline,
        meaning: "a statement before the Task can leave onAppear before the Task starts (a guard, a return), so the statements before it move into .task with it and still decide whether the work runs",
        whatToDo: setupRunsLater)
    static let flagGuarded = RuleReason(
        "flag-guarded", .skip, headline: "turn guard-flag-load on to replace the run-once flag with task(id:)",
        meaning: "a run-once flag guards the work (guard-flag-load, which is off, decides such closures): in a cancellable "
            + "task a load cut short by an early disappearance would never run again, because the flag is already set",
        whatToDo: "turn guard-flag-load on, or replace the flag with task(id:) by hand")
    static let onAppearSignature = RuleReason(
        "onappear-signature", .skip, headline: "move the Task's work into task by hand, without the closure's signature",
        meaning: "the onAppear's closure has a signature ({[weak self] in}), which task's action does not take",
        whatToDo: "drop the signature if the work allows it, then move the Task's work into task by hand")
    static let nestedTask = RuleReason(
        "nested-task", .skip, headline: "check whether this work belongs to the view, then move it into task by hand",
        meaning: "the Task on line {N} starts inside {an if, a loop or a closure}, which the rule does not unwrap",
        whatToDo: "check whether the work belongs to the view; if it does and nothing needs it to finish, move it into task by hand")
    static let belowFloorBackport = RuleReason(
        "below-floor-backport", .skip, headline: "move the work into {the back-port} by hand",
        meaning: TaskMoveFact.belowFloor.meaning + "; the app has its own back-port of task, {the back-port}{ (declared in its file)}, "
            + "which runs the async work it is handed as the view appears: check what it does when the view disappears, "
            + "and use it if that suits the work",
        whatToDo: "check what the back-port does when the view disappears; if that suits the work, move the work into it by hand")
    static let taskBackport = RuleReason(
        "task-backport", .keep, headline: "keep \(kept)",
        meaning: "this onAppear is the app's own back-port of task ({the back-port}): it runs the work its callers hand "
            + "in, and is the task they use where task is not available")
}
