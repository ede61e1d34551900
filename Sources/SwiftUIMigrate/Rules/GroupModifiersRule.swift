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
        func skip(_ decision: Decision) -> Finding {
            context.finding(id, at: group.name, decision.words)
        }

        if let action = chain.modifiers.first(where: { Self.isActionOrPresentation($0.name) }) {
            return skip(.actionModifier(action.name))
        }
        if members.showsSeveralAtOnce, let identity = chain.modifiers.first(where: { Self.isIdentity($0.name) }) {
            return skip(.sharedIdentity(identity.name))
        }
        do {
            let edits = try site.unwrapEdits(in: context)
            return context.finding(id, at: group.name, Decision.distribute.words, safety: .preserving, edits: edits)
        } catch {
            return error == .noMembers ? nil : skip(.cannotUnwrap(error))
        }
    }

    /// What the rule decides at one small Group with non-lifecycle modifiers.
    enum Decision {
        /// Apply the chain to each member and remove the Group.
        case distribute
        /// The chain has `name`, which runs an action or presents something.
        case actionModifier(String)
        /// The Group shows several members at once and the chain has the identity modifier `name`.
        case sharedIdentity(String)
        /// The Group cannot be unwrapped.
        case cannotUnwrap(GroupSite.Obstacle)
    }

    public var reasons: [RuleReason] {
        DecisionKind.allCases.map(\.catalogEntry) + GroupSite.Obstacle.all.filter { $0 != .noMembers }.map { $0.catalogEntry(.skip) }
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

fileprivate extension GroupModifiersRule.Decision {
    var words: FindingWords { FindingWords(catalogEntry, headline: headline, reason: reason) }

    var catalogEntry: RuleReason {
        switch self {
        case .distribute: DecisionKind.distribute.catalogEntry
        case .actionModifier: DecisionKind.actionModifier.catalogEntry
        case .sharedIdentity: DecisionKind.sharedIdentity.catalogEntry
        case .cannotUnwrap(let obstacle): obstacle.catalogEntry(.skip)
        }
    }

    var headline: String {
        switch self {
        case .distribute: "apply the Group's modifiers to each member and remove the Group"
        case .actionModifier, .sharedIdentity: "leave the Group as it is"
        case .cannotUnwrap: "apply the Group's modifiers to each member by hand"
        }
    }

    var reason: String? {
        switch self {
        case .distribute: nil
        case .actionModifier(let name):
            "the chain has .\(name), which runs an action or presents something; copied onto each member it could run "
                + "once per member, and what a Group does with it on current SDKs is not documented"
        case .sharedIdentity(let name):
            "the Group shows several members at once and its chain has .\(name), which would give each of them the same identity"
        case .cannotUnwrap(let obstacle): obstacle.fact
        }
    }
}

/// The decisions of `group-modifiers` without their payload, in the order `explain` lists them: its
/// catalog is `allCases`, so no decision can be left out of it.
fileprivate enum DecisionKind: CaseIterable {
    case distribute, actionModifier, sharedIdentity

    var catalogEntry: RuleReason {
        switch self {
        case .distribute:
            RuleReason("distribute", .rewrite, meaning: "a small Group that only shares a few modifiers: they are written on each member and the Group goes",
                       whatToDo: "review the diff")
        case .actionModifier:
            RuleReason("action-modifier", .keep, meaning: "the chain has a modifier that runs an action or presents something; copied onto each member it could run once per member",
                       whatToDo: "leave the Group")
        case .sharedIdentity:
            RuleReason("shared-identity", .keep, meaning: "the Group shows several members at once and its chain gives them an identity (id, tag), which each copy would repeat",
                       whatToDo: "leave the Group")
        }
    }
}
