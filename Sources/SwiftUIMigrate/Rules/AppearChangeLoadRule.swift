import SwiftSyntax

fileprivate enum Message {
    static let rewrite = "load with one task(id:) instead of a start and onChange doing the same work"
    static let rewriteSync = "run the work with onChange(of:initial:) instead of onAppear and onChange"
    static let keep = "keep the synchronous onAppear and onChange pair"
    static let skip = "merge the start and onChange into task(id:) by hand"
    static let synchronous = "the work never suspends, so task(id:) would only make it asynchronous and cancellable"
    /// The keep of a synchronous pair; the option is offered only where the floor allows onChange(of:initial:).
    static func syncKept(offeringOption: Bool) -> String {
        guard offeringOption else { return synchronous }
        return synchronous + #"; ruleOptions {"appear-change-load": {"syncWork": "onChangeInitial"}} turns the pair "#
            + "into onChange(of:initial: true) (iOS 17+)"
    }
    static func syncWithObstacle(_ obstacle: String) -> String {
        "the work is synchronous, which task(id:) would make asynchronous, and \(obstacle)"
    }
    /// The label of a merged pair: what re-runs, what is now cancelled, and what of the onChange's work now waits for the task.
    static func merged(_ pair: LoadingPair, id: String) -> String {
        var sentence = "re-runs on each appearance and when \(id) changes, as before; a run still in progress is now "
            + "cancelled when \(id) changes"
        // A `.task` start was cancelled on disappear already; an onAppear's Task was not.
        if pair.start.name == "onAppear" { sentence += " and when the view disappears" }
        if let first = pair.changes.lazy.flatMap(\.work.statementsBeforeTask).first {
            let text = first.item.trimmedDescription
            let shown = text.contains("\n") || text.count > 60 ? String(text.prefix(57).split(separator: "\n")[0]) + "…" : text
            sentence += "; the onChange's \(shown) now runs asynchronously, at the start of the task"
        }
        return sentence
    }
    static let firstAppearanceOnly = "runs on the first appearance only, no longer on every re-appearance"
}

/// Merges the loading pair — a start (`.onAppear`, `.task`) and an `.onChange(of: x)` doing the
/// same work — into one `.task(id: x)`, which is what `task(id:)` exists for.
///
/// The rewrite also fixes the pair's race: the onChange's Task never cancels the earlier load,
/// so a slow old response can overwrite a newer one. The result is not "run once": `.task(id:)`
/// runs on each appearance, restarts when `x` changes and is cancelled on disappear.
/// `onappear-task` leaves a pair's start to this rule (see `LoadingPair`), so the two compose at
/// the engine's fixpoint into one `.task(id:)`, never a `.task` plus a leftover onChange.
public struct AppearChangeLoadRule: Rule {
    public init() {}
    public var id: String { "appear-change-load" }
    public var isEnabledByDefault: Bool { true }
    /// The start, not `onChange`: a file needs one to hold a pair, and files with only `onChange`
    /// are common enough that parsing them all would double the scan time of some apps.
    public var triggerWords: [String] { ["onAppear", ".task"] }
    public var flooredAPIs: [FlooredAPI] { [.task, .modernOnChange] }

    /// The `syncWork` option: what happens to a pair doing synchronous work.
    public enum SyncWork: String, CaseIterable, Sendable {
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
                (`.task { recount() }` runs it at once too) and is kept, with the reason; where the floor allows \
                iOS 17 / macOS 14 / tvOS 17 / watchOS 10 the reason names the option \
                `ruleOptions {"appear-change-load": {"syncWork": "onChangeInitial"}}`, which rewrites the pair to \
                `.onChange(of: x, initial: true) { W }`. Skips, with the reason: an onChange that already has \
                `initial: true`; two ids whose types the rule cannot tell are the same; a Task that cannot be \
                unwrapped (`Task.detached`, stored, throwing) or that the work starts inside an `if`, a loop or a \
                closure (the skip names its line); the cancellation hazards; a deployment floor below the fix's API \
                (task: iOS 15, onChange(initial:): iOS 17).
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
        let syncWork = SyncWork(rawValue: context.configuration.string(Self.syncWork, of: id)) ?? .keep
        return LoadingPair.all(in: context).map { finding(for: $0, syncWork: syncWork, context: context) }
    }

    private func finding(for pair: LoadingPair, syncWork: SyncWork, context: RuleContext) -> Finding {
        let start = pair.start
        func skip(_ reason: String) -> Finding {
            context.finding(id, at: start.nameToken, message: Message.skip, action: .skip, reason: reason)
        }
        func keep(_ reason: String) -> Finding {
            context.finding(id, at: start.nameToken, message: Message.keep, action: .keep, reason: reason)
        }
        // Synchronous means the work itself never suspends, whatever the modifier: `.task { recount() }`
        // runs `recount()` at once as `.onAppear` does, and task(id:) would only defer the onChange's run.
        let obstacle = reasonToSkip(pair)
        if !pair.startWork.suspends {
            if syncWork == .keep, let nested = Self.taskStartedInside(pair.startWork), start.name == "onAppear" {
                let line = context.finding(id, at: nested.call, message: "", action: .skip).line
                return skip("the onAppear and onChange run the same work, which starts the Task on line \(line) "
                    + (nested.container.hasPrefix("before") ? "" : "inside ") + "\(nested.container); the rule does not unwrap it: check whether its work belongs to the view and "
                    + "move it into task by hand")
            }
            if syncWork == .keep {
                let optionHint = context.floor.reasonBelow(.modernOnChange, at: start.call) == nil
                return keep(obstacle.map { Message.syncWithObstacle($0) } ?? Message.syncKept(offeringOption: optionHint))
            }
            if let obstacle { return skip(obstacle) }
            guard pair.changes.count == 1, let change = pair.changes.first else {
                return keep("the work is synchronous and several onChange run it; onChange(of:initial:) takes one value")
            }
            if let reason = context.floor.reasonBelow(.modernOnChange, at: start.call) { return skip(reason) }
            return rewriteSync(pair, change: change, context: context)
        }
        if let obstacle { return skip(obstacle) }
        let view = ViewDeclaration(enclosing: start.call, in: context)

        // The asynchronous fix: one `.task(id:)` running the start's work.
        guard let closure = start.closure else { return skip("the onAppear names a function, whose work cannot move into task") }
        var move = TaskUnwrapping(modifier: start, closure: closure)
        do throws(TaskUnwrapping.Obstacle) {
            try move.unwrapLastTask(inView: view != nil)
            for change in pair.changes {
                if let task = change.work.task, let reason = task.reasonNotUnwrappable(inView: view != nil) {
                    throw TaskUnwrapping.Obstacle(reason: "in onChange(of: \(change.modifier.value.trimmedDescription)), \(reason)")
                }
            }
        } catch {
            return skip(error.reason)
        }
        guard let key = taskID(of: pair, in: view) else {
            let names = pair.changes.map { $0.modifier.value.trimmedDescription }
            return skip("several onChange values run the work (\(names.joined(separator: ", "))) and the rule cannot tell "
                + "they have one type, which task(id: [\(names.joined(separator: ", "))]) needs; merge them by hand")
        }
        if start.name != "task", let reason = context.floor.reasonBelow(.task, at: start.call) { return skip(reason) }
        if let reason = CancellationHazard.reason(forWork: move.statements.map(Syntax.init), host: start, view: view) { return skip(reason) }

        let edits = replacingLinks(of: pair, header: header(id: key, priority: move.priority), body: move.pieces, context: context)
        return context.finding(
            id, at: start.nameToken, message: Message.rewrite, action: .rewrite,
            safety: .behaviorChange(Message.merged(pair, id: key)), edits: edits)
    }

    /// A Task the work starts that is not the unwrapped last statement (inside an `if`, a
    /// closure, or before other statements), or nil.
    private static func taskStartedInside(_ work: LoadingWork) -> (call: FunctionCallExprSyntax, container: String)? {
        if let task = work.statements.lazy.compactMap(InnerTask.init).first { return (task.call, "before other statements") }
        return InnerTask.nestedStart(in: work.statements)
    }

    /// Why the pair's work, the same in both, cannot move as it is, or nil.
    private func reasonToSkip(_ pair: LoadingPair) -> String? {
        for change in pair.changes {
            let value = change.modifier.value.trimmedDescription
            if change.modifier.runsInitially {
                return "onChange(of: \(value)) already runs when the view appears (initial: true), so the start runs the work twice"
            }
            if change.modifier.readsOldValue {
                return "onChange(of: \(value)) reads the old value (\(change.modifier.oldValueName!)), which task(id:) does not give"
            }
        }
        return nil
    }

    /// The `id:` of the task: the one observed value, or `[a, b]` for values of one type declared in the view.
    private func taskID(of pair: LoadingPair, in view: ViewDeclaration?) -> String? {
        var values: [String] = []
        for change in pair.changes {
            let text = change.modifier.value.trimmedDescription
            if !values.contains(text) { values.append(text) }
        }
        if values.count == 1 { return values[0] }
        guard let view else { return nil }
        let types = pair.changes.map { Self.declaredType(of: $0.modifier.value, in: view) }
        guard let first = types.first, let type = first, types.allSatisfy({ $0 == type }) else { return nil }
        return "[\(values.joined(separator: ", "))]"
    }

    /// The type a view declares for the property `expression` names: written, or that of a literal initial value.
    private static func declaredType(of expression: ExprSyntax, in view: ViewDeclaration) -> String? {
        guard let name = expression.referencedPropertyName, let property = view.storedProperty(named: name) else { return nil }
        if let type = property.type { return type.trimmedDescription }
        switch property.initializer?.kind {
        case .stringLiteralExpr?: return "String"
        case .integerLiteralExpr?: return "Int"
        case .booleanLiteralExpr?: return "Bool"
        case .floatLiteralExpr?: return "Double"
        default: return nil
        }
    }

    private func header(id: String, priority: String?) -> String {
        "task(id: \(id)" + (priority.map { ", priority: \($0)" } ?? "") + ")"
    }

    /// The synchronous fix: `.onChange(of: x, initial: true) { W }` with the start's work.
    private func rewriteSync(_ pair: LoadingPair, change: LoadingPair.Change, context: RuleContext) -> Finding {
        let start = pair.start
        let header = "onChange(of: \(change.modifier.value.trimmedDescription), initial: true)"
        var pieces: [BodyPiece] = []
        if let closure = start.closure { pieces = closure.statements.map { .statement($0, holes: []) } }
        let edits = replacingLinks(
            of: pair, header: header, body: pieces, namedCall: start.closure == nil ? pair.startWork.namedCall : nil,
            context: context)
        return context.finding(
            id, at: start.nameToken, message: Message.rewriteSync, action: .rewrite,
            safety: .behaviorChange(Message.firstAppearanceOnly), edits: edits)
    }

    /// The edits writing `header { body }` in place of the pair's first link and removing the others.
    ///
    /// Comments of the removed links (above them, in their closures, after them) move into the
    /// new body, first, unless the kept work already has the same comment.
    private func replacingLinks(
        of pair: LoadingPair, header: String, body: [BodyPiece], namedCall: String? = nil, context: RuleContext
    ) -> [SourceEdit] {
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
        var edits = [SourceEdit(range: first.nameStart..<first.end, replacement: replacement)]
        for link in removed { edits.append(SourceEdit(range: link.removalRange(context: context), replacement: "")) }
        return edits
    }
}
