import SwiftSyntax

/// Replaces a run-once `@State` flag guarding `.onAppear`/`.task` with `.task(id:)` keyed on
/// the view's identity, and removes one inside `.task(id:)`, where it defeats the id.
///
/// Statements before the guard stay where they are: they ran on every appearance and
/// still do. The flag's declaration is removed with its doc comment.
public struct GuardFlagLoadRule: ShippedRule {
    public init() {}
    public static let id = "guard-flag-load"
    public static let isEnabledByDefault = true
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
                inner `Task { }`, inside `withAnimation { }` or `MainActor.run { }`). `.onAppear` fires on every appearance — \
                navigation pop-back, tab switch, list recycling — and the flag hand-rolls "once" on top of it, \
                without noticing when the view comes to show different data. Inside `.task(id: x)` the same flag \
                defeats the id: when `x` changes the work does not run and the view keeps the old data.
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
                is cancelled when the view disappears. A flag inside `.task(id: x)` goes with its guard and its \
                set, and the header stays (behavior-change: the work now runs again when `x` changes, as the id \
                intends, and on each appearance). A guard in a helper the modifier calls \
                (`.onAppear(perform: loadIfNeeded)`, `.onAppear { loadIfNeeded() }`, `.task { await \
                loadIfNeeded() }`) is followed and judged the same way, then reported, since the rule rewrites only \
                the modifier's own closure.
                """,
            safety: """
                behavior-change: "re-runs on each appearance and when <id> changes; cancelled on disappear"; \
                for a flag inside `.task(id: x)`: "the work now runs again when x changes, as the id intends, and \
                on each appearance".
                """)
    }

    public func findings(in context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for modifier in LifecycleModifier.all(in: context) {
            guard let view = ViewDeclaration(enclosing: modifier.call, in: context) else { continue }
            if let closure = modifier.closure, closure.signature == nil,
               let flag = RunOnceFlag.find(in: closure.statements, of: view) {
                findings.append(finding(for: flag, modifier: modifier, closure: closure, view: view, context: context))
            } else if modifier.hasID {
                // Only the flag in `.task(id:)`'s own closure is this rule's there.
                continue
            } else if let (helper, flag) = RunOnceFlag.guardingHelper(of: modifier, in: view) {
                findings.append(finding(for: flag, in: helper, modifier: modifier, view: view, context: context))
            } else if let nearMiss = RunOnceFlag.nearMiss(of: modifier, in: view) {
                // Guarded setup that neither awaits nor starts a Task stays as it is, whatever else the check tests.
                if !Suspension.isLoad(nearMiss.guardedWork, in: view) {
                    findings.append(context.finding(id, at: modifier.nameToken, Self.oneTimeSetup.words()))
                    continue
                }
                // A flag set before an await and back after it guards against running twice at once: it stays.
                if nearMiss.isInFlightGuard(in: view) {
                    findings.append(context.finding(id, at: modifier.nameToken, Self.inFlightGuard.words(["the flag": nearMiss.flag])))
                    continue
                }
                // A load-once flag with no identity to key on is the honest tool, whatever else the check tests.
                let work = nearMiss.guardedWork + WorkTrace(of: nearMiss.guardedWork, in: view).followedBodies(in: view)
                if nearMiss.isLoadOnce, case .none = IdentityInference.choose(readBy: work, in: view, configuration: context.configuration) {
                    findings.append(context.finding(id, at: modifier.nameToken, Self.noIdentity.words()))
                    continue
                }
                let lines = nearMiss.facts.map { fact -> SourcePlace in
                    switch fact {
                    case .setBack(let use), .binding(let use): context.place(of: use)
                    default: SourcePlace(line: 0)
                    }
                }
                findings.append(context.finding(id, at: modifier.nameToken, nearMiss.words(lines: lines)))
            }
        }
        return findings
    }

    /// The finding for one run-once-flag closure: a rewrite, a keep or a skip.
    private func finding(
        for flag: RunOnceFlag, modifier: LifecycleModifier, closure: ClosureExprSyntax, view: ViewDeclaration,
        context: RuleContext
    ) -> Finding {
        func decided(_ words: FindingWords) -> Finding {
            context.finding(id, at: modifier.nameToken, words)
        }

        // The statements that run, with the check taken out (and its body, for `if !flag { … }`, spliced in).
        var pieces: [BodyPiece] = flag.scope.flatMap { statement -> [BodyPiece] in
            guard statement.id == flag.check.id else { return [.statement(statement, holes: [])] }
            guard case .wrap(let body) = flag.form else { return [] }
            return [.trailingComments(of: body.leftBrace)] + body.statements.map { .statement($0, holes: []) }
                + [.closingComments(of: body.rightBrace)]
        }
        var outerTask: InnerTask?
        let checkIsInTask = flag.scope.id != closure.statements.id
        if checkIsInTask, let last = closure.statements.last, let task = InnerTask(last) {
            outerTask = task
            pieces = closure.statements.dropLast().map { .statement($0, holes: []) }
                + TaskUnwrapping.unwrappedPieces(of: task, body: pieces)
        }

        // The sets the rewrite removes: whole statements, or lines inside `withAnimation { }`.
        let sets = flag.setSites(in: pieces)
        let uses = flag.otherUses(besides: sets, in: view)
        // Name a use outside the closure first, a write before a read: a set the closure itself
        // makes where the rule does not remove it says less about the flag than a reset elsewhere.
        let closureBytes = closure.position.utf8Offset..<closure.endPosition.utf8Offset
        let outside = uses.filter { !context.holds($0) || !closureBytes.contains($0.positionAfterSkippingLeadingTrivia.utf8Offset) }
        // The identity: read by the work (the check and the sets are not part of it).
        let work = pieces.compactMap(\.statement).filter { item in !sets.contains { $0.statement.id == item.id } }
        if let use = outside.first(where: { flag.isWritten(at: $0) }) ?? outside.first ?? uses.first {
            let found = flag.otherUse(use, context: context)
            // A second set in the closure of a load with no identity to key on: the flag is the honest tool.
            if outside.isEmpty, case .alsoSet = found, Suspension.isLoad(work.map(Syntax.init), in: view),
               case .none = IdentityInference.choose(readBy: work.map(Syntax.init), in: view, configuration: context.configuration) {
                return decided(Self.noIdentity.words())
            }
            return decided(found.words(inHelper: nil))
        }

        if !Suspension.isLoad(work.map(Syntax.init), in: view) { return decided(Self.oneTimeSetup.words()) }
        let taskID: String
        let words: FindingWords
        let safety: SafetyLabel
        if let keyed = modifier.id {
            // `.task(id:)` is keyed already: the flag only stops the work when the id changes.
            taskID = keyed.trimmedDescription
            words = Self.flagDefeatsID.words(["the id": taskID])
            safety = .behaviorChange("the work now runs again when \(taskID) changes, as the id intends, and on each appearance")
        } else {
            let choice = IdentityInference.choose(readBy: work.map(Syntax.init), in: view, configuration: context.configuration)
            guard case .chosen(let candidate) = choice else { return decided(Self.unkeyed(choice, view: view, inHelper: nil)) }
            taskID = candidate.expression
            words = Self.keyOnIdentity.words()
            safety = .behaviorChange("re-runs on each appearance and when \(taskID) changes; cancelled on disappear")
            if LifecycleHost(of: modifier).watchesChanges(of: taskID) {
                return decided(Self.siblingOnChange.words(["id": taskID]))
            }
        }

        // Unwrap the inner Task when it is the last statement, then remove the sets.
        var move = TaskUnwrapping(modifier: modifier, closure: closure, pieces: RunOnceFlag.removing(sets, from: pieces, context: context))
        do {
            if let outerTask { try move.adopt(outerTask, inView: true) }
            try move.unwrapLastTask(inView: true)
        } catch {
            // Work already in a `.task` was cancellable before; work leaving `onAppear` is checked.
            let host = modifier.name == "onAppear" ? modifier : nil
            return decided(TaskMoveFact.unwrapping(move, failedWith: error, host: host, view: view).words(keeping: Self.kept))
        }
        move.replacePieces { RunOnceFlag.removing(sets, from: $0, context: context) }
        if modifier.name != "task", let shortfall = context.floor.shortfall(of: .task, at: modifier.call) {
            return decided(TaskMoveFact.belowFloor(shortfall).words(keeping: Self.kept))
        }
        // Work already in a `.task` was cancellable before; work leaving `onAppear` is checked.
        if modifier.name == "onAppear",
           let hazard = CancellationHazard.find(forWork: move.statements.map(Syntax.init), host: modifier, view: view) {
            return decided(TaskMoveFact.hazard(hazard).words(keeping: Self.kept))
        }

        // The flag's declaration is in the struct, in another file when this is an extension of it: the rewrite edits only this file.
        guard context.holds(flag.property.declaration) else {
            return decided(Self.flagDeclaredElsewhere.words(
                ["the flag": flag.name, "elsewhere": context.place(of: flag.property.declaration).phrase]))
        }
        var edits = move.edits(id: taskID, context: context)
        edits.append(context.declarationRemoval(of: flag.property.declaration))
        return context.finding(id, at: modifier.nameToken, words, safety: safety, edits: edits)
    }

    /// The finding for a run-once flag guarded in a helper the modifier calls
    /// (`.onAppear(perform: loadIfNeeded)`, `.onAppear { loadIfNeeded() }`): a keep or a skip
    /// saying what a person must do, since the rule rewrites only the modifier's own closure.
    private func finding(
        for flag: RunOnceFlag, in helper: FunctionDeclSyntax, modifier: LifecycleModifier, view: ViewDeclaration,
        context: RuleContext
    ) -> Finding {
        func decided(_ words: FindingWords) -> Finding {
            context.finding(id, at: modifier.nameToken, words)
        }
        let name = helper.name.text
        var pieces: [BodyPiece] = flag.scope.compactMap { $0.id == flag.check.id ? nil : .statement($0, holes: []) }
        if case .wrap(let body) = flag.form { pieces += body.statements.map { .statement($0, holes: []) } }
        let sets = flag.setSites(in: pieces)
        let uses = flag.otherUses(besides: sets, in: view)
        // A write elsewhere (a reset, a `defer`) says most about the flag: name it first.
        if let use = uses.first(where: { flag.isWritten(at: $0) }) ?? uses.first {
            return decided(flag.otherUse(use, context: context).words(inHelper: name))
        }
        let work = pieces.compactMap(\.statement).filter { item in !sets.contains { $0.statement.id == item.id } }
        if !Suspension.isLoad(work.map(Syntax.init), in: view) { return decided(Self.oneTimeSetup.words()) }
        let choice = IdentityInference.choose(readBy: work.map(Syntax.init), in: view, configuration: context.configuration)
        guard case .chosen(let candidate) = choice else { return decided(Self.unkeyed(choice, view: view, inHelper: name)) }
        return decided(Self.guardInHelper.words(["helper": name, "the flag": flag.name, "id": candidate.expression]))
    }

    /// Why a `choice` that chose no identity leaves the load nothing to key on: the work reads none,
    /// several, or not the one configured for `view` (`.chosen` is not asked about).
    private static func unkeyed(_ choice: IdentityChoice, view: ViewDeclaration, inHelper helper: String?) -> FindingWords {
        switch choice {
        case .none, .chosen:
            noIdentity.words()
        case .ambiguous(let candidates):
            severalIdentities.words([
                "the candidates": candidates.map(\.expression).joined(separator: ", "), "View": view.name,
                "property": candidates.first?.expression ?? "", inHelper: guardPlace(helper)])
        case .configuredNotFound(let name):
            configuredIdentityNotFound.words(["property": name, "View": view.name, inHelper: guardPlace(helper)])
        }
    }
}

extension GuardFlagLoadRule {
    public var reasonFamily: ReasonFamily? { .taskMove }

    /// The decisions, in the order `explain` lists them.
    public var reasons: [RuleReason] {
        [Self.keyOnIdentity, Self.flagDefeatsID, Self.oneTimeSetup, Self.noIdentity, Self.inFlightGuard, Self.flagSetElsewhere,
         Self.flagSetBack, Self.flagReadElsewhere, Self.flagPassedAsBinding, Self.flagStorageUsed, Self.severalIdentities,
         Self.configuredIdentityNotFound, Self.siblingOnChange, Self.guardInHelper, Self.flagDeclaredElsewhere]
            + Self.nearMisses
    }
}

// MARK: - Words

extension GuardFlagLoadRule {
    /// What the rule keeps when it does not rewrite.
    static let kept = "the run-once flag"

    /// The blank at the end of a reason that names the helper the guard stands in: "(the guard is in load())", or nothing.
    fileprivate static let inHelper = "(the guard may be in a helper)"
    fileprivate static func guardPlace(_ helper: String?) -> String { helper.map { "(the guard is in \($0)())" } ?? "" }

    static let keyOnIdentity = RuleReason(
        "key-on-identity", .rewrite, headline: "key the load on the view's identity with task(id:) instead of a run-once flag",
        meaning: "the flag goes: the load runs in .task(id:) keyed on the view's one identity",
        whatToDo: "review the diff: the load now runs again on each appearance and when the id changes, and is cancelled on disappear")
    static let flagDefeatsID = RuleReason(
        "flag-defeats-id", .rewrite, headline: "remove the run-once flag that stops task(id: {the id}) when {the id} changes",
        meaning: "a run-once flag inside .task(id:) stops the work when the id changes, so the view keeps the old data: the flag goes",
        whatToDo: "review the diff: the work now runs again when the id changes, as the id intends, and on each appearance")
    static let oneTimeSetup = RuleReason(
        "one-time-setup", .keep, headline: "keep \(kept)",
        meaning: "one-time setup, not a load: task(id:) would redo it on each appearance")
    static let noIdentity = RuleReason(
        "no-identity", .keep, headline: "keep \(kept)", meaning: "no identity to key on")
    static let inFlightGuard = RuleReason(
        "in-flight-guard", .keep, headline: "keep {the flag} as it is",
        meaning: "{the flag} is set before an await and set back after it, an in-flight guard")
    static let flagSetElsewhere = RuleReason(
        "flag-set-elsewhere", .skip, headline: "check the other set of the flag before replacing it by hand",
        meaning: "{the flag} is also set {elsewhere}, where the rule does not follow it {\(inHelper)}",
        whatToDo: "check what the other set is for before replacing the flag by hand")
    // A flag set back is no run-once flag: the headline must not call it one.
    static let flagSetBack = RuleReason(
        "flag-set-back", .keep, headline: "keep the flag as it is",
        meaning: "{the flag} is set back {elsewhere}, so it is not a run-once flag {\(inHelper)}")
    static let flagReadElsewhere = RuleReason(
        "flag-read-elsewhere", .keep, headline: "keep \(kept)",
        meaning: "{the flag} is also read {elsewhere}, so removing it would change more than this closure {\(inHelper)}")
    static let flagPassedAsBinding = RuleReason(
        "flag-passed-as-binding", .skip, headline: "check what the binding's receiver does with the flag",
        meaning: "{$flag} is passed {elsewhere} as a binding, which can set it {\(inHelper)}",
        whatToDo: "check what the binding's receiver does with it before replacing the flag by hand")
    static let flagStorageUsed = RuleReason(
        "flag-storage-used", .keep, headline: "keep \(kept)",
        meaning: "{the flag}'s storage {_flag} is used {elsewhere}, so removing the flag would change more than this closure {\(inHelper)}")
    static let severalIdentities = RuleReason(
        "several-identities", .skip, headline: "choose the identity to key the task on",
        meaning: "several properties could key the task ({the candidates}); choose one with "
            + "\"identity\": {\"{View}\": \"{property}\"} in .swiftui-migrate.json {\(inHelper)}",
        whatToDo: "add the identity setting the reason shows")
    static let configuredIdentityNotFound = RuleReason(
        "configured-identity-not-found", .skip, headline: "fix the configured identity",
        meaning: "the configured identity {property} of {View} is not a stored Equatable property the action reads {\(inHelper)}",
        whatToDo: "fix the identity setting in .swiftui-migrate.json")
    static let siblingOnChange = RuleReason(
        "sibling-onchange", .skip, headline: "merge the flag-guarded load and the onChange into task(id:) by hand",
        meaning: "a sibling .onChange(of: {id}) already reacts when it changes, so task(id: {id}) would run the work twice",
        whatToDo: "merge the two into one .task(id:) by hand")
    static let guardInHelper = RuleReason(
        "guard-in-helper", .skip, headline: "call {helper}() from .task(id: {id}) and remove its flag by hand",
        meaning: "the guard is in {helper}(), which the rule does not rewrite: remove {the flag}, its guard and its set there, "
            + "and call {helper}() from .task(id: {id})",
        whatToDo: "do what the reason says")
    static let flagDeclaredElsewhere = RuleReason(
        "flag-declared-elsewhere", .skip, headline: "replace the run-once flag with task(id:) by hand",
        meaning: "{the flag} is declared {elsewhere}, which this rewrite of one file cannot remove",
        whatToDo: "replace the flag with task(id:) by hand, removing its declaration too")

    /// The near misses' decisions: the check is one a person must judge (`FlagGuardNearMiss`).
    static let compoundCheck = nearMiss(
        "compound-check", headline: "decide whether the work should wait for the other conditions of the check",
        check: "the check of the flag also tests other conditions", mustDo: "decide whether the work should still wait for them")
    static let guardDoesMore = nearMiss(
        "guard-does-more", headline: "check what the guard's else does before replacing the flag",
        check: "the guard on the flag does more than return", mustDo: "check whether that still matters")
    static let laterBranch = nearMiss(
        "later-branch", headline: "decide what should run on later appearances before replacing the flag",
        check: "the check of the flag has a branch that runs on every later appearance", mustDo: "decide what should run then")
    static let setOnlyInFunction = nearMiss(
        "set-only-in-function", headline: "check what else calls the function that sets the flag",
        check: "the flag is set only in a function the closure calls, which the rule does not rewrite", mustDo: "check what else calls it")
    static let flagAlsoSetBack = RuleReason(
        "flag-also-set-back", .skip, headline: "check what setting the flag back is for before replacing it",
        meaning: "{the flag is set back elsewhere}, so it is not a plain run-once flag: {its other checks; a person must check} what "
            + "setting it back is for (a guard against running twice at once stays as it is) before replacing it with task(id:)",
        whatToDo: "check what setting it back is for (a guard against running twice at once stays as it is)")
    static let nearMisses = [compoundCheck, guardDoesMore, laterBranch, setOnlyInFunction, flagAlsoSetBack]

    /// A near miss whose reason is its `check` and what a person must do about it.
    private static func nearMiss(_ decision: String, headline: String, check: String, mustDo: String) -> RuleReason {
        RuleReason(
            decision, .skip, headline: headline,
            meaning: "{\(check)}: a person must {\(mustDo)} before replacing the flag with task(id:)",
            whatToDo: "\(mustDo), then replace the flag with task(id:) by hand")
    }
}

fileprivate extension RunOnceFlag.OtherUse {
    /// The decision it makes, `helper` naming the helper the guard stands in, if it does.
    func words(inHelper helper: String?) -> FindingWords {
        typealias Rule = GuardFlagLoadRule
        let inHelper = Rule.guardPlace(helper)
        switch self {
        case .alsoSet(let flag, let place): return Rule.flagSetElsewhere.words(["the flag": flag, "elsewhere": place.phrase, Rule.inHelper: inHelper])
        case .setBack(let flag, let place): return Rule.flagSetBack.words(["the flag": flag, "elsewhere": place.phrase, Rule.inHelper: inHelper])
        case .alsoRead(let flag, let place): return Rule.flagReadElsewhere.words(["the flag": flag, "elsewhere": place.phrase, Rule.inHelper: inHelper])
        case .binding(let flag, let place): return Rule.flagPassedAsBinding.words(["$flag": "$" + flag, "elsewhere": place.phrase, Rule.inHelper: inHelper])
        case .storage(let flag, let place):
            return Rule.flagStorageUsed.words(["the flag": flag, "_flag": "_" + flag, "elsewhere": place.phrase, Rule.inHelper: inHelper])
        }
    }
}

fileprivate extension FlagGuardNearMiss {
    /// The decision: its first fact's, or, when the flag is also set back, that; `lines` gives, per
    /// fact, the line of its use of the flag.
    func words(lines: [SourcePlace]) -> FindingWords {
        typealias Rule = GuardFlagLoadRule
        let phrases = zip(facts, lines).map { phrase($0, line: $1) }
        if isSetBack && facts.count > 1 {
            // The set back decides (it is no run-once flag), so it comes first: the line `scan` prints ends there.
            let setBack = zip(facts, phrases).filter { Self.setsBack($0.0) }.map(\.1)
            let others = zip(facts, phrases).filter { !Self.setsBack($0.0) }.map(\.1)
            return Rule.flagAlsoSetBack.words([
                "the flag is set back elsewhere": setBack.joined(separator: ", and "),
                "its other checks; a person must check": others.joined(separator: ", and ") + "; a person must check"])
        }
        let check = phrases.joined(separator: ", and ")
        let reason: RuleReason
        switch facts.first {
        case .otherConditions?: reason = Rule.compoundCheck
        case .elseDoesMore?: reason = Rule.guardDoesMore
        case .laterBranch?: reason = Rule.laterBranch
        case .setOnlyIn?: reason = Rule.setOnlyInFunction
        case .setBack?, .binding?, nil: return Rule.flagAlsoSetBack.words(["the flag is set back elsewhere": check])
        }
        // One check: what a person must do about it (the blank's own words); several: check each.
        let (checkBlank, mustDo) = (reason.blanks[0], reason.blanks[1])
        guard facts.count > 1 else {
            return reason.words([checkBlank: reason == Rule.setOnlyInFunction ? check + ", which the rule does not rewrite" : check])
        }
        return reason.words([checkBlank: check, mustDo: "check each"])
    }

    /// True for a set back of the flag, or its binding passed on.
    private static func setsBack(_ fact: Fact) -> Bool {
        switch fact {
        case .setBack, .binding: true
        default: false
        }
    }

    private func phrase(_ fact: Fact, line: SourcePlace) -> String {
        switch fact {
        case .otherConditions(let conditions): "the check of \(flag) also tests other conditions (\(conditions))"
        case .elseDoesMore(let first): "the guard on \(flag) does more than return (\(first))"
        case .laterBranch(let first): "the check of \(flag) has a branch that runs on every later appearance (\(first))"
        case .setOnlyIn(let function): "\(flag) is set only in \(function)(), not in this closure"
        case .setBack: "\(flag) is set back \(line.phrase)"
        case .binding: "$\(flag) is passed \(line.phrase) as a binding, which can set it back"
        }
    }
}
