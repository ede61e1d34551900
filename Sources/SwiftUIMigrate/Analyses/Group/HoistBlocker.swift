import SwiftSyntax

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
