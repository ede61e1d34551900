import SwiftSyntax

/// One `Group { … }` of a file with what every Group rule reads of it: the
/// modifier chain above it and the members of its content, and the one way
/// to unwrap it (remove the Group and apply its chain to each member).
///
/// `group-lifecycle`, `group-modifiers` and `group-redundant` each start from
/// these sites and each meet the same obstacles to unwrapping, named once by
/// ``Obstacle``.
struct GroupSite {
    /// The `Group { … }` call.
    let group: GroupCall
    /// The modifiers applied to the Group, possibly none.
    let chain: ModifierChain
    /// What the Group's content shows.
    let members: GroupMembers

    /// The site of `group`.
    init(_ group: GroupCall) {
        self.group = group
        self.chain = ModifierChain(above: group.call)
        self.members = GroupMembers(content: group.content.statements)
    }

    /// Every `Group { … }` content-closure call of the context's file, outer ones first.
    static func all(in context: RuleContext) -> [GroupSite] {
        GroupCall.all(in: context).map(GroupSite.init)
    }

    /// Where the Group stands with respect to a view builder (its whole chain is the statement).
    var builder: ViewBuilderContext { ViewBuilderContext(of: chain.outermost) }

    /// Why a Group cannot be unwrapped with its chain applied to each member.
    enum Obstacle: Error, Equatable {
        /// The Group shows no view.
        case noMembers
        /// The Group's own content has statements that are not views (declarations, loops).
        case otherStatements
        /// A branch binds `name`, which the chain also uses.
        case shadowed(String)
        /// The Group does not stand in a view builder.
        case notInBuilder
        /// The braces and members are laid out in a way the edit cannot follow.
        case layout

        /// What stands in the way, as a finding's reason begins (the rules add the manual fix).
        var reason: String {
            switch self {
            case .noMembers:
                "the Group shows no view"
            case .otherStatements:
                "the Group's content has statements that are not views, so it cannot be unwrapped"
            case .shadowed(let name):
                "a branch of the Group binds `\(name)`, which its modifiers also use, so moving them into the "
                    + "branch would change what `\(name)` means"
            case .notInBuilder:
                "the Group does not stand in a view builder, so its members cannot stand on their own"
            case .layout:
                "the Group's braces and members are laid out in a way the tool does not unwrap"
            }
        }
    }

    /// The edits that remove the Group and apply its chain (which may be empty) to each
    /// member view, checked in this order: the Group shows some view, its own content is
    /// only views, no branch binds a name the chain uses, and it stands in a view builder —
    /// adding `@ViewBuilder` to a computed property or function that then needs it.
    func unwrapEdits(in context: RuleContext) throws(Obstacle) -> [SourceEdit] {
        if members.views.isEmpty { throw .noMembers }
        if !members.unsupported.isEmpty { throw .otherStatements }
        if let name = chain.referencedNames.sorted().first(where: members.boundNames.contains) {
            throw .shadowed(name)
        }
        let builder = self.builder
        var edits: [SourceEdit] = []
        switch builder.kind {
        case .builder:
            break
        case .needsAttribute(let declaration):
            let indent = context.lineIndentation(of: declaration)
            edits.append(.insert(
                "@ViewBuilder" + context.style.lineEnding + indent,
                at: declaration.positionAfterSkippingLeadingTrivia.utf8Offset))
        case .other:
            throw .notInBuilder
        }
        let start = builder.returnStatement?.positionAfterSkippingLeadingTrivia.utf8Offset
            ?? group.call.positionAfterSkippingLeadingTrivia.utf8Offset
        let distribution = try GroupDistribution(
            group: group, chain: chain, members: members.views, start: start, context: context)
        edits.append(distribution.edit)
        return edits
    }
}
