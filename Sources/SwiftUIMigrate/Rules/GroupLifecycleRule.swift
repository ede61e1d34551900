import SwiftSyntax

/// `group-lifecycle`: `onAppear`, `onDisappear` or `task` on a `Group`.
///
/// Apple documents that a Group's modifiers apply to each of its members, so
/// a lifecycle action on a Group runs once per member and again whenever a
/// conditional swaps members; builds with the iOS 15+ SDK merge those calls
/// into one, except where the Group's members are rows of a `List`. Either
/// way the code says something other than what it does. The rule makes it
/// explicit, in this order (measured on real apps: a hoist is a one-token diff
/// a reviewer accepts, a copied modifier chain often is not):
/// 1. report a Group that shows several members at once, or that stands in the content of a
///    `Menu`, `Picker`, `.contextMenu` or another holder of items (`ItemContainer`);
/// 2. hoist — replace the Group with a container — when at most one view shows
///    on every path, the chain has no member-scoped modifier, and the Group is
///    not a row that could become an empty row;
/// 3. distribute — unwrap it and apply its whole chain to each member — when
///    a member is chosen at run time (not only by `#if`), the copy stays small and holds only modifiers the tool knows, none of them
///    presenting or navigating, no lifecycle action changes which member shows,
///    and no member is `EmptyView()`;
/// 4. else report, naming what blocked each fix and the manual fix.
public struct GroupLifecycleRule: ShippedRule {
    public init() {}

    public static let id = "group-lifecycle"
    public static let isEnabledByDefault = true
    // The lifecycle modifiers, not "Group": far fewer files hold them (a member name always
    // follows its dot directly; anything else is a syntax error). "Appear {" also finds an app's own
    // lifecycle modifiers named for it and given a closure (`.onFirstAppear { }`; `.taskOnAppear`
    // has `.task` too), not UIKit's `viewDidAppear(_:)`.
    public var triggerWords: [String] { [".onAppear", ".onDisappear", ".task", "Appear {"] }
    // And "Group": without it, "Appear {" alone would have many files with an app's own modifiers parsed.
    public var requiredWords: [String] { ["Group"] }

    /// True for an app modifier's name that speaks of appearing or a task (`onFirstAppear`, `taskOnAppear`).
    static func isNamedForLifecycle(_ name: String) -> Bool {
        ["Appear", "appear", "Task", "task"].contains { name.contains($0) }
    }

    /// The most lines a distribution may add: (members − 1) × the chain's lines.
    public static let distributionLineBudget = 40

    public func findings(in context: RuleContext) -> [Finding] {
        GroupSite.all(in: context).compactMap { finding(for: $0, in: context) }
    }

    /// The finding for one Group, or nil when its chain has no lifecycle modifier.
    private func finding(for site: GroupSite, in context: RuleContext) -> Finding? {
        var site = site
        let (group, chain, members) = (site.group, site.chain, site.members)
        // An app's own modifier is what its declaration (in the file or the module) applies: one
        // given an action (a closure) that applies onAppear or task is a lifecycle modifier of the
        // Group. Only those named for appearing or a task are looked up before the Group is known to
        // have one (the words files are read for, `triggerWords`; every action-taking modifier of every
        // Group had a third more of one app's files parsed); the rest after.
        let actions = CustomModifier.unknown(
            among: chain.modifiers.filter { $0.isGivenClosure && Self.isNamedForLifecycle($0.name) }.map(\.name), in: context)
        let lifecycle = Self.unique(chain.modifiers.map(\.name).filter { name in
            GroupModifierKind.isLifecycle(name) || actions.contains { $0.name == name && $0.modifier.lifecycle != nil }
        })
        guard !lifecycle.isEmpty else { return nil }
        let custom = actions + CustomModifier.unknown(among: chain.modifiers.map(\.name), in: context)
            .filter { entry in !actions.contains { $0.name == entry.name } }
        let strategy = context.configuration.strategy
        func report(_ decision: Decision) -> Finding {
            context.finding(id, at: group.name, decision.words)
        }

        // In item content a container would be one item: no advice to move the modifier to one.
        if let container = ItemContainer.enclosing(chain.outermost) {
            return report(.itemContent(container: container, lifecycle: lifecycle))
        }
        if members.showsSeveralAtOnce { return report(.severalMembers) }
        if let view = ViewDeclaration(enclosing: group.call, in: context),
           let helper = HelperViewCount.firstShowingSeveral(members.views, in: view) {
            return report(.helperShowsSeveral(helper))
        }
        if strategy == .report { return report(.reportStrategy) }
        if !members.showsAtMostOneView { return report(.showsNoView(hasOnlyEmptyViews: !members.views.isEmpty)) }
        // A Group that is a view's body stands where the view is used (looked up only now, when a fix depends on it).
        site.use = ViewUse(ofBodyGroup: site, in: context)
        if let used = site.use?.itemSite, let container = used.itemContainer {
            return report(.itemContent(container: container, lifecycle: lifecycle, usedAt: used.place))
        }

        let hoistBlocker = HoistBlocker(site, custom: custom)
        if hoistBlocker == nil && strategy != .distribute {
            let host = context.configuration.hostContainer
            if host.split(separator: ".").last == "Group" { return report(.hostIsGroup) }
            let change: HoistChange
            // One member that always shows is the row with or without the Group: nothing to merge there.
            if let row = site.rowContainer, members.views.count > 1 || members.mayShowNothing {
                change = .rowMembers(of: row, usedAt: site.rowContainerUse)
            } else if let shortfall = context.floor.shortfall(of: .task, at: group.call) {
                change = .belowMergingFloor(shortfall)
            } else {
                change = .none(floor: context.floor.isKnown ? context.floor.summary : nil, parentUnseen: site.use?.sites.isEmpty ?? false)
            }
            let layout = site.spacedStack.map { HoistLayout(spacedStack: $0) }
                ?? site.use?.layoutSite.map { HoistLayout(spacedStack: $0.spacedStack, isPadded: $0.isPadded, usedAt: $0.place) }
            let shownLayout = members.mayShowNothing ? layout : nil
            // An action reading what chooses the member ran again on each member brought in: one host keys it on that.
            if let read = MemberSelectorRead.first(in: site, view: ViewDeclaration(enclosing: group.call, in: context)) {
                guard read.isKeyable else { return report(.readsMemberChoice(modifier: read.modifier.name, selector: read.selector)) }
                let decision = Decision.hoistKeyed(into: host, id: read.selector, mayShowNothing: members.mayShowNothing, layout: shownLayout)
                return context.finding(
                    id, at: group.name, decision.words, safety: decision.safety, edits: [context.replace(group.name, with: host), read.keyEdit])
            }
            let decision = Decision.hoist(into: host, change: change, mayShowNothing: members.mayShowNothing, layout: shownLayout)
            return context.finding(
                id, at: group.name, decision.words, safety: decision.safety, edits: [context.replace(group.name, with: host)])
        }
        if strategy == .hoist, let hoistBlocker {
            return report(.hoistBlocked(hoistBlocker, lifecycle: lifecycle))
        }
        // Several members, but only `#if` chooses between them: each build shows one view on every path and
        // the chain already acts on it, once. Copying the chain into each clause would change nothing.
        if let hoistBlocker, strategy != .distribute, members.views.count > 1, !members.mayShowNothing,
           GroupMembers.choosingConditions(of: group.content.statements).isEmpty {
            return report(.onePerBuild(hoistBlocker))
        }

        let blockers = DistributeBlocker.all(site, custom: custom, in: context)
        if let first = blockers.first {
            return report(.distributeBlocked(first, more: Array(blockers.dropFirst()), notHoisted: hoistBlocker, lifecycle: lifecycle))
        }
        let edits: [ByteEdit]
        do {
            edits = try site.unwrapEdits(in: context)
        } catch {
            return report(.cannotUnwrap(error))
        }
        return context.finding(id, at: group.name, Decision.distribute.words, safety: Decision.distribute.safety, edits: edits)
    }

    /// `names` without repeats, in their order.
    private static func unique(_ names: [String]) -> [String] {
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return unique
    }
}

extension GroupLifecycleRule {
    /// What the rule decides at one Group with a lifecycle modifier.
    enum Decision {
        /// Replace the Group with `host`; `change` says what that changes at runtime on the app's floor;
        /// `mayShowNothing`: some path shows no view, where the container now takes a place (`layout`:
        /// in a stack, with its spacing, or with the padding the view is given where it is used).
        case hoist(into: String, change: HoistChange, mayShowNothing: Bool, layout: HoistLayout?)
        /// Replace the Group with `host` and key its `task` on `id`, the value choosing the member, which the task reads.
        case hoistKeyed(into: String, id: String, mayShowNothing: Bool, layout: HoistLayout?)
        /// The Group shows at most one view, and the action of `modifier` reads `selector`, which chooses the member,
        /// where `task(id:)` cannot key it.
        case readsMemberChoice(modifier: String, selector: String)
        /// Remove the Group and apply its chain to each member.
        case distribute
        /// The Group shows several views at once.
        case severalMembers
        /// The member `helper`, a `@ViewBuilder` helper of the view, shows several views at once.
        case helperShowsSeveral(String)
        /// The Group stands in the content of `container`, which makes each view an item (`usedAt`: the
        /// Group is a view's body, and the view is used there).
        case itemContent(container: String, lifecycle: [String], usedAt: SourcePlace? = nil)
        /// The strategy is `report`.
        case reportStrategy
        /// The Group shows no view on any path (`hasOnlyEmptyViews`: only `EmptyView()`).
        case showsNoView(hasOnlyEmptyViews: Bool)
        /// The configured host container is `Group`.
        case hostIsGroup
        /// The strategy is `hoist`, and the hoist is blocked.
        case hoistBlocked(HoistBlocker, lifecycle: [String])
        /// The distribution is blocked by `first` (and `more`); `notHoisted` says why there was no hoist (nil: the
        /// strategy is `distribute`).
        case distributeBlocked(DistributeBlocker, more: [DistributeBlocker], notHoisted: HoistBlocker?, lifecycle: [String])
        /// The Group cannot be unwrapped.
        case cannotUnwrap(GroupSite.Obstacle)
        /// The hoist is blocked, and only `#if` chooses the member: each build shows one view.
        case onePerBuild(HoistBlocker)
    }

    /// Where an empty container takes a place that the empty Group did not: in `spacedStack` (with its
    /// spacing), or padded (`isPadded`); `usedAt`: where the view is used, when the Group is its body.
    struct HoistLayout: Hashable {
        var spacedStack: String?
        var isPadded = false
        var usedAt: SourcePlace?
    }

    /// What a hoist changes at runtime, where the app runs.
    enum HoistChange: Hashable {
        /// Nothing on the floor (`floor`, when known): iOS 15+ SDK builds already merge the members' calls into one.
        /// `parentUnseen`: the Group is a view's body and no place the view is used was seen (a row there would change this).
        case none(floor: String?, parentUnseen: Bool = false)
        /// The Group is a row of `container` (`usedAt`: where its view is used), where its members are rows of
        /// their own: their calls become one.
        case rowMembers(of: String, usedAt: SourcePlace? = nil)
        /// The floor is below iOS 15 (and the others), where the action ran once per member.
        case belowMergingFloor(FloorShortfall)
    }

    /// Why a Group that shows at most one view cannot become a container.
    enum HoistBlocker: Hashable {
        /// The chain has a modifier that acts on each member (`id`, `transition`, …): itself, or applied
        /// by the app's own modifier `via` (nil: the chain has it directly).
        case memberScoped(String, via: String?)
        /// The Group is a row of `container` (`usedAt`: where its view is used) and some path shows nothing:
        /// a container would be an empty row.
        case emptyRow(container: String, usedAt: SourcePlace? = nil)
        /// The Group's members are `Section`s and it is a row of `container` (`usedAt`: where its view is
        /// used): in a container they would no longer be sections of it.
        case sectionsInRow(container: String, usedAt: SourcePlace?)
        /// The chain configures a list row (`.listRowSeparator`), so the Group is likely a row where it
        /// is used, and some path shows nothing: a container would be an empty row there.
        case emptyListRow(String)
        /// A member carries a list-row modifier (`.listRowInsets`), which configures a row only on the
        /// row's own view: inside a container it would no longer reach the row.
        case memberListRow(String)

        /// The names of the modifiers applied last to `view` (`Text("a").padding().listRowInsets(.zero)`:
        /// listRowInsets, padding).
        static func outerModifiers(of view: ExprSyntax) -> [String] {
            var names: [String] = []
            var current = view
            while let call = current.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  let base = member.base {
                names.append(member.declName.baseName.text)
                current = base
            }
            return names
        }

        /// A modifier that configures a screen (`navigationTitle`, `toolbar`, `searchable`, …):
        /// a Group carrying one is a screen's content, not a list row, whatever row modifier it has.
        static func isScreenModifier(_ name: String) -> Bool {
            ["navigation", "toolbar", "search"].contains { name.hasPrefix($0) }
        }

        /// The blocker of `site`, nil when it can be hoisted. A list-row modifier acts on each member
        /// only where the Group is a row; elsewhere one view shows, configured the same on a container.
        /// `custom`: the chain's own modifiers with what they apply, which block the hoist as the
        /// modifiers they apply would.
        init?(_ site: GroupSite, custom: [(name: String, modifier: CustomModifier)]) {
            let rowContainer = site.rowContainer
            let names = site.chain.modifiers.map(\.name)
            let memberScoped = names.first { GroupModifierKind.isMemberScoped($0) && (rowContainer != nil || !GroupModifierKind.isListRow($0)) }
            let applied = custom.lazy.compactMap { entry in entry.modifier.memberScoped(isRow: rowContainer != nil).map { (entry.name, $0) } }.first
            if let memberScoped {
                self = .memberScoped(memberScoped, via: nil)
            } else if let (name, scoped) = applied {
                self = .memberScoped(scoped, via: name)
            } else if let rowContainer, site.members.views.contains(where: { ModifierChainBase.base(of: $0).as(FunctionCallExprSyntax.self)?.calledName == "Section" }) {
                self = .sectionsInRow(container: rowContainer, usedAt: site.rowContainerUse)
            } else if site.members.mayShowNothing, let rowContainer {
                self = .emptyRow(container: rowContainer, usedAt: site.rowContainerUse)
            } else if site.members.mayShowNothing, let listRow = names.first(where: GroupModifierKind.isListRow),
                      !names.contains(where: Self.isScreenModifier) {
                self = .emptyListRow(listRow)
            } else if let listRow = site.members.views.lazy.compactMap({ Self.outerModifiers(of: $0).first(where: GroupModifierKind.isListRow) }).first {
                self = .memberListRow(listRow)
            } else {
                return nil
            }
        }
    }

    /// Why a Group's chain is not copied onto each of its members.
    enum DistributeBlocker: Hashable {
        /// The chain has a presentation or navigation modifier.
        case presents(String)
        /// The chain has a modifier the tool does not know.
        case unknown(String)
        /// A lifecycle action of the chain changes which member shows.
        case choosesMember(modifier: String, property: String, method: String?)
        /// A member is `EmptyView()`.
        case emptyView
        /// The copies would add `added` lines: `copies` more copies of a `lines`-line chain.
        case overBudget(lines: Int, copies: Int, added: Int)

        /// Every blocker of `site`, in the order a person checks them.
        /// `custom`: the chain's own modifiers with what they apply; one that presents is a presentation.
        static func all(_ site: GroupSite, custom: [(name: String, modifier: CustomModifier)], in context: RuleContext) -> [DistributeBlocker] {
            var blockers: [DistributeBlocker] = []
            let names = site.chain.modifiers.map(\.name)
            if let name = names.first(where: GroupModifierKind.isPresentationOrNavigation) ?? custom.first(where: { $0.modifier.presentation != nil })?.name {
                blockers.append(.presents(name))
            }
            if let name = custom.first(where: { !$0.modifier.isKnown })?.name {
                blockers.append(.unknown(name))
            }
            if let write = MemberChoiceWrite.first(in: site, view: ViewDeclaration(enclosing: site.group.call, in: context)) {
                blockers.append(.choosesMember(modifier: write.modifier, property: write.property, method: write.method))
            }
            if !site.members.emptyViews.isEmpty { blockers.append(.emptyView) }
            let lines = site.chainLineCount(in: context)
            let copies = max(0, site.members.views.count - 1)
            if copies * lines > GroupLifecycleRule.distributionLineBudget {
                blockers.append(.overBudget(lines: lines, copies: copies, added: copies * lines))
            }
            return blockers
        }
    }

    public var reasons: [RuleReason] {
        DecisionKind.allCases.map(\.catalogEntry) + GroupSite.Obstacle.all.map { $0.catalogEntry(.report) }
    }
}

// MARK: - Documentation

extension GroupLifecycleRule {
    public var documentation: RuleDocumentation {
        RuleDocumentation(
            summary: "Lifecycle modifiers on a Group, which run once per member as documented but once in all on iOS 15+ SDK builds.",
            detects: """
                `Group { … }` (the content-closure initializer, not `Group(subviews:)` or \
                `Group(sections:)`) whose modifier chain has `onAppear`, `onDisappear` or `task` in any form, \
                anywhere in the chain: after other modifiers, comments and blank lines, inside `#if` clauses, \
                or on the closing line (`}.task {`) — or an app's own modifier that takes an action, is named \
                for appearing or a task and applies one of them, read from its declaration in the file or another \
                file of the module (`.onFirstAppear { }`; found in files that also hold `.onAppear`, \
                `.onDisappear`, `.task` or `Appear {`). Apple documents that a Group's modifiers apply to each \
                member, so the action runs once per member and again whenever a conditional swaps members; \
                builds with the iOS 15+ SDK merge those calls into one, except for rows of a `List`.

                ```swift
                Group {
                    if isLoading { ProgressView() } else { DataLoadedView() }
                }
                .onAppear { fetchData() }
                ```
                """,
            fix: """
                in this order (a hoist is a one-token diff; a copied modifier chain is often not one a \
                reviewer accepts):

                1. **report** a Group that shows several views at once (a member naming a `@ViewBuilder` helper \
                of the view that shows several views counts as those views), or that stands in the content of a \
                view or modifier that makes each view an item (`Menu`, `Picker`, `TabView`, `.contextMenu`, \
                `.toolbar`, `.swipeActions`, …).
                2. **hoist** when at most one view shows on every path — one view; an `if`/`else if`/`else`, \
                a `switch` or a `#if` whose branches each show at most one view, empty paths included (an `if` \
                without `else`, `default: EmptyView()`) — and nothing acts on each member: no modifier of the \
                chain (`id`, `transition`, `matchedGeometryEffect`, `zIndex`, `tag`; the list-row modifiers \
                `listRow…` and `swipeActions` only where the Group is a row of a `List`, `Form`, `Section` or \
                `ForEach` builder — elsewhere they configure the one view that shows, on a container the same; \
                an app's own modifier counts as what its declaration in the file or the module applies), no \
                list-row modifier on a member, and no empty path in a row. The Group becomes the host container \
                (`hostContainer`, default `ZStack`), so the action belongs to one view:

                ```swift
                ZStack {
                    if isLoading { ProgressView() } else { DataLoadedView() }
                }
                .onAppear { fetchData() }
                ```

                An action that opens with a check stopping it while a `@State` value the branches read is at \
                its initial value (`guard let error else { return }` with `error` starting nil) only ever ran \
                again on the member a new value brought in: a `task` without an id is keyed on the value as \
                well (`.task(id: error)`, `hoist-task-id`); any other such action is reported \
                (`reads-member-choice`), never hoisted as no runtime change.

                3. **distribute** when a member-scoped modifier or an empty row blocks the hoist, some member is \
                chosen at run time, and the copy stays small ((members − 1) × the chain's lines ≤ \
                \(Self.distributionLineBudget)): the Group goes and its whole chain is applied to each member, \
                inside each branch (`@ViewBuilder` is added to a computed property or function that then needs \
                it; `environment…` hands the same value to each member and is copied):

                ```swift
                List {
                    if unread > 0 {
                        Text("\\(unread) unread")
                            .onAppear { markSeen() }
                    }
                }
                ```

                4. Otherwise **report**, naming what blocked each fix and the manual fix: move the lifecycle \
                modifier to the one member, or the enclosing view, that owns the work.

                A Group that is a view's `body` stands where the view is used: every place the module \
                constructs the view (another view's body or helper, in any file; previews left out) is its \
                parent; one that a helper of the view returns (`var noteRow: some View`) stands where the view \
                uses the helper. A place in the content of a `Menu`, `.contextMenu`, `.toolbar`… makes it item content \
                (reported); a place in a `List`, `Form`, `Section` or `ForEach` makes it a row (an empty path \
                or `Section` members then block the hoist); a place in a stack with spacing, or a `.padding` \
                at the call, is where an empty container still takes room (said in the label). The finding \
                names the place (`where the view is used (in Settings.swift:12)`); with no place seen the \
                Group is decided as it stands, and a hoist with no runtime change says so. A `#if os(…)` \
                chain without `#else` has no empty path when its clauses cover every platform of the file's \
                floor, and a `switch` case under `#if` is a case.

                The `strategy` option chooses `auto` (this order), `hoist` or `distribute` (only that fix, \
                with the same conditions; the rest is reported) or `report`. A `switch` counts as covering every \
                value, since Swift rejects one that does not. A closure of the chain that names its own \
                parameter like a branch's binding (`{ error in … }`) is no conflict.
                """,
            safety: """
                behavior-change. Hoist: "runs once per appearance of the container, not once per member", \
                with what that changes where the app runs: outside a row of a `List`, `Form`, `Section` or \
                `ForEach`, on a floor of iOS 15 (macOS 12, tvOS 15, watchOS 8) or later, nothing — iOS 15+ SDK \
                builds already merge the members' calls into one, and the code stops relying on that \
                undocumented merging; in such a row, each member was a row of its own whose action ran when it \
                appeared, and now the one row runs it once; below that floor, the action ran once per member \
                there. The first kind prints as "behavior-change, no runtime change on this floor" and carries \
                `runtimeChange: false` in JSON and SARIF; `--only preserving` still leaves it out. When some path \
                shows no view, it "now also runs when no member shows (the Group ran nothing then)", a runtime \
                change, and in a `VStack`/`HStack` whose spacing is not 0 "the empty ZStack then still takes a \
                place in the VStack, with its spacing". Distribute: "\(Decision.distribute.safety?.explanation ?? "")"; the chain's other \
                modifiers apply to each member exactly as they did through the Group.
                """)
    }
}

// MARK: - Words

fileprivate extension GroupLifecycleRule.Decision {
    var words: FindingWords { FindingWords(catalogEntry, headline: headline, reason: reason) }

    var catalogEntry: RuleReason {
        switch self {
        case .hoist(_, .none, true, _): DecisionKind.hoistEmptyPath.catalogEntry
        case .hoist(_, .none, _, _): DecisionKind.hoistNoRuntimeChange.catalogEntry
        case .hoist(_, .rowMembers, _, _): DecisionKind.hoistInRow.catalogEntry
        case .hoist(_, .belowMergingFloor, _, _): DecisionKind.hoistBelowMergingFloor.catalogEntry
        case .hoistKeyed: DecisionKind.hoistTaskID.catalogEntry
        case .readsMemberChoice: DecisionKind.readsMemberChoice.catalogEntry
        case .distribute: DecisionKind.distribute.catalogEntry
        case .severalMembers: DecisionKind.severalMembers.catalogEntry
        case .helperShowsSeveral: DecisionKind.helperShowsSeveral.catalogEntry
        case .itemContent: DecisionKind.itemContent.catalogEntry
        case .reportStrategy: DecisionKind.reportStrategy.catalogEntry
        case .showsNoView: DecisionKind.showsNoView.catalogEntry
        case .hostIsGroup: DecisionKind.hostIsGroup.catalogEntry
        case .onePerBuild: DecisionKind.onePerBuild.catalogEntry
        case .hoistBlocked(.memberScoped, _): DecisionKind.hoistBlockedMemberScoped.catalogEntry
        case .hoistBlocked(.emptyListRow, _): DecisionKind.hoistBlockedListRow.catalogEntry
        case .hoistBlocked(.emptyRow, _): DecisionKind.hoistBlockedEmptyRow.catalogEntry
        case .hoistBlocked(.memberListRow, _): DecisionKind.hoistBlockedMemberListRow.catalogEntry
        case .hoistBlocked(.sectionsInRow, _): DecisionKind.hoistBlockedSectionsInRow.catalogEntry
        case .distributeBlocked(let blocker, _, _, _):
            blocker.catalogEntry
        case .cannotUnwrap(let obstacle):
            obstacle.catalogEntry(.report)
        }
    }

    var headline: String {
        switch self {
        case .hoist(let host, _, _, _): "replace the Group with a \(host) so the lifecycle action belongs to one view"
        case .hoistKeyed(let host, let id, _, _): "replace the Group with a \(host) and key its task on \(id)"
        case .readsMemberChoice(let modifier, let selector): "run .\(modifier) when \(selector) changes, by hand"
        case .distribute: "distribute the Group's modifiers onto its members"
        case .showsNoView: "remove the Group's lifecycle modifiers or move them to a view that appears"
        case .hostIsGroup: "set hostContainer to a container such as ZStack"
        case .onePerBuild: "keep the Group's modifiers: each build shows one of its views"
        default: "move the lifecycle modifier off the Group"
        }
    }

    var reason: String? {
        switch self {
        case .hoist, .hoistKeyed, .distribute:
            return nil
        case .readsMemberChoice(let modifier, let selector):
            return ".\(modifier) reads \(selector), which chooses the member: each member's appearance ran it again, "
                + "one container would not"
        case .severalMembers:
            return "the Group shows several views at once: Apple documents the action once per member, and SDK "
                + "builds since 2021 merge the calls into one; move the modifier to a "
                + "container or to the one view that owns the work"
        case .helperShowsSeveral(let helper):
            return "the member \(helper) is a @ViewBuilder helper that shows several views at once, which the Group "
                + "flattens into its parent: Apple documents the action once for each, SDK builds since 2021 merge the calls, "
                + "and a container would stack them; move the "
                + "modifier to a container or to the one view that owns the work"
        case .itemContent(let container, let lifecycle, let usedAt):
            let shown = container.first?.isLowercase ?? false ? ".\(container)" : container
            let stands = usedAt.map { "the Group's view is used \($0.phrase) as \(shown) content" } ?? "the Group stands in the content of \(shown)"
            return "\(stands), where SwiftUI makes each view an item: a menu item, an "
                + "option, a tab, a toolbar item or an action; a container there would be one item that may not show "
                + "as its members did, and whether a lifecycle action runs on an item is not documented; move "
                + "\(Self.listed(lifecycle)) to the view that holds the \(shown)"
        case .reportStrategy:
            return "the strategy is report; replace the Group with a container if it shows one view on every path, or "
                + "apply its modifiers to each member"
        case .showsNoView(let hasOnlyEmptyViews):
            return (hasOnlyEmptyViews ? "the Group shows no view on any path (only EmptyView())" : "the Group shows no view")
                + ", so its lifecycle modifiers never run; remove them or move them to a view that appears"
        case .hostIsGroup:
            return "the configured host container is Group itself; set hostContainer to a container such as ZStack"
        case .onePerBuild(let blocker):
            return blocker.fact + "; only #if chooses between its members, so each build shows one view on every "
                + "path and the modifiers act on it once: copying them into each clause would change nothing"
        case .hoistBlocked(let blocker, let lifecycle):
            return blocker.fact + "; " + Self.manualFix(lifecycle, orStrategy: .distribute)
        case .distributeBlocked(let first, let more, let notHoisted, let lifecycle):
            return (notHoisted?.fact ?? "the strategy is distribute") + "; and "
                + ([first] + more).map(\.fact).joined(separator: "; ") + "; " + Self.manualFix(lifecycle, orStrategy: nil)
        case .cannotUnwrap(let obstacle):
            let fix = switch obstacle {
            case .noMembers: "so its lifecycle modifiers never run; remove them or move them to a view that appears"
            case .otherStatements, .layout: "apply the modifiers to each member by hand"
            case .shadowed(let name): "rename the binding `\(name)` or move the modifiers by hand"
            case .notInBuilder: "apply the modifiers to each member, or mark the enclosing property @ViewBuilder"
            }
            return obstacle.fact + (obstacle == .noMembers ? ", " : "; ") + fix
        }
    }

    /// What a rewrite changes, in one sentence; nil for a report.
    var safety: SafetyLabel? {
        switch self {
        case .hoist(let host, let change, let mayShowNothing, let layout):
            let runs = "runs once per appearance of the container, not once per member"
            var sentence = switch (change, mayShowNothing) {
            case (.none(let floor?, let unseen), false):
                "\(runs); no runtime change on this app's floor (\(floor)): SDK builds already merge the calls" + Self.parentUnseen(unseen)
            case (.none(nil, let unseen), false):
                "\(runs); no runtime change on SDK builds since 2021, which already merge the calls" + Self.parentUnseen(unseen)
            case (.none, true):
                "\(runs), as SDK builds since 2021 already do"
            case (.rowMembers(let container, let usedAt), _):
                "\(runs): in a \(container)\(Self.whereUsed(usedAt)) each member was a row whose action ran when it appeared; now the one row runs it"
            case (.belowMergingFloor(let shortfall), _):
                "\(runs): no change from "
                    + shortfall.platforms.map { "\($0.platform.rawValue) \($0.needed)" }.joined(separator: ", ")
                    + " on, but below it (the floor is "
                    + shortfall.platforms.map { "\($0.platform.rawValue) \($0.floor)" }.joined(separator: ", ")
                    + ") the action ran once per member"
            }
            guard mayShowNothing else {
                if case .none = change { return .behaviorChange(sentence, changesRuntime: false) }
                return .behaviorChange(sentence)
            }
            sentence += ", and now also when no member shows (the Group ran nothing then)"
            if let layout, let stack = layout.spacedStack {
                sentence += "; the empty \(host) then still takes a place in the \(stack)\(Self.whereUsed(layout.usedAt)), with its spacing"
                    + (layout.isPadded ? " and padding" : "")
            } else if let layout, layout.isPadded {
                sentence += "; the empty \(host) then still takes the padding it is given\(Self.whereUsed(layout.usedAt))"
            }
            return .behaviorChange(sentence)
        case .hoistKeyed(_, let id, let mayShowNothing, _):
            let sentence = "runs once per appearance of the container and again when \(id) changes, as the member it "
                + "chose did"
            return .behaviorChange(sentence + (mayShowNothing ? ", and also when no member shows" : ""))
        case .distribute:
            return .behaviorChange(
                "each member now runs the action when it appears, as Apple documents; SDK builds since 2021 had merged "
                    + "these into one call")
        default:
            return nil
        }
    }

    /// What a person does instead: move the lifecycle modifiers (`names`) to the view that owns the work.
    static func manualFix(_ names: [String], orStrategy strategy: GroupStrategy?) -> String {
        let fix = "move \(listed(names)) to the one member, or the enclosing view, that owns the work, and keep the "
            + "rest of the chain on the Group"
        return strategy.map { fix + ", or use the \($0.rawValue) strategy" } ?? fix
    }

    /// " (outside a row: where the view is used was not seen)" for a view's body Group whose use is not seen.
    static func parentUnseen(_ unseen: Bool) -> String {
        unseen ? " (outside a row: where the view is used was not seen)" : ""
    }

    /// " where the view is used (in Settings.swift:12)" when the parent is the view's, "" otherwise.
    static func whereUsed(_ place: SourcePlace?) -> String {
        place.map { " where the view is used (\($0.phrase))" } ?? ""
    }

    /// `.onAppear and .task`.
    static func listed(_ names: [String]) -> String {
        names.map { ".\($0)" }.joined(separator: " and ")
    }
}

fileprivate extension GroupLifecycleRule.HoistBlocker {
    var fact: String {
        switch self {
        case .memberScoped(let name, nil):
            "the chain has .\(name), which acts on each member, so the Group cannot become a container"
        case .memberScoped(let name, let custom?):
            "the chain has .\(custom), which applies .\(name) (read from its declaration), and .\(name) acts on each "
                + "member, so the Group cannot become a container"
        case .emptyRow(let container, let usedAt):
            "the Group is a row of a \(container)\(GroupLifecycleRule.Decision.whereUsed(usedAt)) and shows no view on some "
                + "path, where a container would add an empty row, so it cannot become a container"
        case .sectionsInRow(let container, let usedAt):
            "the Group's members are Sections of a \(container)\(GroupLifecycleRule.Decision.whereUsed(usedAt)): in a "
                + "container they would no longer be its sections, so the Group cannot become a container"
        case .emptyListRow(let name):
            "the chain has .\(name), so the Group is likely a list row where it is used, and it shows no view on "
                + "some path, where a container would add an empty row, so it cannot become a container"
        case .memberListRow(let name):
            "a member carries .\(name), which configures a list row only on the row's own view: inside a container "
                + "it would no longer reach the row, so the Group cannot become a container"
        }
    }
}

fileprivate extension GroupLifecycleRule.DistributeBlocker {
    var fact: String {
        switch self {
        case .presents(let name):
            "the chain has .\(name), which presents or navigates from the view it is on; copied onto each member "
                + "it would be installed once per member"
        case .unknown(let name):
            ".\(name) is not a SwiftUI modifier the tool knows (it may present, navigate or run work), so the "
                + "chain is not copied onto each member"
        case .choosesMember(let modifier, let property, let method):
            "the chain's .\(modifier) "
                + (method.map { "calls \($0)(), which may change \(property)" } ?? "sets \(property)")
                + ", and \(property) chooses the member that shows: copied onto each member, it would start again on "
                + "every member it brings in" + (modifier == "task" ? ", and the copy on the member that goes away is cancelled" : "")
        case .emptyView:
            "a member is EmptyView(), on which the copied modifiers would never act"
        case .overBudget(let lines, let copies, let added):
            "copying the \(lines)-line chain onto \(copies) more member\(copies == 1 ? "" : "s") would add \(added) "
                + "lines, over the limit of \(GroupLifecycleRule.distributionLineBudget)"
        }
    }

    var catalogEntry: RuleReason {
        switch self {
        case .presents: DecisionKind.presentsOrNavigates.catalogEntry
        case .unknown: DecisionKind.unknownModifier.catalogEntry
        case .choosesMember: DecisionKind.choosesMember.catalogEntry
        case .emptyView: DecisionKind.emptyViewMember.catalogEntry
        case .overBudget: DecisionKind.overBudget.catalogEntry
        }
    }
}

/// The decisions of `group-lifecycle` without their payload, in the order `explain` lists them: its
/// catalog is `allCases`, so no decision can be left out of it.
fileprivate enum DecisionKind: CaseIterable {
    case hoistNoRuntimeChange, hoistEmptyPath, hoistInRow, hoistBelowMergingFloor, hoistTaskID, distribute, severalMembers
    case helperShowsSeveral, itemContent, reportStrategy, showsNoView, hostIsGroup, hoistBlockedMemberScoped
    case hoistBlockedEmptyRow, hoistBlockedListRow, hoistBlockedMemberListRow, onePerBuild, presentsOrNavigates, unknownModifier, choosesMember
    case readsMemberChoice
    case emptyViewMember, overBudget, hoistBlockedSectionsInRow

    /// What to do where the hoist is blocked and distributing the chain is too.
    static let moveToOwner = "move the lifecycle modifiers to the member or view that owns the work"

    var catalogEntry: RuleReason {
        switch self {
        case .hoistNoRuntimeChange:
            RuleReason("hoist-no-runtime-change", .rewrite, meaning: "the Group shows at most one view: it becomes the host container; on the app's floor (iOS 15, macOS 12, tvOS 15, watchOS 8 or later) nothing changes at runtime, since SDK builds already merge the members' calls, and the code stops relying on that undocumented merging",
                       whatToDo: "review the one-token diff")
        case .hoistEmptyPath:
            RuleReason("hoist-empty-path", .rewrite, meaning: "the Group shows at most one view, and some path shows none: it becomes the host container, which runs the action also when no member shows and takes a place then (in a stack, with the stack's spacing)",
                       whatToDo: "review the diff, and check the path that shows nothing on a device: the action now runs there, and the empty container takes a place")
        case .hoistInRow:
            RuleReason("hoist-in-row", .rewrite, meaning: "the Group is a row of a List, Form, Section or ForEach (or the body of a view used as one), where each member is a row of its own: the members' actions become one action of the container's row",
                       whatToDo: "review the diff: the action no longer runs again when the branch shown changes")
        case .hoistBelowMergingFloor:
            RuleReason("hoist-below-merging-floor", .rewrite, meaning: "the Group becomes the host container; the floor is below iOS 15, where the action ran once per member: there it now runs once",
                       whatToDo: "review the diff")
        case .hoistTaskID:
            RuleReason("hoist-task-id", .rewrite, meaning: "the Group shows at most one view and its task reads the value choosing the member: it becomes the host container, and the task is keyed on that value, so it runs again when the member changes, as the member's appearance ran it",
                       whatToDo: "review the diff: the task now restarts when the value changes")
        case .distribute:
            RuleReason("distribute", .rewrite, meaning: "a member-scoped modifier, an empty row or Sections of a row container (also where the Group's view is used) block the hoist: the Group goes and its chain is applied to each member",
                       whatToDo: "review the diff: each member now runs the action when it appears")
        case .severalMembers:
            RuleReason("several-members", .report, meaning: "several views show at once: one action per member as documented, one in all on SDK builds since 2021",
                       whatToDo: "move the modifier to a container or to the one view that owns the work")
        case .helperShowsSeveral:
            RuleReason("helper-shows-several", .report, meaning: "a member is a @ViewBuilder helper that shows several views at once, which the Group flattens",
                       whatToDo: "move the modifier to a container or to the one view that owns the work")
        case .itemContent:
            RuleReason("item-content", .report, meaning: "the Group stands in the content of a Menu, Picker, TabView, .contextMenu, .toolbar or another holder of items (or is the body of a view used there), where a container would be one item",
                       whatToDo: "move the lifecycle modifier to the view that holds the menu, picker or toolbar")
        case .reportStrategy:
            RuleReason("report-strategy", .report, meaning: "the strategy is report",
                       whatToDo: "make the fix by hand")
        case .showsNoView:
            RuleReason("shows-no-view", .report, meaning: "the Group shows no view on any path, so its lifecycle modifiers never run",
                       whatToDo: "remove them or move them to a view that appears")
        case .hostIsGroup:
            RuleReason("host-is-group", .report, meaning: "the configured host container is Group itself",
                       whatToDo: "set hostContainer to a container such as ZStack")
        case .hoistBlockedMemberScoped:
            RuleReason("hoist-blocked-member-scoped", .report, meaning: "the strategy is hoist, and the chain has a modifier that acts on each member (id, transition, …)",
                       whatToDo: "move the lifecycle modifiers to the member or view that owns the work, or use the distribute strategy")
        case .hoistBlockedEmptyRow:
            RuleReason("hoist-blocked-empty-row", .report, meaning: "the strategy is hoist, and the Group is a row (or the body of a view used as one) that shows no view on some path, where a container would add an empty row",
                       whatToDo: "move the lifecycle modifiers to the member or view that owns the work, or use the distribute strategy")
        case .hoistBlockedListRow:
            RuleReason("hoist-blocked-list-row", .report, meaning: "the strategy is hoist, and the chain has a list-row modifier (the Group is likely a row where it is used) while some path shows no view, where a container would add an empty row",
                       whatToDo: "move the lifecycle modifiers to the member or view that owns the work, or use the distribute strategy")
        case .hoistBlockedMemberListRow:
            RuleReason("hoist-blocked-member-list-row", .report, meaning: "the strategy is hoist, and a member carries a list-row modifier (listRowInsets, swipeActions…), which configures a row only on the row's own view: inside a container it would no longer reach the row",
                       whatToDo: "move the lifecycle modifiers to the member or view that owns the work, or use the distribute strategy")
        case .hoistBlockedSectionsInRow:
            RuleReason("hoist-blocked-sections-in-row", .report, meaning: "the strategy is hoist, and the Group's members are Sections of a List or Form (also where its view is used), which a container would stop being",
                       whatToDo: "move the lifecycle modifiers to the member or view that owns the work, or use the distribute strategy")
        case .onePerBuild:
            RuleReason("one-view-per-build", .keep, meaning: "the hoist is blocked, and only #if chooses between the Group's members: each build shows one view on every path, on which the modifiers act once",
                       whatToDo: "nothing")
        case .presentsOrNavigates:
            RuleReason("presents-or-navigates", .report, meaning: "the hoist is blocked and the chain has a presentation or navigation modifier (sheet, toolbar, navigationTitle…), which copied onto each member would be installed once per member",
                       whatToDo: Self.moveToOwner)
        case .unknownModifier:
            RuleReason("unknown-modifier", .report, meaning: "the hoist is blocked and the chain has a modifier the tool does not know (it may present, navigate or run work)",
                       whatToDo: Self.moveToOwner)
        case .choosesMember:
            RuleReason("chooses-member", .report, meaning: "the hoist is blocked and a lifecycle action sets the property that chooses the member shown: copied onto each member it would start again on every member it brings in",
                       whatToDo: Self.moveToOwner)
        case .readsMemberChoice:
            RuleReason("reads-member-choice", .report, meaning: "the Group shows at most one view, but a lifecycle action reads the value choosing the member: each member's appearance ran it again, which one container would not, and task(id:) cannot key it there",
                       whatToDo: "run the action when the value changes (task(id:), onChange(of:)) on the container, by hand")
        case .emptyViewMember:
            RuleReason("empty-view-member", .report, meaning: "the hoist is blocked and a member is EmptyView(), on which copied modifiers would never act",
                       whatToDo: Self.moveToOwner)
        case .overBudget:
            RuleReason("over-budget", .report, meaning: "the hoist is blocked and copying the chain onto each member would add more than \(GroupLifecycleRule.distributionLineBudget) lines",
                       whatToDo: Self.moveToOwner)
        }
    }
}
