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
        // Each name once, in the chain's order.
        let lifecycle = chain.modifiers.map(\.name).filter { name in
            GroupModifierKind.isLifecycle(name) || actions.contains { $0.name == name && $0.modifier.lifecycle != nil }
        }.countsInOrder().map(\.element)
        guard !lifecycle.isEmpty else { return nil }
        let custom = actions + CustomModifier.unknown(among: chain.modifiers.map(\.name), in: context)
            .filter { entry in !actions.contains { $0.name == entry.name } }
        let strategy = context.configuration.strategy
        let modifiers = Self.listed(lifecycle)
        func report(_ words: FindingWords) -> Finding {
            context.finding(id, at: group.name, words)
        }

        // In item content a container would be one item: no advice to move the modifier to one.
        if let container = ItemContainer.enclosing(chain.outermost) {
            return report(Self.inItemContent(container, lifecycle: lifecycle, usedAt: nil))
        }
        if members.showsSeveralAtOnce { return report(Self.severalMembers.words()) }
        let view = ViewDeclaration(enclosing: group.call, in: context)
        if let view, let helper = HelperViewCount.firstShowingSeveral(members.views, in: view) {
            return report(Self.helperShowsSeveral.words(["the member": "the member \(helper)"]))
        }
        if strategy == .report { return report(Self.reportStrategy.words()) }
        if !members.showsAtMostOneView {
            return report(Self.showsNoView.words([Self.onAnyPath: members.views.isEmpty ? "" : " on any path (only EmptyView())"]))
        }
        // A Group that is a view's body stands where the view is used (looked up only now, when a fix depends on it).
        site.use = ViewUse(ofBodyGroup: site, in: context)
        if let used = site.use?.itemSite, let container = used.itemContainer {
            return report(Self.inItemContent(container, lifecycle: lifecycle, usedAt: used.place))
        }

        let hoistBlocker = HoistBlocker(site, custom: custom)
        if hoistBlocker == nil && strategy != .distribute {
            let host = context.configuration.hostContainer
            if host.split(separator: ".").last == "Group" { return report(Self.hostIsGroup.words()) }
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
            if let read = MemberSelectorRead.first(in: site, view: view) {
                guard read.isKeyable else {
                    return report(Self.readsMemberChoice.words(["the action": ".\(read.modifier.name)", "the value": read.selector]))
                }
                return context.finding(
                    id, at: group.name, Self.hoistTaskID.words([Self.host: host, "the value choosing the member": read.selector]),
                    safety: Self.keyedSafety(id: read.selector, mayShowNothing: members.mayShowNothing),
                    edits: [context.replace(group.name, with: host), read.keyEdit])
            }
            let (decision, safety) = Self.hoist(into: host, change: change, mayShowNothing: members.mayShowNothing, layout: shownLayout)
            return context.finding(
                id, at: group.name, decision.words([Self.host: host]), safety: safety, edits: [context.replace(group.name, with: host)])
        }
        if strategy == .hoist, let hoistBlocker {
            return report(Self.blocked(hoistBlocker).words(["the lifecycle modifiers": modifiers]))
        }
        // Several members, but only `#if` chooses between them: each build shows one view on every path and
        // the chain already acts on it, once. Copying the chain into each clause would change nothing.
        if let hoistBlocker, strategy != .distribute, members.views.count > 1, !members.mayShowNothing,
           GroupMembers.choosingConditions(of: group.content.statements).isEmpty {
            return report(Self.onePerBuild.words([Self.cannotContain: Self.blocked(hoistBlocker).blocker]))
        }

        let blockers = DistributeBlocker.all(site, custom: custom, in: context)
        if let first = blockers.first {
            return report(Self.blocked(first).words([
                Self.notHoisted: hoistBlocker.map { Self.blocked($0).blocker } ?? "the strategy is distribute",
                Self.moreBlockers: blockers.dropFirst().map { "; " + Self.blocked($0).blocker }.joined(),
                "the lifecycle modifiers": modifiers]))
        }
        let edits: [ByteEdit]
        do {
            edits = try site.unwrapEdits(in: context)
        } catch {
            return report(Self.obstacles.words(error))
        }
        return context.finding(id, at: group.name, Self.distribute.words(), safety: Self.distributeSafety, edits: edits)
    }
}

extension GroupLifecycleRule {
    /// The decisions, in the order `explain` lists them.
    public var reasons: [RuleReason] {
        [Self.hoistNoRuntimeChange, Self.hoistEmptyPath, Self.hoistInRow, Self.hoistBelowMergingFloor, Self.hoistTaskID,
         Self.distribute, Self.severalMembers, Self.helperShowsSeveral, Self.itemContent, Self.reportStrategy, Self.showsNoView,
         Self.hostIsGroup, Self.hoistBlockedMemberScoped.reason, Self.hoistBlockedEmptyRow.reason, Self.hoistBlockedListRow.reason,
         Self.hoistBlockedMemberListRow.reason, Self.onePerBuild, Self.presentsOrNavigates.reason, Self.unknownModifier.reason,
         Self.choosesMember.reason, Self.readsMemberChoice, Self.emptyViewMember.reason, Self.overBudget.reason,
         Self.hoistBlockedSectionsInRow.reason]
            + Self.obstacles.all
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
                behavior-change. Hoist: "\(Self.hoistRuns)", \
                with what that changes where the app runs: outside a row of a `List`, `Form`, `Section` or \
                `ForEach`, on a floor of iOS 15 (macOS 12, tvOS 15, watchOS 8) or later, nothing — iOS 15+ SDK \
                builds already merge the members' calls into one, and the code stops relying on that \
                undocumented merging; in such a row, each member was a row of its own whose action ran when it \
                appeared, and now the one row runs it once; below that floor, the action ran once per member \
                there. The first kind prints as "behavior-change, no runtime change on this floor" and carries \
                `runtimeChange: false` in JSON and SARIF; `--only preserving` still leaves it out. When some path \
                shows no view, it "now also runs when no member shows (the Group ran nothing then)", a runtime \
                change, and in a `VStack`/`HStack` whose spacing is not 0 "the empty ZStack then still takes a \
                place in the VStack, with its spacing". Distribute: "\(Self.distributeSafety.explanation ?? "")"; the chain's other \
                modifiers apply to each member exactly as they did through the Group.
                """)
    }
}

// MARK: - Words

extension GroupLifecycleRule {
    /// The headline of a report: the lifecycle modifier belongs elsewhere.
    static let moveOff = "move the lifecycle modifier off the Group"
    /// What a person does where the Group shows several views at once.
    static let ownerFix = "move the modifier to a container or to the one view that owns the work"
    static let removeOrMove = "remove them or move them to a view that appears"
    /// What follows "the Group shows no view".
    static let neverRuns = "so its lifecycle modifiers never run; \(removeOrMove)"
    static let setHost = "set hostContainer to a container such as ZStack"
    /// The manual fix where neither hoist nor distribution applies, a template.
    static let moveToOwner = "move {the lifecycle modifiers} to the one member, or the enclosing view, that owns the work, and keep the "
        + "rest of the chain on the Group"
    static let moveToOwnerInShort = "move the lifecycle modifiers to the member or view that owns the work"
    static let orDistribute = ", or use the distribute strategy"
    /// What a hoist changes, as its safety label begins.
    static let hoistRuns = "runs once per appearance of the container, not once per member"

    /// Blanks several decisions share.
    static let host = "host container"
    static let onAnyPath = " on any path"
    static let cannotContain = "the Group cannot become a container"
    static let notHoisted = "\(cannotContain), or the strategy is distribute"
    static let moreBlockers = "; and any other blocker"
    static let rowContainer = "List, Form, Section or ForEach (here or where the view is used)"
    static let taskCancelled = "the copy on the member that goes away is cancelled"
    static let ifTaskCancelled = ", and for a task \(taskCancelled)"
    static let inItems = "the Group stands in the content of a Menu, Picker, TabView, .contextMenu, .toolbar or another holder of "
        + "items, or its view is used there"

    static let hoistNoRuntimeChange = hoisting(
        "hoist-no-runtime-change",
        meaning: "the Group shows at most one view: it becomes the host container; on the app's floor (iOS 15, macOS 12, tvOS 15, "
            + "watchOS 8 or later) nothing changes at runtime, since SDK builds already merge the members' calls, and the code "
            + "stops relying on that undocumented merging",
        whatToDo: "review the one-token diff")
    static let hoistEmptyPath = hoisting(
        "hoist-empty-path",
        meaning: "the Group shows at most one view, and some path shows none: it becomes the host container, which runs the action "
            + "also when no member shows and takes a place then (in a stack, with the stack's spacing)",
        whatToDo: "review the diff, and check the path that shows nothing on a device: the action now runs there, and the empty "
            + "container takes a place")
    static let hoistInRow = hoisting(
        "hoist-in-row",
        meaning: "the Group is a row of a List, Form, Section or ForEach (or the body of a view used as one), where each member is "
            + "a row of its own: the members' actions become one action of the container's row",
        whatToDo: "review the diff: the action no longer runs again when the branch shown changes")
    static let hoistBelowMergingFloor = hoisting(
        "hoist-below-merging-floor",
        meaning: "the Group becomes the host container; the floor is below iOS 15, where the action ran once per member: there it "
            + "now runs once",
        whatToDo: "review the diff")
    static let hoistTaskID = RuleReason(
        "hoist-task-id", .rewrite, headline: "replace the Group with a {\(host)} and key its task on {the value choosing the member}",
        meaning: "the Group shows at most one view and its task reads the value choosing the member: it becomes the host container, "
            + "and the task is keyed on that value, so it runs again when the member changes, as the member's appearance ran it",
        whatToDo: "review the diff: the task now restarts when the value changes")
    static let distribute = RuleReason(
        "distribute", .rewrite, headline: "distribute the Group's modifiers onto its members",
        meaning: "a member-scoped modifier, an empty row or Sections of a row container (also where the Group's view is used) "
            + "block the hoist: the Group goes and its chain is applied to each member",
        whatToDo: "review the diff: each member now runs the action when it appears")
    static let severalMembers = RuleReason(
        "several-members", .report, headline: moveOff,
        meaning: "the Group shows several views at once: Apple documents the action once per member, and SDK builds since 2021 "
            + "merge the calls into one; \(ownerFix)",
        whatToDo: ownerFix)
    static let helperShowsSeveral = RuleReason(
        "helper-shows-several", .report, headline: moveOff,
        meaning: "{the member} is a @ViewBuilder helper that shows several views at once, which the Group flattens into its "
            + "parent: Apple documents the action once for each, SDK builds since 2021 merge the calls, and a container would "
            + "stack them; \(ownerFix)",
        whatToDo: ownerFix)
    static let itemContent = RuleReason(
        "item-content", .report, headline: moveOff,
        meaning: "{\(inItems)}, where SwiftUI makes each view an item: a menu item, an option, a tab, a toolbar item or an action; "
            + "a container there would be one item that may not show as its members did, and whether a lifecycle action runs on "
            + "an item is not documented; move {the lifecycle modifiers} to the view that holds the {menu, picker or toolbar}",
        whatToDo: "move the lifecycle modifier to the view that holds the menu, picker or toolbar")
    static let reportStrategy = RuleReason(
        "report-strategy", .report, headline: moveOff,
        meaning: "the strategy is report; replace the Group with a container if it shows one view on every path, or apply its "
            + "modifiers to each member",
        whatToDo: "make the fix by hand")
    static let showsNoView = RuleReason(
        "shows-no-view", .report, headline: "remove the Group's lifecycle modifiers or move them to a view that appears",
        meaning: "the Group shows no view{\(onAnyPath)}, \(neverRuns)", whatToDo: removeOrMove)
    static let hostIsGroup = RuleReason(
        "host-is-group", .report, headline: setHost, meaning: "the configured host container is Group itself; \(setHost)",
        whatToDo: setHost)
    static let hoistBlockedMemberScoped = BlockedFix(hoist: "hoist-blocked-member-scoped",
        "the chain has {.id or .transition}, {which} acts on each member, so \(cannotContain)")
    static let hoistBlockedEmptyRow = BlockedFix(hoist: "hoist-blocked-empty-row",
        "the Group is a row of a {\(rowContainer)} and shows no view on some path, where a container would add an empty row, so it "
            + "cannot become a container")
    static let hoistBlockedListRow = BlockedFix(hoist: "hoist-blocked-list-row",
        "the chain has {.listRowSeparator}, a list-row modifier, and some path shows no view: as a container the Group would add "
            + "an empty row")
    static let hoistBlockedMemberListRow = BlockedFix(hoist: "hoist-blocked-member-list-row",
        "a member carries {.listRowInsets or .swipeActions}, which configures a list row only on the row's own view: inside a "
            + "container it would no longer reach the row, so \(cannotContain)")
    static let hoistBlockedSectionsInRow = BlockedFix(hoist: "hoist-blocked-sections-in-row",
        "the Group's members are Sections of a {\(rowContainer)}: in a container they would no longer be its sections, so "
            + cannotContain)
    static let onePerBuild = RuleReason(
        "one-view-per-build", .keep, headline: "keep the Group's modifiers: each build shows one of its views",
        meaning: "{\(cannotContain)}; only #if chooses between its members, so each build shows one view on every path and the "
            + "modifiers act on it once: copying them into each clause would change nothing")
    static let presentsOrNavigates = BlockedFix(distribute: "presents-or-navigates",
        "the chain has {.sheet or .navigationTitle}, which presents or navigates from the view it is on; copied onto each member it "
            + "would be installed once per member")
    static let unknownModifier = BlockedFix(distribute: "unknown-modifier",
        "{.modifier} is not a SwiftUI modifier the tool knows (it may present, navigate or run work), so the chain is not copied "
            + "onto each member")
    static let choosesMember = BlockedFix(distribute: "chooses-member",
        "the chain's {.onAppear or .task} {sets the property}, and {the property} chooses the member that shows: copied onto each "
            + "member, it would start again on every member it brings in{\(ifTaskCancelled)}")
    static let readsMemberChoice = RuleReason(
        "reads-member-choice", .report, headline: "run {the action} when {the value} changes, by hand",
        meaning: "{the action} reads {the value}, which chooses the member: each member's appearance ran it again, one container "
            + "would not",
        whatToDo: "run the action when the value changes (task(id:), onChange(of:)) on the container, by hand")
    static let emptyViewMember = BlockedFix(distribute: "empty-view-member",
        "a member is EmptyView(), on which the copied modifiers would never act")
    static let overBudget = BlockedFix(distribute: "over-budget",
        "copying the {N}-line chain onto {the other members} would add {M} lines, over the limit of \(distributionLineBudget)")
    static let obstacles = GroupObstacleReasons(.report, headline: moveOff, then: .init(
        noMembers: ", \(neverRuns)", otherStatements: "; \(GroupObstacleReasons.byHand)",
        shadowedName: "; rename the binding {`name`} or move the modifiers by hand",
        notInBuilder: "; apply the modifiers to each member, or \(GroupObstacleReasons.markBuilder)",
        layout: "; \(GroupObstacleReasons.byHand)"))

    /// A hoist into the host container: what it changes is said by its safety label.
    private static func hoisting(_ decision: String, meaning: String, whatToDo: String) -> RuleReason {
        RuleReason(
            decision, .rewrite, headline: "replace the Group with a {\(host)} so the lifecycle action belongs to one view",
            meaning: meaning, whatToDo: whatToDo)
    }

    /// A decision where a blocker stops a fix. Its meaning holds `sentence`, the blocker in words (a
    /// template whose blanks are the blocker's facts), which filled alone also says, in a later
    /// decision's reason, why this fix was not made.
    struct BlockedFix: Sendable {
        let reason: RuleReason
        let sentence: String
        /// The blocker's facts at one site (none in the catalog).
        private(set) var facts: [(blank: String, fact: String)] = []

        /// The hoist the strategy `hoist` leaves blocked: reported with the manual fix.
        init(hoist decision: String, _ sentence: String) {
            self.sentence = sentence
            reason = RuleReason(
                decision, .report, headline: moveOff, meaning: "\(sentence); \(moveToOwner)\(orDistribute)",
                whatToDo: moveToOwnerInShort + orDistribute)
        }

        /// The distribution blocked after the hoist was (`notHoisted`), with any other blocker after it.
        init(distribute decision: String, _ sentence: String) {
            self.sentence = sentence
            reason = RuleReason(
                decision, .report, headline: moveOff, meaning: "{\(notHoisted)}; and \(sentence){\(moreBlockers)}; \(moveToOwner)",
                whatToDo: moveToOwnerInShort)
        }

        /// The fix stopped at one site, by a blocker with `facts`.
        func at(_ facts: [(blank: String, fact: String)]) -> BlockedFix {
            assert(facts.allSatisfy { sentence.contains("{\($0.blank)}") }, "\(reason.decision): a fact names no blank")
            var site = self
            site.facts = facts
            return site
        }

        /// The blocker in words at this site (a blank with no fact keeps its phrase).
        var blocker: String { RuleReason.fill(filled(sentence), [:]) }

        /// The decision at this site: the blocker's facts and `more`, the decision's other facts, filled in.
        func words(_ more: KeyValuePairs<String, String>) -> FindingWords {
            var here = reason
            here.meaning = filled(reason.meaning)
            let words = here.words(more)
            return FindingWords(reason, headline: words.headline, reason: words.reason)
        }

        private func filled(_ template: String) -> String {
            facts.reduce(template) { $0.replacing("{\($1.blank)}", with: $1.fact) }
        }
    }

    /// The fix `blocker` stops, with the blocker's facts.
    static func blocked(_ blocker: HoistBlocker) -> BlockedFix {
        switch blocker {
        case .memberScoped(let name, nil):
            hoistBlockedMemberScoped.at([(".id or .transition", ".\(name)")])
        case .memberScoped(let name, let custom?):
            hoistBlockedMemberScoped.at([
                (".id or .transition", ".\(custom)"), ("which", "which applies .\(name) (read from its declaration), and .\(name)")])
        case .emptyRow(let container, let usedAt):
            hoistBlockedEmptyRow.at([(rowContainer, container + whereUsed(usedAt))])
        case .sectionsInRow(let container, let usedAt):
            hoistBlockedSectionsInRow.at([(rowContainer, container + whereUsed(usedAt))])
        case .emptyListRow(let name):
            hoistBlockedListRow.at([(".listRowSeparator", ".\(name)")])
        case .memberListRow(let name):
            hoistBlockedMemberListRow.at([(".listRowInsets or .swipeActions", ".\(name)")])
        }
    }

    /// The distribution `blocker` stops, with the blocker's facts.
    static func blocked(_ blocker: DistributeBlocker) -> BlockedFix {
        switch blocker {
        case .presents(let name):
            presentsOrNavigates.at([(".sheet or .navigationTitle", ".\(name)")])
        case .unknown(let name):
            unknownModifier.at([(".modifier", ".\(name)")])
        case .choosesMember(let modifier, let property, let method):
            choosesMember.at([
                (".onAppear or .task", ".\(modifier)"),
                ("sets the property", method.map { "calls \($0)(), which may change \(property)" } ?? "sets \(property)"),
                ("the property", property), (ifTaskCancelled, modifier == "task" ? ", and \(taskCancelled)" : "")])
        case .emptyView:
            emptyViewMember
        case .overBudget(let lines, let copies, let added):
            overBudget.at([
                ("N", "\(lines)"), ("the other members", "\(copies) more member\(copies == 1 ? "" : "s")"), ("M", "\(added)")])
        }
    }

    /// The Group in the content of `container`, which makes each view an item (`usedAt`: the Group is a
    /// view's body, and the view is used there).
    static func inItemContent(_ container: String, lifecycle: [String], usedAt: SourcePlace?) -> FindingWords {
        let shown = container.first?.isLowercase ?? false ? ".\(container)" : container
        let stands = usedAt.map { "the Group's view is used \($0.phrase) as \(shown) content" } ?? "the Group stands in the content of \(shown)"
        return itemContent.words([inItems: stands, "the lifecycle modifiers": listed(lifecycle), "menu, picker or toolbar": shown])
    }

    /// The hoist into `host`: its decision, by what it changes where the app runs (`change`; `mayShowNothing`: some
    /// path shows no view, where the container now takes a place, `layout`), and its safety label.
    static func hoist(into host: String, change: HoistChange, mayShowNothing: Bool, layout: HoistLayout?) -> (RuleReason, SafetyLabel) {
        let runs = hoistRuns
        var (decision, sentence): (RuleReason, String) = switch (change, mayShowNothing) {
        case (.none(let floor?, let unseen), false):
            (hoistNoRuntimeChange,
             "\(runs); no runtime change on this app's floor (\(floor)): SDK builds already merge the calls" + parentUnseen(unseen))
        case (.none(nil, let unseen), false):
            (hoistNoRuntimeChange,
             "\(runs); no runtime change on SDK builds since 2021, which already merge the calls" + parentUnseen(unseen))
        case (.none, true):
            (hoistEmptyPath, "\(runs), as SDK builds since 2021 already do")
        case (.rowMembers(let container, let usedAt), _):
            (hoistInRow,
             "\(runs): in a \(container)\(whereUsed(usedAt)) each member was a row whose action ran when it appeared; now the one row runs it")
        case (.belowMergingFloor(let shortfall), _):
            (hoistBelowMergingFloor,
             "\(runs): no change from \(shortfall.needs) on, but below it (the floor is \(shortfall.floors)) the action ran once per member")
        }
        guard mayShowNothing else {
            if case .none = change { return (decision, .behaviorChange(sentence, changesRuntime: false)) }
            return (decision, .behaviorChange(sentence))
        }
        sentence += ", and now also when no member shows (the Group ran nothing then)"
        if let layout, let stack = layout.spacedStack {
            sentence += "; the empty \(host) then still takes a place in the \(stack)\(whereUsed(layout.usedAt)), with its spacing"
                + (layout.isPadded ? " and padding" : "")
        } else if let layout, layout.isPadded {
            sentence += "; the empty \(host) then still takes the padding it is given\(whereUsed(layout.usedAt))"
        }
        return (decision, .behaviorChange(sentence))
    }

    /// A hoist whose task is keyed on `id`, the value choosing the member.
    static func keyedSafety(id: String, mayShowNothing: Bool) -> SafetyLabel {
        let sentence = "runs once per appearance of the container and again when \(id) changes, as the member it chose did"
        return .behaviorChange(sentence + (mayShowNothing ? ", and also when no member shows" : ""))
    }

    static let distributeSafety = SafetyLabel.behaviorChange(
        "each member now runs the action when it appears, as Apple documents; SDK builds since 2021 had merged these into one call")

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
