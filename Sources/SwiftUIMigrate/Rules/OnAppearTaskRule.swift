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
        guard modifier.startsTask, let closure = modifier.closure else { return nil }
        func skip(_ decision: Decision) -> Finding {
            context.finding(id, at: modifier.nameToken, decision.words)
        }
        // The app's own back-port of `.task` is the task its callers use, not work to move into one.
        if let backport = TaskBackport.enclosing(modifier.call, in: context) { return skip(.insideBackport(backport)) }
        let startsAtTopLevel = closure.statements.contains { InnerTask($0) != nil }
        let nested = startsAtTopLevel ? nil : InnerTask.nestedStart(in: closure)
        // A site left to another rule is left only while that rule is on; it then decides the site.
        let view = ViewDeclaration(enclosing: modifier.call, in: context)
        if let view, RunOnceFlag.owns(modifier, in: view) {
            if context.configuration.isEnabled(GuardFlagLoadRule.self) { return nil }
            return skip(.flagGuarded)
        }
        if context.configuration.isEnabled(AppearChangeLoadRule.self), LoadingPair.isStart(modifier, in: context) { return nil }
        // Below the floor of `.task` no other reason may advise moving the work into it.
        // Where the app has its own back-port, that is what a person can use instead.
        if let shortfall = context.floor.shortfall(of: .task, at: modifier.call) {
            if let backport = TaskBackport.declared(in: context) { return skip(.belowFloorBackport(shortfall, backport)) }
            return skip(.taskMove(.belowFloor(shortfall)))
        }
        if let signature = closure.signature {
            return skip(.closureSignature(signature.trimmedDescription))
        }
        if let nested {
            // A Task that never awaits only defers its body; one on a lazy row would be cancelled as the row scrolls away.
            let body = nested.call.trailingClosure ?? nested.call.arguments.lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first
            if let body, !CancellationHazard.canSuspend(body.statements.map(Syntax.init)) {
                return skip(.taskMove(.obstacle(.deferralOnly)))
            }
            if let container = LifecycleHost(of: modifier).lazyRowContainer(in: view) { return skip(.taskMove(.hazard(.lazyRow(container: container)))) }
            return skip(.nestedTask(line: context.line(of: nested.call), in: nested.container))
        }
        var move = TaskUnwrapping(modifier: modifier, closure: closure)
        do {
            try move.unwrapLastTask(inView: view != nil)
        } catch {
            return skip(.taskMove(.obstacle(error)))
        }
        guard !move.statements.isEmpty else { return nil }
        if let hazard = CancellationHazard.find(forWork: move.statements.map(Syntax.init), host: modifier, view: view) {
            return skip(.taskMove(.hazard(hazard)))
        }

        // Setup before the Task stays synchronous in onAppear unless it decides whether the Task starts, or the
        // work reads it before it awaits.
        let setup: Decision.Setup
        if move.syncPrefix.isEmpty {
            setup = .absent
        } else if SetupDependence.canLeaveBeforeTask(move.syncPrefix) {
            setup = .decidesWhetherTaskRuns
        } else if SetupDependence.workReadsSetup(setup: move.syncPrefix, work: move.taskStatements, view: view) {
            setup = .movesWithTask
        } else {
            setup = .staysInOnAppear
        }
        let moved = setup == .staysInOnAppear ? move.taskStatements : move.statements

        var identity: IdentityCandidate?
        if let view {
            let work = moved.map(Syntax.init)
            if case .chosen(let candidate) = IdentityInference.choose(readBy: work, in: view, configuration: context.configuration),
               !LifecycleHost(of: modifier).watchesChanges(of: candidate.expression) {
                identity = candidate
            }
        }

        let edits = setup == .staysInOnAppear
            ? move.splitEdits(id: identity?.expression, context: context) ?? []
            : move.edits(id: identity?.expression, context: context)
        let decision = Decision.moveIntoTask(id: identity?.expression, setup: setup)
        return context.finding(
            id, at: modifier.nameToken, decision.words, safety: decision.safety(canSuspend: move.canSuspend), edits: edits)
    }

    /// What the rule decides at one `.onAppear` that starts a Task.
    enum Decision {
        /// What becomes of the synchronous statements before the Task.
        enum Setup {
            /// There are none.
            case absent
            /// They stay in `.onAppear`; only the Task's body moves into `.task`.
            case staysInOnAppear
            /// The work reads what they write before it awaits: they move into `.task` with it.
            case movesWithTask
            /// One of them can leave `.onAppear` before the Task starts (a `guard`, a `return`): they move into
            /// `.task` with it and still decide whether the work runs.
            case decidesWhetherTaskRuns
        }

        /// Move the Task's body into `.task`, keyed on `id` when there is one.
        case moveIntoTask(id: String?, setup: Setup)
        /// A run-once flag guards the work, and `guard-flag-load` (which decides such closures) is off.
        case flagGuarded
        /// The onAppear's closure has a signature, which `.task`'s action does not take.
        case closureSignature(String)
        /// The Task on `line` starts inside a construct the rule does not unwrap.
        case nestedTask(line: Int, in: InnerTask.NestingConstruct)
        /// An obstacle to unwrapping the Task, a floor below `.task`, or a cancellation hazard.
        case taskMove(TaskMoveFact)
        /// `.task` is newer than the deployment floor, and the file or its module declares the app's own
        /// back-port of it.
        case belowFloorBackport(FloorShortfall, TaskBackport)
        /// The onAppear stands in the declaration of `TaskBackport`, the app's own back-port of `.task`.
        case insideBackport(TaskBackport)
    }

    public var reasonFamily: ReasonFamily? { .taskMove }

    public var reasons: [RuleReason] {
        DecisionKind.allCases.map(\.catalogEntry)
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

fileprivate extension OnAppearTaskRule.Decision {
    var words: FindingWords { FindingWords(catalogEntry, headline: headline, reason: reason) }

    /// What the rule keeps when it does not rewrite.
    static let kept = "the Task in onAppear"

    var catalogEntry: RuleReason {
        switch self {
        case .moveIntoTask(_, .staysInOnAppear): DecisionKind.setupStaysInOnAppear.catalogEntry
        case .moveIntoTask(_, .movesWithTask): DecisionKind.setupMovesWithTask.catalogEntry
        case .moveIntoTask(_, .decidesWhetherTaskRuns): DecisionKind.setupDecidesWhetherTaskRuns.catalogEntry
        case .moveIntoTask(nil, _): DecisionKind.moveIntoTask.catalogEntry
        case .moveIntoTask: DecisionKind.moveIntoTaskID.catalogEntry
        case .flagGuarded: DecisionKind.flagGuarded.catalogEntry
        case .closureSignature: DecisionKind.onAppearSignature.catalogEntry
        case .nestedTask: DecisionKind.nestedTask.catalogEntry
        case .belowFloorBackport: DecisionKind.belowFloorBackport.catalogEntry
        case .insideBackport: DecisionKind.taskBackport.catalogEntry
        case .taskMove(let fact): fact.entry
        }
    }

    var headline: String {
        switch self {
        case .moveIntoTask: "use task instead of starting a Task in onAppear"
        case .flagGuarded: "turn guard-flag-load on to replace the run-once flag with task(id:)"
        case .closureSignature: "move the Task's work into task by hand, without the closure's signature"
        case .nestedTask: "check whether this work belongs to the view, then move it into task by hand"
        case .belowFloorBackport(_, let backport): "move the work into \(backport.usage) by hand"
        case .insideBackport: "keep \(Self.kept)"
        case .taskMove(let fact): fact.headline(keeping: Self.kept)
        }
    }

    var reason: String? {
        switch self {
        case .moveIntoTask: nil
        case .flagGuarded:
            "a run-once flag guards the work (guard-flag-load, which is off, decides such closures): in a cancellable "
                + "task a load cut short by an early disappearance would never run again, because the flag is already set"
        case .closureSignature(let signature):
            "the onAppear's closure has a signature (\(signature)), which task's action does not take"
        case .nestedTask(let line, let construct):
            "the Task on line \(line) starts inside \(construct.phrase), which the rule does not unwrap"
        case .belowFloorBackport(let shortfall, let backport):
            shortfall.reason + "; the app has its own back-port of task, \(backport.usage)\(backport.place), which "
                + "runs the async work it is handed as the view appears: check what it does when the view disappears, "
                + "and use it if that suits the work"
        case .insideBackport(let backport):
            "this onAppear is the app's own back-port of task (\(backport.usage)): it runs the work its callers hand "
                + "in, and is the task they use where task is not available"
        case .taskMove(let fact): fact.reason
        }
    }

    /// Work that never suspends cannot be cut short: only a new id changes what it does.
    func safety(canSuspend: Bool) -> SafetyLabel {
        let cancelled = "the work is now cancelled when the view disappears"
        switch (canSuspend, self) {
        case (_, .moveIntoTask(let id, .movesWithTask)), (_, .moveIntoTask(let id, .decidesWhetherTaskRuns)):
            let restarted = id.map { " and runs again when \($0) changes" } ?? ""
            return .behaviorChange("\(cancelled)\(restarted); the statements before the Task now run when the task starts")
        case (true, .moveIntoTask(let id?, _)): return .behaviorChange("\(cancelled) and runs again when \(id) changes")
        case (false, .moveIntoTask(let id?, _)): return .behaviorChange("the work now runs again when \(id) changes")
        case (true, _): return .behaviorChange(cancelled)
        case (false, _): return .preserving
        }
    }
}

/// The decisions of `onappear-task` without their payload, in the order `explain` lists them: its
/// catalog is `allCases`, so no decision can be left out of it.
fileprivate enum DecisionKind: CaseIterable {
    case moveIntoTask, moveIntoTaskID, setupStaysInOnAppear, setupMovesWithTask, setupDecidesWhetherTaskRuns, flagGuarded
    case onAppearSignature
    case nestedTask, belowFloorBackport, taskBackport

    var catalogEntry: RuleReason {
        switch self {
        case .moveIntoTask:
            RuleReason("move-into-task", .rewrite, meaning: "the Task's body moves into .task, tied to the view's lifetime",
                       whatToDo: "review the diff: the work is now cancelled when the view disappears")
        case .moveIntoTaskID:
            RuleReason("move-into-task-id", .rewrite, meaning: "the Task's body moves into .task(id:), keyed on the one identity of the view the work reads",
                       whatToDo: "review the diff: the work is now cancelled when the view disappears and runs again when the id changes")
        case .setupStaysInOnAppear:
            RuleReason("setup-stays-in-onappear", .rewrite, meaning: "the synchronous statements before the Task stay in onAppear; only the Task's body moves into .task, tied to the view's lifetime",
                       whatToDo: "review the diff: the work is now cancelled when the view disappears")
        case .setupMovesWithTask:
            RuleReason("setup-moves-with-task", .rewrite, meaning: "the Task's work reads what the statements before it write before it awaits, so they move into .task with it",
                       whatToDo: "review the diff and check on a device: those statements now run when the task starts, which may be after the first frame")
        case .setupDecidesWhetherTaskRuns:
            RuleReason("setup-decides-task", .rewrite, meaning: "a statement before the Task can leave onAppear before the Task starts (a guard, a return), so the statements before it move into .task with it and still decide whether the work runs",
                       whatToDo: "review the diff and check on a device: those statements now run when the task starts, which may be after the first frame")
        case .flagGuarded:
            RuleReason("flag-guarded", .skip, meaning: "a run-once flag guards the work, and guard-flag-load, which decides such closures, is off: in a cancellable task a load cut short by an early disappearance would never run again",
                       whatToDo: "turn guard-flag-load on, or replace the flag with task(id:) by hand")
        case .onAppearSignature:
            RuleReason("onappear-signature", .skip, meaning: "the onAppear's closure has a signature, which task's action does not take",
                       whatToDo: "drop the signature if the work allows it, then move the Task's work into task by hand")
        case .nestedTask:
            RuleReason("nested-task", .skip, meaning: "the Task starts inside an if, switch, loop or closure, which the rule does not unwrap",
                       whatToDo: "check whether the work belongs to the view; if it does and nothing needs it to finish, move it into task by hand")
        case .belowFloorBackport:
            RuleReason("below-floor-backport", .skip,
                       meaning: "task is newer than the deployment floor there, and the app declares its own back-port of it (a View extension or ViewModifier that runs the async work it is handed from onAppear or task)",
                       whatToDo: "check what the back-port does when the view disappears; if that suits the work, move the work into it by hand")
        case .taskBackport:
            RuleReason("task-backport", .keep,
                       meaning: "the onAppear stands in the app's own back-port of task: it is the task its callers use, not work to move into one",
                       whatToDo: "nothing")
        }
    }
}
