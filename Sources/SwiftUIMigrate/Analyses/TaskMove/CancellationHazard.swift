import SwiftSyntax

/// Why moving work into `.task`/`.task(id:)` could cancel work that must finish.
///
/// `.task` cancels its work when its view disappears; a `Task { }` started in `onAppear`
/// runs on. Shared by every rule that moves work into `.task` (`onappear-task`,
/// `guard-flag-load`, `appear-change-load`), which skip with the reason. Work with no
/// suspension point cannot be cut short, so only work that may suspend is checked.
///
/// The hazards (the cancellation hazards of the spec, and menu content), each named with its property, host or call:
/// - self-cancelling host: the host sits in a branch whose condition reads a property that
///   the work assigns before a later `await` (a pagination sentinel under `!isLoadingMore`);
/// - hidden writer: the condition negates an in-flight property (`!isLoading…`,
///   `!isFetching…`, `!…Busy`, `!…InFlight`) that the work does not visibly assign;
/// - object writer: the condition reads a property of an object (`switch model.phase`) and the
///   work calls a method on that object which sets it before it awaits, or which this file does
///   not declare, so that nobody can tell (`ModelMethod`);
/// - sentinel host: `Color.clear`, `EmptyView()`, `Spacer()`, a view sized 0–1 pt,
///   `.hidden()`, `.opacity(0)`, which exists only to trigger the work;
/// - lazy row: the host is a row (or part of one) of a `ForEach` in a lazy container (`List`,
///   `LazyVStack`, a lazy grid), created and removed as it scrolls: work it starts on appear (the
///   next-page trigger) would be cancelled when it scrolls away;
/// - menu content: the host is the content of a `contextMenu` or `Menu`, shown as a platform
///   menu, where when `.task` starts and is cancelled is not documented;
/// - no owned state: the work assigns no `@State`/`@Binding`/`@FocusState` property and
///   calls no method of a `@StateObject` or of an object held in `@State`: a save, sync or
///   app-wide refresh must finish, it is not the view's to cancel;
/// - an effect: the work awaits a call whose result it drops, on something the view does not own
///   (`try? await wallet.send(invoice)`, `await job.run?()`): made for what it does, it must
///   finish (`AwaitedOperation`).
enum CancellationHazard: Hashable, Sendable {
    /// The host (its code quoted) is a sentinel that exists to start the work.
    case sentinelHost(host: String)
    /// The host is a row of a `ForEach` in `container`, a lazy container.
    case lazyRow(container: String)
    /// The host is the content of `menu` (`contextMenu`, `Menu`), shown as a platform menu.
    case menuContent(menu: String)
    /// The host shows only under `branch`, and the work sets `property` before it awaits (`setIn`:
    /// in a function of the view in another file, at that place).
    case workRemovesHost(branch: HostBranch, property: String, setIn: SourcePlace? = nil)
    /// The host shows only while `!property`, an in-flight flag the work does not visibly set.
    case hiddenInFlightFlag(property: String)
    /// The host shows only under `branch`, and the work calls `call`, a method of the object
    /// holding `property` that the file declares and that sets it before it awaits.
    case objectMethodRemovesHost(branch: HostBranch, call: String, property: String)
    /// The host shows only under `branch`, and the work calls `call` (method `method`) on the
    /// object holding `property`, which the file does not declare — nor, when `unseen` is
    /// `.notInModule`, the module's other files (`isNested`: or the tool does not follow a method
    /// on a nested receiver), so nobody can tell.
    case objectMethodUnseen(
        branch: HostBranch, call: String, method: String, property: String, isNested: Bool, unseen: ModelMethod.Unseen = .notInFile)
    /// The modifier stands outside a view struct: no owned state can be seen.
    case outsideView
    /// The work changes no state the view owns.
    case noOwnedState
    /// The work awaits `operation`, a call made for its effect (`AwaitedOperation`).
    case awaitedOperation(String)

    /// The property wrappers whose state the view owns (or, for `@Binding`, shares with the
    /// view that owns it; for `@Bindable`, holds the model to change): work writing them is the view's work.
    static let ownedWrappers: Set<String> = ["State", "StateObject", "Binding", "Bindable", "FocusState", "GestureState"]

    /// What makes `work` (the statements moved into `.task`) unsafe to move, or nil when it may.
    ///
    /// `host` is the modifier whose view the `.task` would hang on; `view` the view struct it
    /// stands in (nil outside one, where no state can be seen to be owned).
    static func find(forWork work: [Syntax], host modifier: LifecycleModifier, view: ViewDeclaration?) -> CancellationHazard? {
        guard Suspension.canSuspend(work) else { return nil }
        let host = LifecycleHost(of: modifier)
        let trace = WorkTrace(of: work, in: view)

        if host.isSentinel { return .sentinelHost(host: host.quotedCode) }
        if let container = host.lazyRowContainer(in: view) { return .lazyRow(container: container) }
        if let menu = host.menu { return .menuContent(menu: menu) }
        for condition in host.conditions {
            for path in readPaths(in: condition.node) {
                guard let written = trace.assignmentSiteBeforeSuspending(path) else { continue }
                return .workRemovesHost(
                    branch: condition.branch, property: written.path.joined(separator: "."),
                    setIn: written.site.flatMap { view?.placeElsewhere(of: $0) })
            }
        }
        for condition in host.conditions {
            // In an `else`, the host shows while the condition's in-flight flags are not set.
            let negated = negatedInFlightPaths(in: condition.node)
            let shownWhileClear = condition.isNegated
                ? readPaths(in: condition.node).filter { isInFlightName($0.last!) && !negated.contains($0) } : negated
            for path in shownWhileClear where !trace.assigns(path) {
                return .hiddenInFlightFlag(property: path.joined(separator: "."))
            }
        }
        if let view, let hazard = objectChangingHost(host, trace: trace, view: view) { return hazard }
        guard let view else { return .outsideView }
        // The view's stored properties whose state it owns (`ownedWrappers`).
        let owned = Set(view.storedProperties.filter { !ownedWrappers.isDisjoint(with: $0.attributes) }.map(\.name))
        // An awaited call made for its effect must finish, whatever else the work keeps or sets.
        if let effect = AwaitedOperation.effect(in: work, view: view, owned: owned) { return .awaitedOperation(effect) }
        // The work writes a property the view owns or calls a method of one.
        let ownsState = !trace.changedRoots.isDisjoint(with: owned)
        func dropped(_ loads: Set<String>) -> String? {
            AwaitedOperation.droppedOperation(in: work, view: view, followed: trace.followed, owned: owned, loads: loads)
        }
        if ownsState && dropped([]) == nil { return nil }
        // Only then are the methods the work calls read, maybe in other files.
        let loads = shownLoads(trace, in: view)
        if !ownsState && loads.isEmpty { return .noOwnedState }
        return dropped(loads).map(CancellationHazard.awaitedOperation)
    }

    /// The calls of the work (`store.refresh`) on an object the view holds whose method loads
    /// what the view shows: it keeps every value it awaits and then assigns a property of the
    /// object that the view reads (`store.items` in its body). Cancelled with the view, such a
    /// load only stops filling what is no longer shown; it is the view's work, as a `@State` write is.
    private static func shownLoads(_ trace: WorkTrace, in view: ViewDeclaration) -> Set<String> {
        var loads: Set<String> = []
        for case .call(let receiver, let method) in trace.events where receiver.count == 1 {
            guard let loaded = ModelMethod(method, of: receiver[0], in: view).loadedProperties,
                  !reads(of: receiver[0], in: view).isDisjoint(with: loaded) else { continue }
            loads.insert(receiver[0] + "." + method)
        }
        return loads
    }

    /// The members of the view's property `object` that the view reads anywhere: `items` of `store.items`, `$store.items`.
    private static func reads(of object: String, in view: ViewDeclaration) -> Set<String> {
        var members: Set<String> = []
        for part in view.parts {
            for token in part.tokens(viewMode: .sourceAccurate) where token.text == object || token.text == "$" + object {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                      let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id else { continue }
                members.insert(member.declName.baseName.text)
            }
        }
        return members
    }

    /// How the work may remove its host through an object the view holds, or nil: the host's
    /// condition reads a property of the object (`switch viewModel.state`) and the work calls a
    /// method on it (`viewModel.load()`). The method, when the file declares it, decides: it sets
    /// that property before it awaits (a hazard) or not (none). When the file does not declare it,
    /// nobody can tell, and a person must check it.
    private static func objectChangingHost(_ host: LifecycleHost, trace: WorkTrace, view: ViewDeclaration) -> CancellationHazard? {
        for condition in host.conditions {
            for path in readPaths(in: condition.node) where path.count >= 2 {
                for (index, event) in trace.events.enumerated() {
                    guard case .call(let receiver, let method) = event, receiver.first == path[0] else { continue }
                    let called = (receiver + [method]).joined(separator: ".") + "()"
                    let relative = Array(path.dropFirst())
                    let model = receiver.count == 1 ? ModelMethod(method, of: path[0], in: view) : nil
                    if let standard = model?.standardLibrary {
                        // `items.append(…)` changes `items` now: a hazard when the work awaits after it.
                        if standard.isMutating, trace.events[index...].contains(.suspension) {
                            return .workRemovesHost(branch: condition.branch, property: path[0])
                        }
                        continue
                    }
                    switch model?.setsBeforeAwaiting(relative) {
                    case true?:
                        return .objectMethodRemovesHost(
                            branch: condition.branch, call: called, property: relative.joined(separator: "."))
                    case nil:
                        return .objectMethodUnseen(
                            branch: condition.branch, call: called, method: method,
                            property: path.joined(separator: "."), isNested: receiver.count != 1,
                            unseen: model?.unseen ?? .notInFile)
                    case false?:
                        continue
                    }
                }
            }
        }
        return nil
    }

    /// The property paths a condition reads: `hasMore`, `model.isLoadingMore`, `phase`.
    static func readPaths(in condition: Syntax) -> [[String]] {
        var paths: [[String]] = []
        for reference in condition.tokens(viewMode: .sourceAccurate).compactMap({ $0.parent?.as(DeclReferenceExprSyntax.self) }) {
            // Each path is read from its root reference: `model` in `model.isLoadingMore`, `self` in `self.phase`.
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
            var expression = ExprSyntax(reference)
            while let parent = expression.parent {
                if let chained = parent.as(OptionalChainingExprSyntax.self) {
                    expression = ExprSyntax(chained)
                } else if let forced = parent.as(ForceUnwrapExprSyntax.self) {
                    expression = ExprSyntax(forced)
                } else if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == expression.id,
                          member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != member.id {
                    expression = ExprSyntax(member)
                } else {
                    break
                }
            }
            if let path = WorkTrace.path(of: expression), !paths.contains(path) { paths.append(path) }
        }
        // `if let title` reads the property `title`.
        for token in condition.tokens(viewMode: .sourceAccurate) {
            guard let pattern = token.parent?.as(IdentifierPatternSyntax.self),
                  let binding = pattern.parent?.as(OptionalBindingConditionSyntax.self), binding.initializer == nil else { continue }
            let path = [pattern.identifier.text]
            if !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    /// The in-flight properties a condition negates: `!isLoadingMore`, `!model.isFetching`,
    /// `isBusy == false`.
    private static func negatedInFlightPaths(in condition: Syntax) -> [[String]] {
        var paths: [[String]] = []
        for node in condition.tokens(viewMode: .sourceAccurate).compactMap({ $0.parent?.as(PrefixOperatorExprSyntax.self) })
        where node.operator.text == "!" {
            if let path = WorkTrace.path(of: node.expression), isInFlightName(path.last!) { paths.append(path) }
        }
        for node in condition.tokens(viewMode: .sourceAccurate).compactMap({ $0.parent?.as(BooleanLiteralExprSyntax.self) })
        where node.literal.tokenKind == .keyword(.false) {
            guard let sequence = node.parent?.parent?.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            guard let index = elements.firstIndex(where: { $0.id == ExprSyntax(node).id }), elements.count >= 3 else { continue }
            let operatorIndex = index == 0 ? 1 : index - 1
            let sideIndex = index == 0 ? 2 : index - 2
            guard elements[operatorIndex].as(BinaryOperatorExprSyntax.self)?.operator.text == "==",
                  let path = WorkTrace.path(of: elements[sideIndex]), isInFlightName(path.last!) else { continue }
            paths.append(path)
        }
        return paths
    }

    /// `isLoading…`, `isFetching…`, `isRefreshing…`, `…Busy`, `…InFlight`.
    static func isInFlightName(_ name: String) -> Bool {
        let prefixes = ["isLoading", "isFetching", "isRefreshing", "isPaginating", "isRequesting", "loading", "fetching"]
        if prefixes.contains(where: { name.hasPrefix($0) }) { return true }
        return name.hasSuffix("Busy") || name.hasSuffix("InFlight") || name == "busy" || name == "inFlight"
    }
}
