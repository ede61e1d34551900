import SwiftSyntax

/// Merges the loading pair — a start (`.onAppear`, `.task`) and an `.onChange(of: x)` doing the
/// same work — into one `.task(id: x)`, which is what `task(id:)` exists for.
///
/// The rewrite also fixes the pair's race: the onChange's Task never cancels the earlier load,
/// so a slow old response can overwrite a newer one. The result is not "run once": `.task(id:)`
/// runs on each appearance, restarts when `x` changes and is cancelled on disappear.
/// `onappear-task` leaves a pair's start to this rule (see `LoadingPair`), so the two compose at
/// the engine's fixpoint into one `.task(id:)`, never a `.task` plus a leftover onChange.
public struct AppearChangeLoadRule: ShippedRule {
    public init() {}
    public static let id = "appear-change-load"
    public static let isEnabledByDefault = true
    /// The start, not `onChange`: a file needs one to hold a pair, and files with only `onChange`
    /// are common enough that parsing them all would double the scan time of some apps.
    public var triggerWords: [String] { ["onAppear", ".task"] }
    public var flooredAPIs: [FlooredAPI] { [.task, .modernOnChange] }

    /// The `syncWork` option: what happens to a pair doing synchronous work.
    public enum SyncWork: String, CaseIterable, Sendable, RuleOptionReadable {
        /// Leave it as it is (the default).
        case keep
        /// Rewrite it to `.onChange(of: x, initial: true) { … }` (iOS 17+).
        case onChangeInitial
    }

    public var documentation: RuleDocumentation {
        RuleDocumentation(
            summary: "Merge an onAppear/task and an onChange(of:) doing the same load into one task(id:).",
            detects: """
                on one view's modifier chain, a start — `.onAppear { }`, `.onAppear(perform: f)` or `.task { }` — \
                and an `.onChange(of: x)` (any form: `{ }`, `{ new in }`, `{ old, new in }`, `perform:`, \
                `initial: false`) running the same work: the same statements in the same order, compared without \
                spaces, line breaks and comments, once `self.` is dropped, the onChange's new value is read as `x` \
                and a last `Task { W }` as `W`. The earlier load is never cancelled, so a slow old response can \
                overwrite a newer one. Anything else is not a pair and gets no finding of this rule — the same \
                function with other arguments, one statement more or fewer on either side, the shared work only in \
                a branch or a `catch`, the work only registered or scheduled for later (an observer callback, \
                `asyncAfter`): the other rules decide the start as if the onChange were not there.
                """,
            fix: """
                when the work itself suspends (an `await` or `for await` in it, not in a closure it passes on), \
                both become one `.task(id: x)` at the position of the first, keeping `priority:` and comments, \
                without the Task wrapper. Before:
                    .onAppear { Task { profile = await api.profile(userID) } }
                    .onChange(of: userID) { Task { profile = await api.profile(userID) } }
                After:
                    .task(id: userID) {
                        profile = await api.profile(userID)
                    }
                Two onChange of values declared in the view with the same type key it on both: \
                `.task(id: [a, b])`. Work that never suspends is synchronous whatever the modifier \
                (`.task { recount() }` runs it at once too); where the floor allows iOS 17 / macOS 14 / tvOS 17 / \
                watchOS 10, the option `ruleOptions {"appear-change-load": {"syncWork": "onChangeInitial"}}` \
                rewrites such a pair to `.onChange(of: x, initial: true) { W }`.
                """,
            safety: """
                behavior-change: "re-runs on each appearance and when <x> changes, as before; a run still in progress \
                is now cancelled when <x> changes" — "and when the view disappears" for an onAppear start (a `.task` \
                start was cancelled then already) — and, when the onChange ran statements before its Task, "the \
                onChange's <statement> now runs asynchronously, at the start of the task". With syncWork \
                onChangeInitial: behavior-change: "runs on the first appearance only, no longer on every \
                re-appearance".
                """)
    }

    public func findings(in context: RuleContext) -> [Finding] {
        let syncWork: SyncWork = context.configuration.value(of: Self.syncWork, for: id)
        return LoadingPair.all(in: context).map { finding(for: $0, syncWork: syncWork, context: context) }
    }

    private func finding(for pair: LoadingPair, syncWork: SyncWork, context: RuleContext) -> Finding {
        let start = pair.start
        func decided(_ words: FindingWords) -> Finding {
            context.finding(id, at: start.nameToken, words)
        }
        // Synchronous means the work itself never suspends, whatever the modifier: `.task { recount() }`
        // runs `recount()` at once as `.onAppear` does, and task(id:) would only defer the onChange's run.
        let obstacle = obstacle(pair)
        if !pair.startWork.suspends {
            if syncWork == .keep, let nested = Self.taskStartedInside(pair.startWork), start.name == "onAppear" {
                return decided(Self.nestedTask.words(["N": String(context.line(of: nested.call)), Self.placement: nested.placement]))
            }
            if syncWork == .keep {
                if let obstacle { return decided(Self.synchronousWorkThatCannotMove.words(["what else stops it": obstacle.reason ?? ""])) }
                // The option makes one onChange(of:initial:), which takes one value: never offered for several.
                let offersOption = pair.changes.count == 1 && context.floor.shortfall(of: .modernOnChange, at: start.call) == nil
                return decided(Self.synchronousWork.words([Self.option: offersOption ? Self.optionText : ""]))
            }
            if let obstacle { return decided(obstacle) }
            guard pair.changes.count == 1, let change = pair.changes.first else { return decided(Self.synchronousSeveralValues.words()) }
            if let shortfall = context.floor.shortfall(of: .modernOnChange, at: start.call) {
                return decided(TaskMoveFact.belowFloor(shortfall).words(keeping: Self.kept))
            }
            return rewriteSync(pair, change: change, context: context)
        }
        if let obstacle { return decided(obstacle) }
        let view = ViewDeclaration(enclosing: start.call, in: context)

        // The asynchronous fix: one `.task(id:)` running the start's work.
        guard let closure = start.closure else { return decided(Self.startNamesFunction.words()) }
        var move = TaskUnwrapping(modifier: start, closure: closure)
        do {
            try move.unwrapLastTask(inView: view != nil)
        } catch {
            return decided(TaskMoveFact.unwrapping(move, failedWith: error, host: start, view: view).words(keeping: Self.kept))
        }
        for change in pair.changes {
            if let task = change.work.task, let obstacle = task.obstacle(inView: view != nil) {
                let modifier = "onChange(of: \(change.modifier.value.trimmedDescription))"
                return decided(TaskMoveFact.obstacle(obstacle).words(keeping: Self.kept, inTaskOf: modifier))
            }
        }
        guard let key = pair.taskID(in: view) else {
            let values = pair.changes.map { $0.modifier.value.trimmedDescription }.joined(separator: ", ")
            return decided(Self.valuesOfUnknownTypes.words(["a, b": values]))
        }
        if start.name != "task", let shortfall = context.floor.shortfall(of: .task, at: start.call) {
            return decided(TaskMoveFact.belowFloor(shortfall).words(keeping: Self.kept))
        }
        if let hazard = CancellationHazard.find(forWork: move.statements.map(Syntax.init), host: start, view: view) {
            return decided(TaskMoveFact.hazard(hazard).words(keeping: Self.kept))
        }

        let edits = replacingLinks(of: pair, header: LifecycleModifier.taskHeader(id: key, priority: move.priority), body: move.pieces, context: context)
        let deferred = pair.changes.lazy.flatMap(\.work.statementsBeforeTask).first.map { $0.item.trimmedDescription }
        let safety = Self.mergeSafety(id: key, startWasOnAppear: start.name == "onAppear", deferredStatement: deferred)
        return context.finding(id, at: start.nameToken, Self.mergeIntoTaskID.words(), safety: safety, edits: edits)
    }

    /// What the merge into `.task(id: id)` changes: what re-runs, what is now cancelled (`startWasOnAppear`: the
    /// work was not cancelled on disappear before), and what of the onChange's work now waits for the task
    /// (`deferredStatement`: the first of the onChange's statements before its Task).
    private static func mergeSafety(id: String, startWasOnAppear: Bool, deferredStatement: String?) -> SafetyLabel {
        var sentence = "re-runs on each appearance and when \(id) changes, as before; a run still in progress is now "
            + "cancelled when \(id) changes"
        // A `.task` start was cancelled on disappear already; an onAppear's Task was not.
        if startWasOnAppear { sentence += " and when the view disappears" }
        if let text = deferredStatement {
            let shown = text.contains("\n") || text.count > 60 ? String(text.prefix(57).split(separator: "\n")[0]) + "…" : text
            sentence += "; the onChange's \(shown) now runs asynchronously, at the start of the task"
        }
        return .behaviorChange(sentence)
    }

    /// A Task the work starts that is not the unwrapped last statement (inside an `if`, a
    /// closure, or before other statements), or nil; `placement` says where, as a reason does.
    private static func taskStartedInside(_ work: LoadingWork) -> (call: FunctionCallExprSyntax, placement: String)? {
        if let task = work.statements.lazy.compactMap(InnerTask.init).first { return (task.call, "before other statements") }
        return InnerTask.nestedStart(in: work.statements).map { ($0.call, "inside \($0.container.phrase)") }
    }

    /// Why the pair's work, the same in both, cannot move as it is, or nil.
    private func obstacle(_ pair: LoadingPair) -> FindingWords? {
        for change in pair.changes {
            let value = change.modifier.value.trimmedDescription
            if change.modifier.runsInitially { return Self.onChangeRunsInitially.words(["x": value]) }
            if change.modifier.readsOldValue {
                return Self.onChangeReadsOldValue.words(["x": value, "its name": change.modifier.oldValueName!])
            }
        }
        return nil
    }

    /// The synchronous fix: `.onChange(of: x, initial: true) { W }` with the start's work.
    private func rewriteSync(_ pair: LoadingPair, change: LoadingPair.Change, context: RuleContext) -> Finding {
        let start = pair.start
        let header = "onChange(of: \(change.modifier.value.trimmedDescription), initial: true)"
        let pieces: [BodyPiece] = start.closure?.statements.map { .statement($0, holes: []) } ?? []
        let edits = replacingLinks(
            of: pair, header: header, body: pieces, namedCall: start.closure == nil ? pair.startWork.namedCall : nil,
            context: context)
        return context.finding(
            id, at: start.nameToken, Self.mergeIntoOnChangeInitial.words(),
            safety: .behaviorChange("runs on the first appearance only, no longer on every re-appearance"), edits: edits)
    }

    /// The edits writing `header { body }` in place of the pair's first link and removing the others.
    ///
    /// Comments of the removed links (above them, in their closures, after them) move into the
    /// new body, first, unless the kept work already has the same comment.
    private func replacingLinks(
        of pair: LoadingPair, header: String, body: [BodyPiece], namedCall: String? = nil, context: RuleContext
    ) -> [ByteEdit] {
        let startLink = ModifierLink(call: pair.start.call, closure: pair.start.closure)
        let links = ([startLink] + pair.changes.map { ModifierLink(call: $0.modifier.call, closure: $0.modifier.closure) })
            .sorted { $0.nameStart < $1.nameStart }
        let first = links[0]
        let removed = links.dropFirst()

        // Comments of what goes away come first: above and after the removed links, then inside
        // the onChange closures; then the start's work with its own comments.
        var pieces: [BodyPiece] = []
        let keptComments = Set(startLink.comments)
        for link in removed where link.isWholeLines(context: context) {
            pieces += link.outerCommentPieces(excluding: link.call.id == startLink.call.id ? [] : keptComments)
        }
        for link in links where link.call.id != startLink.call.id {
            pieces += link.innerCommentPieces(excluding: keptComments)
        }
        pieces += body
        if let closure = pair.start.closure { pieces.append(.closingComments(of: closure.rightBrace)) }

        var writer = ClosureBodyWriter(context: context)
        writer.add(pieces)
        let ending = context.style.lineEnding
        let indentation: (statements: String, closingBrace: String)
        if let closure = first.closure {
            indentation = closure.bodyIndentation(in: context)
        } else {
            let line = context.lineIndentation(at: first.nameStart)
            indentation = (line + context.style.indentUnit, line)
        }
        var lines = writer.lines(indent: indentation.statements)
        if let namedCall {
            lines = (writer.isEmpty ? "" : lines + ending) + indentation.statements + namedCall
        }
        // The start's `{ // comment` stays on the brace's line.
        let braceComment = pair.start.closure.map { ModifierLink.commentTexts(in: $0.leftBrace.trailingTrivia) } ?? []
        let brace = braceComment.isEmpty ? " {" : " { " + braceComment.joined(separator: " ")
        let replacement = header + brace + ending + lines + ending + indentation.closingBrace + "}"
        return [ByteEdit(range: first.nameStart..<first.end, replacement: replacement)]
            + removed.map { ByteEdit(range: $0.removalRange(context: context), replacement: "") }
    }
}

extension AppearChangeLoadRule {
    public var reasonFamily: ReasonFamily? { .taskMove }

    /// The decisions, in the order `explain` lists them.
    public var reasons: [RuleReason] {
        [Self.mergeIntoTaskID, Self.mergeIntoOnChangeInitial, Self.synchronousWork, Self.synchronousSeveralValues,
         Self.onChangeRunsInitially, Self.onChangeReadsOldValue, Self.nestedTask, Self.startNamesFunction, Self.valuesOfUnknownTypes]
    }
}

// MARK: - Words

extension AppearChangeLoadRule {
    /// What the rule keeps when it does not rewrite.
    static let kept = "the start and onChange as they are"
    /// The blank of `synchronousWork` that offers the option, where the floor allows it.
    private static let option = "; the syncWork option can turn the pair into onChange(of:initial: true)"
    private static let optionText = #"; ruleOptions {"appear-change-load": {"syncWork": "onChangeInitial"}} turns the pair into onChange(of:initial: true)"#
    /// The blank of `nestedTask` that says where the Task starts.
    private static let placement = "inside an if or a closure, or before other statements"

    static let mergeIntoTaskID = RuleReason(
        "merge-into-task-id", .rewrite, headline: "load with one task(id:) instead of a start and onChange doing the same work",
        meaning: "the start and the onChange run the same asynchronous work: one .task(id:) replaces them",
        whatToDo: "review the diff: a run still in progress is now cancelled when the value changes")
    static let mergeIntoOnChangeInitial = RuleReason(
        "merge-into-onchange-initial", .rewrite, headline: "run the work with onChange(of:initial:) instead of onAppear and onChange",
        meaning: "the work is synchronous and syncWork is onChangeInitial: one .onChange(of:initial: true) replaces the pair",
        whatToDo: "review the diff: the work now runs on the first appearance only, not on every re-appearance")
    static let synchronousWork = RuleReason(
        "synchronous-work", .keep, headline: "keep the synchronous onAppear and onChange pair",
        meaning: "the work never suspends, so task(id:) would only make it asynchronous and cancellable{\(option)}",
        whatToDo: "nothing; or set ruleOptions {\"appear-change-load\": {\"syncWork\": \"onChangeInitial\"}} on an iOS 17+ floor")
    /// `synchronousWork` where the work also cannot move as it is: its reason names both facts.
    static let synchronousWorkThatCannotMove = RuleReason(
        synchronousWork.decision, .keep, headline: synchronousWork.headline,
        meaning: "the work is synchronous, which task(id:) would make asynchronous, and {what else stops it}")
    static let synchronousSeveralValues = RuleReason(
        "synchronous-several-values", .keep, headline: synchronousWork.headline,
        meaning: "the work is synchronous and several onChange run it; onChange(of:initial:) takes one value")
    static let onChangeRunsInitially = RuleReason(
        "onchange-runs-initially", .skip, headline: "decide whether the start or onChange's initial run should stay",
        meaning: "onChange(of: {x}) already runs when the view appears (initial: true), so the start runs the work twice",
        whatToDo: "decide which of the two should run on appearance, remove the other, then run again")
    static let onChangeReadsOldValue = RuleReason(
        "onchange-reads-old-value", .keep, headline: "keep \(kept)",
        meaning: "onChange(of: {x}) reads the old value ({its name}), which task(id:) does not give",
        whatToDo: "nothing (if the old value is not needed after all, drop it and run again)")
    static let nestedTask = RuleReason(
        "nested-task", .skip, headline: "check whether this work belongs to the view, then merge the pair into task(id:) by hand",
        meaning: "the onAppear and onChange run the same work, which starts the Task on line {N} {\(placement)}; "
            + "the rule does not unwrap it",
        whatToDo: "check whether the work belongs to the view; if it does, merge the two into task(id:) by hand")
    static let startNamesFunction = RuleReason(
        "start-names-function", .skip, headline: "merge the start and onChange into task(id:) by hand",
        meaning: "the onAppear names a function, whose work cannot move into task",
        whatToDo: "merge the two into .task(id:) by hand, calling f")
    static let valuesOfUnknownTypes = RuleReason(
        "values-of-unknown-types", .skip, headline: "merge the start and onChange into one task(id:) by hand",
        meaning: "the rule cannot tell that the onChange values {a, b} have one type, which task(id: [{a, b}]) needs",
        whatToDo: "merge them into one .task(id:) by hand, with an Equatable id that covers them")
}
