import SwiftSyntax

/// `group-lifecycle`: `onAppear`, `onDisappear` or `task` on a `Group`.
///
/// Apple documents that a Group's modifiers apply to each of its members, so
/// a lifecycle action on a Group runs once per member and again whenever a
/// conditional swaps members; builds with the iOS 15+ SDK merge those calls
/// into one, except where the Group's members are rows of a `List`. Either
/// way the code says something other than what it does. The rule makes it
/// explicit: it replaces the Group with a container when the Group shows one
/// view on every path (hoist), else unwraps it and applies its whole chain to
/// each member (distribute), else reports it with the manual fix.
public struct GroupLifecycleRule: Rule {
    public init() {}

    public var id: String { "group-lifecycle" }
    public var isEnabledByDefault: Bool { true }
    // The lifecycle modifiers, not "Group": far fewer files hold them (a member name always
    // follows its dot directly; anything else is a syntax error).
    public var triggerWords: [String] { [".onAppear", ".onDisappear", ".task"] }

    public func findings(in context: RuleContext) -> [Finding] {
        GroupSite.all(in: context).compactMap { finding(for: $0, in: context) }
    }

    /// The finding for one Group, or nil when its chain has no lifecycle modifier.
    private func finding(for site: GroupSite, in context: RuleContext) -> Finding? {
        let (group, chain, members) = (site.group, site.chain, site.members)
        guard chain.modifiers.contains(where: { GroupModifierKind.isLifecycle($0.name) }) else { return nil }
        let strategy = context.configuration.strategy
        func report(_ reason: String) -> Finding {
            context.finding(id, at: group.name, message: Message.report, action: .report, reason: reason)
        }

        if members.showsSeveralAtOnce { return report(Reason.severalMembers) }
        if strategy == .report { return report(Reason.reportStrategy) }

        let memberScoped = chain.modifiers.first { GroupModifierKind.isMemberScoped($0.name) }
        if members.showsOneViewOnEveryPath && memberScoped == nil && strategy != .distribute {
            let host = context.configuration.hostContainer
            if host.split(separator: ".").last == "Group" { return report(Reason.hostIsGroup) }
            return context.finding(
                id, at: group.name, message: Message.hoist(host), action: .rewrite, safety: Safety.hoist,
                edits: [context.replace(group.name, with: host)])
        }
        if strategy == .hoist {
            if let memberScoped, members.showsOneViewOnEveryPath {
                return report(Reason.memberScoped(memberScoped.name))
            }
            return report(Reason.mayShowNothing)
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
    static let reportStrategy = "the strategy is report; replace the Group with a container if it shows one view "
        + "on every path, or apply its modifiers to each member"
    static func memberScoped(_ name: String) -> String {
        "the chain has .\(name), which acts on each member, so the Group cannot become a container; "
            + "apply the modifiers to each member or use the distribute strategy"
    }
    static let mayShowNothing = "the Group shows no view on some path, where a container would still run the action; "
        + "apply the modifiers to each member or use the distribute strategy"
    static let hostIsGroup = "the configured host container is Group itself; set hostContainer to a container "
        + "such as ZStack"
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
    static let hoist = SafetyLabel.behaviorChange(
        "runs once per appearance of the container, as iOS 15+ SDK builds already do; no longer once per member")
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
                when the Group shows exactly one view on every path (one view; an `if`/`else if`/`else`, \
                a `switch` or a `#if`/`#else` whose branches each show one view) and its chain has no modifier \
                that acts on each member (`id`, `transition`, `matchedGeometryEffect`, `zIndex`, `tag`, \
                `listRow…`, `swipeActions`), the Group becomes the host container (`hostContainer`, default \
                `ZStack`), so the action belongs to one view:

                ```swift
                ZStack {
                    if isLoading { ProgressView() } else { DataLoadedView() }
                }
                .onAppear { fetchData() }
                ```

                Otherwise, where the Group stands in a view builder, the Group goes and its whole chain is \
                applied to each member, inside each branch (`@ViewBuilder` is added to a computed property or \
                function that then needs it):

                ```swift
                if isLoading {
                    ProgressView()
                        .onAppear { fetchData() }
                }
                ```

                A Group that shows several views at once, or that stands outside a view builder, is reported \
                with the manual fix. The `strategy` option chooses `auto` (this order), `hoist` or \
                `distribute` (only that fix; the rest is reported) or `report`. A `switch` counts as covering \
                every value, since Swift rejects one that does not.
                """,
            safety: """
                behavior-change. Hoist: "\(Safety.hoist.explanation ?? "")". Distribute: \
                "\(Safety.distribute.explanation ?? "")"; the chain's other modifiers apply to each member \
                exactly as they did through the Group.
                """)
    }
}
