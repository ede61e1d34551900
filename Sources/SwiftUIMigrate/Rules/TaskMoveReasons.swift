/// The words for the facts that every rule moving work into `.task` (`onappear-task`,
/// `guard-flag-load`, `appear-change-load`) decides on: a cancellation hazard, an obstacle to
/// unwrapping the inner `Task`, a deployment floor below `.task`. The analyses return the facts;
/// they are worded once here, as one reason family that `explain` lists once, each headline with a
/// blank for what the rule keeps (`TaskMoveFact.words(keeping:)`).

extension ReasonFamily {
    /// The reasons every rule that moves work into `.task` can give besides its own.
    public static let taskMove = ReasonFamily(
        id: "task-move",
        summary: "the decisions every rule that moves work into .task makes besides its own: the obstacles to "
            + "unwrapping the inner Task, a deployment floor below .task, and the cancellation hazards, where .task "
            + "would cancel work that must finish.",
        reasons: TaskMoveFact.obstacles + [TaskMoveFact.belowFloor] + TaskMoveFact.hazards)
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

    /// The decision at one site: `kept` is what the rule leaves as it is ("the Task in onAppear");
    /// `modifier`, when the Task stands in another modifier than the one the rule moves
    /// (`onChange(of: x)`), names it.
    func words(keeping kept: String, inTaskOf modifier: String? = nil) -> FindingWords {
        let keeps = Self.keeps
        let place = modifier.map { "in \($0), " } ?? ""
        let task = place + "the Task", work = place + "the work"
        switch self {
        case .obstacle(.detached): return Self.detachedTask.words([keeps: kept, "the work": work])
        case .obstacle(.stored(let name)): return Self.storedTask.words([keeps: kept, "the Task": task, "a variable": name])
        case .obstacle(.mainActorOutsideView): return Self.mainActorOutsideView.words(["the Task": task])
        case .obstacle(.signature(let signature)): return Self.taskSignature.words(["the Task": task, "[weak self] in": signature])
        case .obstacle(.throwsOut): return Self.taskThrows.words(["the Task": task])
        case .obstacle(.returnsValue): return Self.taskReturnsValue.words(["the Task": task])
        case .obstacle(.taskNotLast): return Self.taskNotLast.words()
        case .obstacle(.deferralOnly): return Self.deferralOnly.words([keeps: kept])
        case .obstacle(.priorityTwice): return Self.priorityTwice.words()
        case .belowFloor(let shortfall):
            return Self.belowFloor.words([
                keeps: kept, " here": shortfall.here, "a version": shortfall.floors, "where it is declared": shortfall.origin,
                "the fix's API": shortfall.api, "a later one": shortfall.needs])
        case .hazard(.sentinelHost(let host)): return Self.sentinelHost.words([keeps: kept, "view": host])
        case .hazard(.lazyRow(let container)): return Self.lazyRow.words([keeps: kept, "a lazy container": container])
        case .hazard(.menuContent(let menu)): return Self.menuContent.words([keeps: kept, "menu": menu])
        case .hazard(.workRemovesHost(let branch, let property, let place)):
            return Self.workRemovesHost.words([
                keeps: kept, "while a condition holds": branch.phrase, "a property": property,
                " (at its line)": place.map { " (\($0.phrase))" } ?? ""])
        case .hazard(.hiddenInFlightFlag(let property)): return Self.hiddenInFlightFlag.words([keeps: kept, "the flag": property])
        case .hazard(.objectMethodRemovesHost(let branch, let call, let property)):
            return Self.objectMethodRemovesHost.words([
                keeps: kept, "while a condition holds": branch.phrase, "a method": call, "a property": property])
        case .hazard(.objectMethodUnseen(let branch, let call, let method, let property, let isNested, let unseen)):
            return Self.objectMethodUnseen.words([
                keeps: kept, "the method": method, "a method": call, "the tool cannot read": isNested ? "the tool does not follow" : unseen.phrase,
                "while a condition holds": branch.phrase, "a property": property])
        case .hazard(.outsideView): return Self.outsideView.words([keeps: kept])
        case .hazard(.noOwnedState): return Self.noOwnedState.words([keeps: kept])
        case .hazard(.awaitedOperation(let operation)): return Self.awaitedOperation.words([keeps: kept, "a call": operation])
        }
    }
}

extension TaskMoveFact {
    /// What decides a site whose inner Task `move` could not unwrap: a cancellation hazard that keeps the work
    /// where it is (`host`, the modifier the `.task` would hang on; nil where the rule checks none) comes before
    /// an obstacle in the Task's closure, since clearing that would only lead to a move the hazard forbids.
    static func unwrapping(
        _ move: TaskUnwrapping, failedWith obstacle: TaskUnwrapping.Obstacle, host: LifecycleModifier?, view: ViewDeclaration?
    ) -> TaskMoveFact {
        if obstacle.isInTaskClosure, let host, let hazard = CancellationHazard.find(forWork: move.workOnceCleared, host: host, view: view),
           TaskMoveFact.hazard(hazard).words(keeping: "").entry.action == .keep {
            return .hazard(hazard)
        }
        return .obstacle(obstacle)
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

extension FloorShortfall {
    /// The platforms' floors: "iOS 14.0, macOS 11.0".
    var floors: String { platforms.map { "\($0.platform.rawValue) \($0.floor)" }.joined(separator: ", ") }
    /// The API's minimums: "iOS 15.0, macOS 12.0".
    var needs: String { platforms.map { "\($0.platform.rawValue) \($0.needed)" }.joined(separator: ", ") }
    /// Where the floor comes from, and whether availability checks raise it: "Package.swift".
    var origin: String { isRaisedLocally ? "\(source), raised by the enclosing availability checks" : source }
    /// " here" when an enclosing availability check raised the floor, else nothing.
    var here: String { isRaisedLocally ? " here" : "" }
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

// MARK: - Words

extension TaskMoveFact {
    /// The blank of a headline that names what the rule keeps ("the Task in onAppear").
    private static let keeps = "what the rule keeps"
    // "{the Task}" and "{the work}" name, besides, the modifier the Task stands in when it is not the one the
    // rule moves: "in onChange(of: x), the Task".

    /// The obstacles to unwrapping the inner Task.
    static let detachedTask = RuleReason(
        "detached-task", .keep, headline: "keep {\(keeps)}",
        meaning: "{the work} runs in Task.detached, which does not inherit the view's actor, so it stays as it is")
    static let storedTask = RuleReason(
        "stored-task", .keep, headline: "keep {\(keeps)}",
        meaning: "{the Task} is stored in {a variable}, so other code may await or cancel it")
    static let mainActorOutsideView = RuleReason(
        "main-actor-outside-view", .skip, headline: "check that task's action runs on the main actor here before moving the work by hand",
        meaning: "{the Task} is @MainActor, and outside a view struct the tool cannot tell that task's action is too; "
            + "it stays as it is",
        whatToDo: "check the enclosing type; in a view, move the work by hand")
    static let taskSignature = RuleReason(
        "task-signature", .skip, headline: "drop the Task's closure signature, if the work allows it, before moving the work by hand",
        meaning: "{the Task}'s closure has a signature ({[weak self] in}), which task's action cannot take",
        whatToDo: "drop the signature, if the work allows it, and move the work by hand")
    static let taskThrows = RuleReason(
        "task-throws", .skip, headline: "catch the errors inside the Task before moving its work by hand",
        meaning: "{the Task}'s body throws, and task's action cannot",
        whatToDo: "catch the errors inside the body, then move the work by hand")
    static let taskReturnsValue = RuleReason(
        "task-returns-value", .skip, headline: "drop the Task's return value, if nothing reads it, before moving its work by hand",
        meaning: "{the Task}'s body returns a value, and task's action cannot",
        whatToDo: "drop the value, if nobody reads it, then move the work by hand")
    static let taskNotLast = RuleReason(
        "task-not-last", .skip, headline: "make the Task the last statement before moving its work by hand",
        meaning: "the Task is not the last statement, so unwrapping it would make the statements after it wait for its work",
        whatToDo: "move the statements after the Task before it, if their order allows, then run again")
    static let deferralOnly = RuleReason(
        "deferral-only", .keep, headline: "keep {\(keeps)}",
        meaning: "the Task never awaits, so it only defers its body to a later turn than the statements before it; in one "
            + "task body they would run together")
    static let priorityTwice = RuleReason(
        "priority-twice", .skip, headline: "choose one of the two priorities before moving the work by hand",
        meaning: "both the task modifier and its inner Task set a priority",
        whatToDo: "choose one priority, then run again")
    static let obstacles = [
        detachedTask, storedTask, mainActorOutsideView, taskSignature, taskThrows, taskReturnsValue, taskNotLast, deferralOnly,
        priorityTwice,
    ]

    /// The fix's API is newer than the deployment floor.
    static let belowFloor = RuleReason(
        "below-floor", .keep, headline: "keep {\(keeps)}",
        meaning: "the deployment floor{ here} is {a version} ({where it is declared}), and {the fix's API} needs {a later one}",
        whatToDo: "nothing until the floor is raised")

    /// The cancellation hazards: a skip says to keep the code and what to check, never to move the work into `.task`.
    static let sentinelHost = RuleReason(
        "sentinel-host", .keep, headline: "keep {\(keeps)}",
        meaning: "the host {view} is a sentinel that exists to start the work: as task, the work would be cancelled each "
            + "time it scrolls away or is removed")
    static let lazyRow = RuleReason(
        "lazy-row", .keep, headline: "keep {\(keeps)}",
        meaning: "the host is a row of a ForEach in {a lazy container}, made and removed as it scrolls: as task, the work would "
            + "be cancelled when the row scrolls away")
    static let menuContent = RuleReason(
        "menu-content", .skip, headline: "keep {\(keeps)} unless the work may stop when the menu closes",
        meaning: "the host is {menu} content, which SwiftUI shows as a platform menu: whether task starts there and when "
            + "it cancels the work is not documented",
        whatToDo: "check on a device that the work may stop when the menu closes before moving it by hand")
    static let workRemovesHost = RuleReason(
        "work-removes-host", .keep, headline: "keep {\(keeps)}",
        meaning: "the host shows only {while a condition holds}, and the work sets {a property}{ (at its line)} before it awaits: "
            + "as task, starting the work would remove the host and cancel the work")
    static let hiddenInFlightFlag = RuleReason(
        "hidden-in-flight-flag", .skip, headline: "keep {\(keeps)} unless starting the work never sets {the flag}",
        meaning: "the host shows only while !{the flag}, a flag set where the tool cannot see it: if starting "
            + "the work sets it, the host goes away and task cancels the work",
        whatToDo: "check whether starting the work sets the flag; if it never does, move the work by hand")
    static let objectMethodRemovesHost = RuleReason(
        "object-method-removes-host", .keep, headline: "keep {\(keeps)}",
        meaning: "the host shows only {while a condition holds}, and the work calls {a method}, which sets {a property} before it "
            + "awaits: as task, starting the work would remove the host and cancel the work")
    // What the tool cannot read decides, so it comes first: the line `scan` prints ends at the first "; ".
    static let objectMethodUnseen = RuleReason(
        "object-method-unseen", .skip, headline: "keep {\(keeps)} unless {the method}() leaves {a property} alone until it awaits",
        meaning: "the work calls {a method}, which {the tool cannot read}; the host shows only {while a condition holds}: if it "
            + "changes {a property} before it awaits, starting the work removes the host and task cancels it",
        whatToDo: "read the method: if it does not change the property before it awaits, move the work by hand")
    static let outsideView = RuleReason(
        "outside-view", .skip, headline: "keep {\(keeps)} unless the work may stop with the view",
        meaning: "the modifier stands outside a view struct, so the tool cannot see whether the work changes state the "
            + "view owns; a save or refresh must finish",
        whatToDo: "check that the work may stop when the view disappears before moving it by hand")
    static let noOwnedState = RuleReason(
        "no-owned-state", .keep, headline: "keep {\(keeps)}",
        meaning: "the work changes no state the view owns (no @State, @Binding, @FocusState or @StateObject property): a "
            + "save, sync or refresh must finish, it is not the view's to cancel",
        whatToDo: "nothing (if the work is the view's after all, move it by hand)")
    static let awaitedOperation = RuleReason(
        "awaited-operation", .keep, headline: "keep {\(keeps)}",
        meaning: "{a call} is made for its effect (its result is dropped, on something the view does not own): it must "
            + "finish, not stop when the view disappears")
    static let hazards = [
        sentinelHost, lazyRow, menuContent, workRemovesHost, hiddenInFlightFlag, objectMethodRemovesHost, objectMethodUnseen,
        outsideView, noOwnedState, awaitedOperation,
    ]
}
