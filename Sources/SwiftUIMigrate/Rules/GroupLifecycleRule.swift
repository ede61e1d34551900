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
///    the copy stays small and holds only modifiers the tool knows, none of them
///    presenting or navigating, no lifecycle action changes which member shows,
///    and no member is `EmptyView()`;
/// 4. else report, naming what blocked each fix and the manual fix.
public struct GroupLifecycleRule: Rule {
    public init() {}

    public var id: String { "group-lifecycle" }
    public var isEnabledByDefault: Bool { true }
    // The lifecycle modifiers, not "Group": far fewer files hold them (a member name always
    // follows its dot directly; anything else is a syntax error).
    public var triggerWords: [String] { [".onAppear", ".onDisappear", ".task"] }

    /// The most lines a distribution may add: (members − 1) × the chain's lines.
    public static let distributionLineBudget = 40

    public func findings(in context: RuleContext) -> [Finding] {
        GroupSite.all(in: context).compactMap { finding(for: $0, in: context) }
    }

    /// The finding for one Group, or nil when its chain has no lifecycle modifier.
    private func finding(for site: GroupSite, in context: RuleContext) -> Finding? {
        let (group, chain, members) = (site.group, site.chain, site.members)
        let lifecycle = chain.modifiers.filter { GroupModifierKind.isLifecycle($0.name) }.map(\.name)
        guard !lifecycle.isEmpty else { return nil }
        let strategy = context.configuration.strategy
        func report(_ reason: String) -> Finding {
            context.finding(id, at: group.name, message: Message.report, action: .report, reason: reason)
        }

        if members.showsSeveralAtOnce { return report(Reason.severalMembers) }
        if let view = ViewDeclaration(enclosing: group.call, in: context),
           let helper = HelperViewCount.firstShowingSeveral(members.views, in: view) {
            return report(Reason.helperShowsSeveral(helper))
        }
        if let container = ItemContainer.enclosing(chain.outermost) { return report(Reason.itemContent(container, lifecycle)) }
        if strategy == .report { return report(Reason.reportStrategy) }
        if !members.showsAtMostOneView { return report(Reason.neverShowsAView(members)) }

        let hoistBlocker = HoistBlocker(site)
        if hoistBlocker == nil && strategy != .distribute {
            let host = context.configuration.hostContainer
            if host.split(separator: ".").last == "Group" { return report(Reason.hostIsGroup) }
            return context.finding(
                id, at: group.name, message: Message.hoist(host), action: .rewrite,
                safety: members.mayShowNothing ? Safety.hoistShowingNothing : Safety.hoist,
                edits: [context.replace(group.name, with: host)])
        }
        if strategy == .hoist, let hoistBlocker {
            return report(hoistBlocker.reason + "; " + Reason.manualFix(lifecycle, orStrategy: .distribute))
        }

        let notHoisted = hoistBlocker?.reason ?? Reason.distributeStrategy
        let blockers = DistributeBlocker.all(site, in: context)
        if !blockers.isEmpty {
            return report(notHoisted + ", and " + blockers.map(\.reason).joined(separator: "; ") + "; "
                + Reason.manualFix(lifecycle, orStrategy: nil))
        }
        let edits: [SourceEdit]
        do {
            edits = try site.unwrapEdits(in: context)
        } catch {
            return report(Reason.cannotUnwrap(error))
        }
        return context.finding(
            id, at: group.name, message: Message.distribute, action: .rewrite, safety: Safety.distribute, edits: edits)
    }
}

/// Why a Group that shows at most one view cannot become a container.
private enum HoistBlocker {
    /// The chain has a modifier that acts on each member (`id`, `transition`, …).
    case memberScoped(String)
    /// The Group is a row of `container` and some path shows nothing: a container would be an empty row.
    case emptyRow(container: String)
    /// The chain configures a list row (`.listRowSeparator`), so the Group is likely a row where it
    /// is used, and some path shows nothing: a container would be an empty row there.
    case emptyListRow(String)

    /// The blocker of `site`, nil when it can be hoisted. A list-row modifier acts on each member
    /// only where the Group is a row; elsewhere one view shows, configured the same on a container.
    init?(_ site: GroupSite) {
        let rowContainer = site.rowContainer
        let names = site.chain.modifiers.map(\.name)
        let memberScoped = names.first { GroupModifierKind.isMemberScoped($0) && (rowContainer != nil || !GroupModifierKind.isListRow($0)) }
        if let memberScoped {
            self = .memberScoped(memberScoped)
        } else if site.members.mayShowNothing, let rowContainer {
            self = .emptyRow(container: rowContainer)
        } else if site.members.mayShowNothing, let listRow = names.first(where: GroupModifierKind.isListRow) {
            self = .emptyListRow(listRow)
        } else {
            return nil
        }
    }

    var reason: String {
        switch self {
        case .memberScoped(let name):
            "the chain has .\(name), which acts on each member, so the Group cannot become a container"
        case .emptyRow(let container):
            "the Group is a row of a \(container) and shows no view on some path, where a container would add "
                + "an empty row, so it cannot become a container"
        case .emptyListRow(let name):
            "the chain has .\(name), so the Group is likely a list row where it is used, and it shows no view on "
                + "some path, where a container would add an empty row, so it cannot become a container"
        }
    }
}

/// Why a Group's chain is not copied onto each of its members.
private enum DistributeBlocker {
    /// The chain has a presentation or navigation modifier.
    case presents(String)
    /// The chain has a modifier the tool does not know.
    case unknown(String)
    /// A lifecycle action of the chain changes which member shows.
    case choosesMember(MemberChoiceWrite)
    /// A member is `EmptyView()`.
    case emptyView
    /// The copies would add `added` lines: `copies` more copies of a `lines`-line chain.
    case overBudget(lines: Int, copies: Int, added: Int)

    /// Every blocker of `site`, in the order a person checks them.
    static func all(_ site: GroupSite, in context: RuleContext) -> [DistributeBlocker] {
        var blockers: [DistributeBlocker] = []
        let names = site.chain.modifiers.map(\.name)
        if let name = names.first(where: GroupModifierKind.isPresentationOrNavigation) {
            blockers.append(.presents(name))
        }
        if let name = names.first(where: { !GroupModifierKind.isKnown($0) }) {
            blockers.append(.unknown(name))
        }
        if let write = MemberChoiceWrite.first(in: site, view: ViewDeclaration(enclosing: site.group.call, in: context)) {
            blockers.append(.choosesMember(write))
        }
        if !site.members.emptyViews.isEmpty { blockers.append(.emptyView) }
        let lines = site.chainLineCount(in: context)
        let copies = max(0, site.members.views.count - 1)
        if copies * lines > GroupLifecycleRule.distributionLineBudget {
            blockers.append(.overBudget(lines: lines, copies: copies, added: copies * lines))
        }
        return blockers
    }

    var reason: String {
        switch self {
        case .presents(let name):
            "the chain has .\(name), which presents or navigates from the view it is on; copied onto each member "
                + "it would be installed once per member"
        case .unknown(let name):
            ".\(name) is not a SwiftUI modifier the tool knows (it may present, navigate or run work), so the "
                + "chain is not copied onto each member"
        case .choosesMember(let write):
            write.reason
        case .emptyView:
            "a member is EmptyView(), on which the copied modifiers would never act"
        case .overBudget(let lines, let copies, let added):
            "copying the \(lines)-line chain onto \(copies) more member\(copies == 1 ? "" : "s") would add \(added) "
                + "lines, over the limit of \(GroupLifecycleRule.distributionLineBudget)"
        }
    }
}

// MARK: - Messages

fileprivate enum Message {
    static func hoist(_ host: String) -> String {
        "replace the Group with a \(host) so the lifecycle action belongs to one view"
    }
    static let distribute = "distribute the Group's modifiers onto its members"
    static let report = "move the lifecycle modifier off the Group"
}

fileprivate enum Reason {
    static let severalMembers = "the Group shows several views at once, so the action runs once per member; "
        + "move the modifier to a container or to the one view that owns the work"
    /// The member `helper` is a `@ViewBuilder` helper of the view that shows several views at once.
    static func helperShowsSeveral(_ helper: String) -> String {
        "the member \(helper) is a @ViewBuilder helper that shows several views at once, which the Group flattens "
            + "into its parent and runs the action for each of; a container would stack them; move the modifier to a "
            + "container or to the one view that owns the work"
    }

    /// The Group stands in the content of `container` (`Menu`, `Picker`, `.contextMenu`, …), which holds items.
    static func itemContent(_ container: String, _ names: [String]) -> String {
        let shown = container.first?.isLowercase ?? false ? ".\(container)" : container
        let modifiers = unique(names).map { ".\($0)" }.joined(separator: " and ")
        return "the Group stands in the content of \(shown), where SwiftUI makes each view an item (a menu item, an "
            + "option, a tab, a toolbar item or an action): a container there would be one item that may not show as "
            + "its members did, and whether a lifecycle action runs on an item is not documented; move \(modifiers) "
            + "to the view that holds the \(shown)"
    }
    static let reportStrategy = "the strategy is report; replace the Group with a container if it shows one view "
        + "on every path, or apply its modifiers to each member"
    static let distributeStrategy = "the strategy is distribute"
    static let hostIsGroup = "the configured host container is Group itself; set hostContainer to a container "
        + "such as ZStack"

    static func neverShowsAView(_ members: GroupMembers) -> String {
        (members.views.isEmpty ? "the Group shows no view" : "the Group shows no view on any path (only EmptyView())")
            + ", so its lifecycle modifiers never run; remove them or move them to a view that appears"
    }

    /// What a person does instead: move the lifecycle modifiers (`names`) to the view that owns the work.
    static func manualFix(_ names: [String], orStrategy strategy: GroupStrategy?) -> String {
        let modifiers = unique(names).map { ".\($0)" }.joined(separator: " and ")
        let fix = "move \(modifiers) to the one member, or the enclosing view, that owns the work, and keep the "
            + "rest of the chain on the Group"
        return strategy.map { fix + ", or use the \($0.rawValue) strategy" } ?? fix
    }

    /// `names` without repeats, in their order.
    private static func unique(_ names: [String]) -> [String] {
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        return unique
    }

    /// The obstacle's reason with what a person does about it.
    static func cannotUnwrap(_ obstacle: GroupSite.Obstacle) -> String {
        let fix = switch obstacle {
        case .noMembers: "so its lifecycle modifiers never run; remove them or move them to a view that appears"
        case .otherStatements, .layout: "apply the modifiers to each member by hand"
        case .shadowed(let name): "rename the binding `\(name)` or move the modifiers by hand"
        case .notInBuilder: "apply the modifiers to each member, or mark the enclosing property @ViewBuilder"
        }
        return obstacle.reason + (obstacle == .noMembers ? ", " : "; ") + fix
    }
}

fileprivate enum Safety {
    static let hoistSentence =
        "runs once per appearance of the container, as iOS 15+ SDK builds already do; no longer once per member"
    static let hoist = SafetyLabel.behaviorChange(hoistSentence)
    static let hoistShowingNothing = SafetyLabel.behaviorChange(
        hoistSentence + ", and now also when no member shows (the Group ran nothing then)")
    static let distribute = SafetyLabel.behaviorChange(
        "each member now runs the action when it appears, as Apple documents; "
            + "iOS 15+ SDK builds had merged these into one call")
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
                or on the closing line (`}.task {`). Apple documents that a Group's modifiers apply to each \
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

                1. **report** a Group that shows several views at once: the action runs once per member (a \
                member naming a `@ViewBuilder` helper of the view that shows several views counts as those \
                views); \
                and a Group in the content of a view or modifier that makes each view an item (`Menu`, \
                `Picker`, `TabView`, `.contextMenu`, `.toolbar`, `.swipeActions`, …): a container there would \
                be one item, and whether a lifecycle action runs on an item is not documented.
                2. **hoist** when at most one view shows on every path — one view; an `if`/`else if`/`else`, \
                a `switch` or a `#if` whose branches each show at most one view, empty paths included (an `if` \
                without `else`, `default: EmptyView()`) — the chain has no modifier that acts on each member \
                (`id`, `transition`, `matchedGeometryEffect`, `zIndex`, `tag`; the list-row modifiers \
                `listRow…` and `swipeActions` only where the Group is a row of a `List`, `Form`, `Section` or \
                `ForEach` builder — elsewhere they configure the one view that shows, on a container the same), \
                and the Group is not a row that may show nothing (a row of those builders, or a Group whose chain \
                has a list-row modifier: there an empty container would add an empty row). The Group becomes the host container \
                (`hostContainer`, default `ZStack`), so the action belongs to one view:

                ```swift
                ZStack {
                    if isLoading { ProgressView() } else { DataLoadedView() }
                }
                .onAppear { fetchData() }
                ```

                3. **distribute** when a member-scoped modifier or an empty row blocks the hoist, and the copy \
                stays small: the Group goes and its whole chain is applied to each member, inside each branch \
                (`@ViewBuilder` is added to a computed property or function that then needs it). Only when \
                (members − 1) × the chain's lines ≤ \(Self.distributionLineBudget), every modifier of the chain \
                is a SwiftUI modifier the tool knows (a project's own `.injectTabDestinations()` may install \
                navigation), none presents or navigates (`sheet`, `fullScreenCover`, `popover`, `alert`, \
                `confirmationDialog`, `navigationDestination`, `navigationTitle`, `toolbar`, `searchable`, \
                `refreshable`, …; `environment…` hands the same value to each member and is copied), no lifecycle action of the chain sets a property that chooses \
                the member, or calls a method on one (copied onto each member, an action that switches the \
                members would start again on every member it brings in, and a `.task` copy would be cancelled on \
                the one that goes), and no member is `EmptyView()`:

                ```swift
                List {
                    if unread > 0 {
                        Text("\\(unread) unread")
                            .onAppear { markSeen() }
                    }
                }
                ```

                4. Otherwise **report**, naming what blocked each fix (the modifier, the line count, the \
                `EmptyView()` member, the property an action sets that chooses the member, a branch binding a \
                name the chain uses, a Group outside a view builder) \
                and the manual fix: move the lifecycle modifier to the one member, or the enclosing view, that \
                owns the work.

                The `strategy` option chooses `auto` (this order), `hoist` or `distribute` (only that fix, \
                with the same conditions; the rest is reported) or `report`. A `switch` counts as covering every \
                value, since Swift rejects one that does not. A closure of the chain that names its own \
                parameter like a branch's binding (`{ error in … }`) is no conflict.
                """,
            safety: """
                behavior-change. Hoist: "\(Safety.hoist.explanation ?? "")"; when some path shows no view: \
                "\(Safety.hoistShowingNothing.explanation ?? "")". Distribute: \
                "\(Safety.distribute.explanation ?? "")"; the chain's other modifiers apply to each member \
                exactly as they did through the Group.
                """)
    }
}
