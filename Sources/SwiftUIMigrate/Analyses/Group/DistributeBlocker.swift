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
