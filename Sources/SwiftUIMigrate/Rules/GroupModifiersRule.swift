import SwiftSyntax

/// `group-modifiers` (opt-in): a small `Group` that exists only to share a few modifiers.
///
/// Apple documents that "any modifier you apply to the group affects all of
/// that group's members", so `Group { A; B }.font(.title)` is `A.font(.title)`
/// and `B.font(.title)` written once. When the Group has few members and few
/// modifiers, writing them out is plainer — the seed article's advice: "I
/// would prefer simply duplicating the modifier manually". The rule removes
/// the Group and applies its chain to each member, inside each branch.
///
/// It leaves alone what is not plainly the same view tree: lifecycle
/// modifiers (`group-lifecycle`'s), action and presentation modifiers (what a
/// Group does with them on current SDKs is not documented), an identity
/// shared by several members at once, and branches that bind a name the chain
/// uses.
public struct GroupModifiersRule: ShippedRule {
    public init() {}

    public static let id = "group-modifiers"
    public static let isEnabledByDefault = false
    public var triggerWords: [String] { ["Group"] }

    public func findings(in context: RuleContext) -> [Finding] {
        GroupSite.all(in: context).compactMap { finding(for: $0, in: context) }
    }

    /// The finding for one Group, or nil when the Group is not this rule's.
    private func finding(for site: GroupSite, in context: RuleContext) -> Finding? {
        let (group, chain, members) = (site.group, site.chain, site.members)
        guard !chain.modifiers.isEmpty,
              !chain.modifiers.contains(where: { GroupModifierKind.isLifecycle($0.name) }) else { return nil }
        let maxMembers: Int = context.configuration.value(of: Self.maxMembers, for: id)
        let maxModifiers: Int = context.configuration.value(of: Self.maxModifiers, for: id)
        guard !members.views.isEmpty, members.views.count <= maxMembers, chain.modifiers.count <= maxModifiers else {
            return nil
        }
        func skip(_ words: FindingWords) -> Finding {
            context.finding(id, at: group.name, words)
        }

        if let action = chain.modifiers.first(where: { Self.isActionOrPresentation($0.name) }) {
            return skip(Self.actionModifier.words(["a modifier": ".\(action.name)"]))
        }
        if members.showsSeveralAtOnce, let identity = chain.modifiers.first(where: { Self.isIdentity($0.name) }) {
            return skip(Self.sharedIdentity.words(["an identity modifier": ".\(identity.name)"]))
        }
        do {
            let edits = try site.unwrapEdits(in: context)
            return context.finding(id, at: group.name, Self.distribute.words(), safety: .preserving, edits: edits)
        } catch {
            return error == .noMembers ? nil : skip(Self.obstacles.words(error))
        }
    }

    /// The decisions, in the order `explain` lists them (a Group with no members is left alone).
    public var reasons: [RuleReason] {
        [Self.distribute, Self.actionModifier, Self.sharedIdentity, Self.obstacles.otherStatements, Self.obstacles.shadowedName,
         Self.obstacles.notInBuilder, Self.obstacles.layout]
    }

    /// Modifiers that run an action or present something (`onChange`, `onTapGesture`, `sheet`,
    /// `toolbar`, …): copied onto each member they would run or present once per member, and what
    /// iOS 15+ SDK builds do with them on a Group — as they do with `onAppear` — is not documented.
    static func isActionOrPresentation(_ name: String) -> Bool {
        if name.count > 2, name.hasPrefix("on"), name.dropFirst(2).first?.isUppercase == true { return true }
        return [
            "gesture", "simultaneousGesture", "highPriorityGesture", "refreshable", "searchable", "sheet", "alert",
            "popover", "fullScreenCover", "confirmationDialog", "fileImporter", "fileExporter", "inspector",
            "navigationDestination", "toolbar", "userActivity", "backgroundTask",
        ].contains(name)
    }

    /// Modifiers that give a view its identity: several members carrying the same one would be ambiguous.
    static func isIdentity(_ name: String) -> Bool {
        name == "id" || name == "tag" || name == "matchedGeometryEffect"
    }
}

// MARK: - Documentation

extension GroupModifiersRule {
    public var documentation: RuleDocumentation {
        RuleDocumentation(
            summary: "A small Group kept only to share a few modifiers.",
            detects: """
                `Group { … }` (the content-closure initializer) whose modifier chain has no lifecycle modifier \
                (`onAppear`, `onDisappear`, `task` are `group-lifecycle`'s), with at most `maxMembers` members \
                (default \(Self.maxMembers.defaultValue); each view the chain would be copied onto, counting each \
                branch of an `if` or `switch`) and at most `maxModifiers` modifiers (default \
                \(Self.maxModifiers.defaultValue)), standing in a view builder. Both limits are set in \
                `ruleOptions["group-modifiers"]`.

                ```swift
                \(Self.aboutFormBody.removingFindingMarkers)
                ```
                """,
            fix: """
                the Group goes and its chain is applied to each member, inside each branch, with its comments \
                and `#if` clauses (`@ViewBuilder` is added to a computed property or function that then needs it):

                ```swift
                \(Self.rewrittenAboutFormBody)
                ```
                """,
            safety: """
                preserving. A Group's modifiers apply to each of its members, as Apple documents, so applying \
                them to each member by hand gives the same views.
                """)
    }
}

// MARK: - Words

extension GroupModifiersRule {
    static let distribute = RuleReason(
        "distribute", .rewrite, headline: "apply the Group's modifiers to each member and remove the Group",
        meaning: "a small Group that only shares a few modifiers: they are written on each member and the Group goes",
        whatToDo: "review the diff")
    static let actionModifier = RuleReason(
        "action-modifier", .keep, headline: "leave the Group as it is",
        meaning: "the chain has {a modifier}, which runs an action or presents something; copied onto each member it could run "
            + "once per member, and what a Group does with it on current SDKs is not documented",
        whatToDo: "leave the Group")
    static let sharedIdentity = RuleReason(
        "shared-identity", .keep, headline: "leave the Group as it is",
        meaning: "the Group shows several members at once and its chain has {an identity modifier}, which would give each of "
            + "them the same identity",
        whatToDo: "leave the Group")
    static let obstacles = GroupObstacleReasons(.skip, headline: "apply the Group's modifiers to each member by hand")
}
