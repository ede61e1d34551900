/// The words for the facts that every rule moving work into `.task` (`onappear-task`,
/// `guard-flag-load`, `appear-change-load`) decides on: a cancellation hazard, an obstacle to
/// unwrapping the inner `Task`, a deployment floor below `.task`. The analyses return the facts;
/// they are worded once here, as one reason family that `explain` lists once, and each rule's own
/// words (at the end of its file) choose the headline around them, naming what that rule keeps.

extension ReasonFamily {
    /// The reasons every rule that moves work into `.task` can give besides its own.
    public static let taskMove = ReasonFamily(
        id: "task-move",
        summary: "the decisions every rule that moves work into .task makes besides its own: the obstacles to "
            + "unwrapping the inner Task, a deployment floor below .task, and the cancellation hazards, where .task "
            + "would cancel work that must finish.",
        reasons: TaskMoveDecision.allCases.map(\.entry))
}

/// The decisions of the `task-move` family, in the order `explain` lists them; the raw value is
/// the decision's name in a finding's reasonID (`onappear-task/sentinel-host`).
enum TaskMoveDecision: String, CaseIterable {
    case detachedTask = "detached-task", storedTask = "stored-task"
    case mainActorOutsideView = "main-actor-outside-view", taskSignature = "task-signature"
    case taskThrows = "task-throws", taskReturnsValue = "task-returns-value", taskNotLast = "task-not-last"
    case deferralOnly = "deferral-only", priorityTwice = "priority-twice", belowFloor = "below-floor"
    case sentinelHost = "sentinel-host", lazyRow = "lazy-row", menuContent = "menu-content", workRemovesHost = "work-removes-host"
    case hiddenInFlightFlag = "hidden-in-flight-flag", objectMethodRemovesHost = "object-method-removes-host"
    case objectMethodUnseen = "object-method-unseen", outsideView = "outside-view", noOwnedState = "no-owned-state"
    case awaitedOperation = "awaited-operation"

    /// What it means and what to do: a skip, or a keep where the advice is to leave the Task as it is.
    var entry: RuleReason {
        switch self {
        case .detachedTask:
            RuleReason(rawValue, .keep, meaning: "the work runs in Task.detached, which keeps its own actor and lifetime",
                       whatToDo: "nothing")
        case .storedTask:
            RuleReason(rawValue, .keep, meaning: "the Task is stored (let t = Task { }), so other code may await or cancel it",
                       whatToDo: "nothing")
        case .mainActorOutsideView:
            RuleReason(rawValue, .skip, meaning: "the Task is { @MainActor in … } outside a view struct, where task's action may not run on the main actor",
                       whatToDo: "check the enclosing type; in a view, move the work by hand")
        case .taskSignature:
            RuleReason(rawValue, .skip, meaning: "the Task's closure has a signature ([weak self] in, parameters) that task's action cannot take",
                       whatToDo: "drop the signature, if the work allows it, and move the work by hand")
        case .taskThrows:
            RuleReason(rawValue, .skip, meaning: "the Task's body throws, and task's action cannot",
                       whatToDo: "catch the errors inside the body, then move the work by hand")
        case .taskReturnsValue:
            RuleReason(rawValue, .skip, meaning: "the Task's body returns a value, and task's action cannot",
                       whatToDo: "drop the value, if nobody reads it, then move the work by hand")
        case .taskNotLast:
            RuleReason(rawValue, .skip, meaning: "the Task is not the last statement (or there are several), so unwrapping it would make the statements after it wait",
                       whatToDo: "move the statements after the Task before it, if their order allows, then run again")
        case .deferralOnly:
            RuleReason(rawValue, .keep, meaning: "the Task never awaits: it only runs its body on a later turn than the statements before it",
                       whatToDo: "nothing")
        case .priorityTwice:
            RuleReason(rawValue, .skip, meaning: "the task modifier and its inner Task both set a priority",
                       whatToDo: "choose one priority, then run again")
        case .belowFloor:
            RuleReason(rawValue, .keep, meaning: "the fix's API (task, onChange(of:initial:)) is newer than the deployment floor there (deploymentTarget, Package.swift platforms:, the Xcode project, raised by if #available)",
                       whatToDo: "nothing until the floor is raised")
        case .sentinelHost:
            RuleReason(rawValue, .keep, meaning: "the view the action is on (Color.clear, EmptyView(), a 1-pt frame, .hidden()) exists to start the work; as task the work is cancelled whenever it scrolls away",
                       whatToDo: "nothing: keep the Task")
        case .lazyRow:
            RuleReason(rawValue, .keep, meaning: "the view is a row of a ForEach in a lazy container (List, LazyVStack, a lazy grid) that starts work as it appears (a next-page trigger): as task the work is cancelled when the row scrolls away",
                       whatToDo: "nothing: keep the Task")
        case .menuContent:
            RuleReason(rawValue, .skip, meaning: "the view is the content of a Menu or .contextMenu, where when task starts and cancels is not documented",
                       whatToDo: "check on a device that the work may stop when the menu closes before moving it by hand")
        case .workRemovesHost:
            RuleReason(rawValue, .keep, meaning: "the view shows only under a condition that the work changes before it awaits: starting the work removes the view, and task would cancel it (a pagination sentinel under !isLoadingMore)",
                       whatToDo: "nothing: keep the Task")
        case .hiddenInFlightFlag:
            RuleReason(rawValue, .skip, meaning: "the view shows only while an in-flight flag (!isLoading…) is false, and the tool cannot see who sets it",
                       whatToDo: "check whether starting the work sets the flag; if it never does, move the work by hand")
        case .objectMethodRemovesHost:
            RuleReason(rawValue, .keep, meaning: "the view shows only under a property of an object, and the work calls a method of that object which sets it before it awaits",
                       whatToDo: "nothing: keep the Task")
        case .objectMethodUnseen:
            RuleReason(rawValue, .skip, meaning: "the view shows only under a property of an object, and the work calls a method of that object that the tool cannot read",
                       whatToDo: "read the method: if it does not change the property before it awaits, move the work by hand")
        case .outsideView:
            RuleReason(rawValue, .skip, meaning: "the modifier stands outside a view struct, so the tool cannot see whether the work is the view's",
                       whatToDo: "check that the work may stop when the view disappears before moving it by hand")
        case .noOwnedState:
            RuleReason(rawValue, .keep, meaning: "the work changes no state the view owns: a save, sync or app-wide refresh that must finish",
                       whatToDo: "nothing: keep the Task (if the work is the view's after all, move it by hand)")
        case .awaitedOperation:
            RuleReason(rawValue, .keep, meaning: "the work awaits a call made for its effect: its result is dropped and it is called on something the view does not own (try? await wallet.send(x), await job.run()), so it must finish",
                       whatToDo: "nothing: keep the Task")
        }
    }
}

/// What stops a rule moving work into `.task`, as the rules' decisions carry it: worded here once,
/// each rule naming only what it keeps.
enum TaskMoveFact: Hashable, Sendable {
    /// The inner Task cannot become `.task`'s action.
    case obstacle(TaskUnwrapping.Obstacle)
    /// The fix's API is newer than the deployment floor.
    case belowFloor(FloorShortfall)
    /// `.task` would cancel work that must finish.
    case hazard(CancellationHazard)

    /// The catalog entry of the `task-move` family.
    var entry: RuleReason {
        switch self {
        case .obstacle(let obstacle): obstacle.decision.entry
        case .belowFloor: TaskMoveDecision.belowFloor.entry
        case .hazard(let hazard): hazard.decision.entry
        }
    }

    /// The words of the skip or keep, keeping `kept` (what the rule leaves as it is).
    func words(keeping kept: String) -> FindingWords { FindingWords(entry, headline: headline(keeping: kept), reason: reason) }

    /// The headline of the skip or keep, keeping `kept` (what the rule leaves as it is).
    func headline(keeping kept: String) -> String {
        switch self {
        case .obstacle(let obstacle): obstacle.headline(keeping: kept)
        case .belowFloor(let shortfall): shortfall.headline(keeping: kept)
        case .hazard(let hazard): hazard.headline(keeping: kept)
        }
    }

    /// The deciding fact.
    var reason: String {
        switch self {
        case .obstacle(let obstacle): obstacle.reason
        case .belowFloor(let shortfall): shortfall.reason
        case .hazard(let hazard): hazard.reason
        }
    }
}

extension CancellationHazard {
    /// The headline of a skip for this hazard: keep `kept` (what the rule leaves as it is, "the
    /// Task") and what to check — never to move the work into `.task`, which is the hazard.
    func headline(keeping kept: String) -> String {
        switch self {
        case .sentinelHost: "keep \(kept)"
        case .lazyRow: "keep \(kept)"
        case .menuContent: "keep \(kept) unless the work may stop when the menu closes"
        case .workRemovesHost: "keep \(kept)"
        case .hiddenInFlightFlag(let property): "keep \(kept) unless starting the work never sets \(property)"
        case .objectMethodRemovesHost: "keep \(kept)"
        case .objectMethodUnseen(_, _, let method, let property, _, _):
            "keep \(kept) unless \(method)() leaves \(property) alone until it awaits"
        case .outsideView: "keep \(kept) unless the work may stop when the view disappears"
        case .noOwnedState: "keep \(kept)"
        case .awaitedOperation: "keep \(kept)"
        }
    }

    /// The deciding fact.
    var reason: String {
        switch self {
        case .sentinelHost(let host):
            "the host \(host) is a sentinel that exists to start the work: as task, the work would be cancelled each "
                + "time it scrolls away or is removed"
        case .lazyRow(let container):
            "the host is a row of a ForEach in \(container), made and removed as it scrolls: as task, the work would "
                + "be cancelled when the row scrolls away"
        case .menuContent(let menu):
            "the host is \(menu) content, which SwiftUI shows as a platform menu: whether task starts there and when "
                + "it cancels the work is not documented"
        case .workRemovesHost(let branch, let property, let place):
            "the host shows only \(branch.phrase), and the work sets \(property) "
                + (place.map { "(\($0.phrase)) " } ?? "") + "before it awaits: as task, starting "
                + "the work would remove the host and cancel the work"
        case .hiddenInFlightFlag(let property):
            "the host shows only while !\(property), a flag set where the tool cannot see it: if starting "
                + "the work sets it, the host goes away and task cancels the work"
        case .objectMethodRemovesHost(let branch, let call, let property):
            "the host shows only \(branch.phrase), and the work calls \(call), which sets \(property) before it "
                + "awaits: as task, starting the work would remove the host and cancel the work"
        case .objectMethodUnseen(let branch, let call, _, let property, let isNested, let unseen):
            // What the tool cannot read decides, so it comes first: the line `scan` prints ends at the first "; ".
            "the work calls \(call), which " + (isNested ? "the tool does not follow" : unseen.phrase)
                + "; the host shows only \(branch.phrase): if it changes \(property) before it awaits, starting the work "
                + "removes the host and task cancels it"
        case .outsideView:
            "the modifier stands outside a view struct, so the tool cannot see whether the work changes state the "
                + "view owns; a save or refresh must finish"
        case .noOwnedState:
            "the work changes no state the view owns (no @State, @Binding, @FocusState or @StateObject property): a "
                + "save, sync or refresh must finish, it is not the view's to cancel"
        case .awaitedOperation(let operation):
            "\(operation) is made for its effect (its result is dropped, on something the view does not own): it must "
                + "finish, not stop when the view disappears"
        }
    }

    /// The decision of the `task-move` family it is.
    var decision: TaskMoveDecision {
        switch self {
        case .sentinelHost: .sentinelHost
        case .lazyRow: .lazyRow
        case .menuContent: .menuContent
        case .workRemovesHost: .workRemovesHost
        case .hiddenInFlightFlag: .hiddenInFlightFlag
        case .objectMethodRemovesHost: .objectMethodRemovesHost
        case .objectMethodUnseen: .objectMethodUnseen
        case .outsideView: .outsideView
        case .noOwnedState: .noOwnedState
        case .awaitedOperation: .awaitedOperation
        }
    }
}

extension ModelMethod.Unseen {
    /// How a reason says where the method was looked for: "which … ".
    var phrase: String {
        switch self {
        case .notInFile: "this file does not declare"
        case .notInModule:
            "neither this file nor the rest of its module declares; it may be a framework's or another package's method, or an inherited one"
        case .protocolRequirement(let name):
            "is a requirement of protocol \(name): which type's method runs depends on the value the view is given"
        }
    }
}

extension HostBranch {
    /// How a reason names it: "while hasMore && !isLoading", "in the else of if items.isEmpty",
    /// "in a case of switch phase".
    var phrase: String {
        let text = isSwitch ? "in a case of switch \(code)" : isNegated ? "in the else of if \(code)" : "while \(code)"
        return isInsideGroup ? text + " (a branch of the Group it modifies)" : text
    }
}

extension TaskUnwrapping.Obstacle {
    /// The headline of a skip for this obstacle, keeping `kept` ("the Task").
    func headline(keeping kept: String) -> String {
        switch self {
        case .detached, .stored: "keep \(kept)"
        case .mainActorOutsideView: "check that task's action runs on the main actor here before moving the work by hand"
        case .signature: "drop the Task's closure signature, if the work allows it, before moving the work by hand"
        case .throwsOut: "catch the errors inside the Task before moving its work by hand"
        case .returnsValue: "drop the Task's return value, if nothing reads it, before moving its work by hand"
        case .taskNotLast: "make the Task the last statement before moving its work by hand"
        case .deferralOnly: "keep \(kept)"
        case .priorityTwice: "choose one of the two priorities before moving the work by hand"
        }
    }

    /// The deciding fact.
    var reason: String {
        switch self {
        case .detached:
            "the work runs in Task.detached, which does not inherit the view's actor, so it stays as it is"
        case .stored(let name):
            "the Task is stored in \(name), so other code may await or cancel it"
        case .mainActorOutsideView:
            "the Task is @MainActor, and outside a view struct the tool cannot tell that task's action is too; "
                + "it stays as it is"
        case .signature(let signature):
            "the Task's closure has a signature (\(signature)), which task's action cannot take"
        case .throwsOut:
            "the Task's body throws, and task's action cannot"
        case .returnsValue:
            "the Task's body returns a value, and task's action cannot"
        case .taskNotLast:
            "the Task is not the last statement, so unwrapping it would make the statements after it wait for its work"
        case .deferralOnly:
            "the Task never awaits, so it only defers its body to a later turn than the statements before it; in one "
                + "task body they would run together"
        case .priorityTwice:
            "both the task modifier and its inner Task set a priority"
        }
    }

    /// The decision of the `task-move` family it is.
    var decision: TaskMoveDecision {
        switch self {
        case .detached: .detachedTask
        case .stored: .storedTask
        case .mainActorOutsideView: .mainActorOutsideView
        case .signature: .taskSignature
        case .throwsOut: .taskThrows
        case .returnsValue: .taskReturnsValue
        case .taskNotLast: .taskNotLast
        case .deferralOnly: .deferralOnly
        case .priorityTwice: .priorityTwice
        }
    }
}

extension FloorShortfall {
    /// The headline of a skip below the floor, keeping `kept`.
    func headline(keeping kept: String) -> String {
        "keep \(kept)"
    }

    /// "the deployment floor is iOS 14.0 (Package.swift), and task needs iOS 15.0"
    var reason: String {
        let floors = platforms.map { "\($0.platform.rawValue) \($0.floor)" }.joined(separator: ", ")
        let needs = platforms.map { "\($0.platform.rawValue) \($0.needed)" }.joined(separator: ", ")
        let origin = isRaisedLocally ? "\(source), raised by the enclosing availability checks" : source
        return "the deployment floor\(isRaisedLocally ? " here" : "") is \(floors) (\(origin)), and \(api) needs \(needs)"
    }
}

extension InnerTask.NestingConstruct {
    /// "an if", "a closure passed to withAnimation".
    var phrase: String {
        switch self {
        case .ifStatement: "an if"
        case .guardElse: "a guard's else"
        case .switchStatement: "a switch"
        case .forLoop: "a for loop"
        case .whileLoop: "a while loop"
        case .doBlock: "a do block"
        case .closure(let callee?): "a closure passed to \(callee)"
        case .closure(nil): "a closure"
        case .assignment: "an assignment"
        case .expression: "an expression"
        case .compilationCondition: "an #if block"
        }
    }
}
