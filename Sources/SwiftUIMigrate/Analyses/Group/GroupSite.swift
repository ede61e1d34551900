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
    /// Where the Group's view is used, when the Group is that view's `body` (set by the rule that
    /// asks; nil for a Group in a container, or not asked).
    var use: ViewUse?

    /// The site of `group`, in a file built for `platforms` (nil: not known).
    init(_ group: GroupCall, platforms: Set<Platform>? = nil) {
        self.group = group
        self.chain = ModifierChain(above: group.call)
        self.members = GroupMembers(content: group.content.statements, platforms: platforms)
    }

    /// Every `Group { … }` content-closure call of the context's file, outer ones first, each
    /// worked out as it is reached (ending early when the file's time is up: `RuleContext.sites`).
    static func all(in context: RuleContext) -> LazyMapSequence<SiteSequence<[GroupCall]>, GroupSite> {
        let platforms = context.floor.isKnown ? Set(context.floor.minimums.keys) : nil
        return context.sites(GroupCall.all(in: context)).lazy.map { GroupSite($0, platforms: platforms) }
    }

    /// Where the Group stands with respect to a view builder (its whole chain is the statement).
    var builder: ViewBuilderContext { ViewBuilderContext(of: chain.outermost) }

    /// The containers whose content closures build rows: there each member of a Group is a row
    /// of its own, and a container in its place is one row even when it shows nothing.
    static let rowContainers: Set<String> = ["List", "Form", "Section", "ForEach"]

    /// The `List`, `Form`, `Section` or `ForEach` whose rows the Group's members are, directly,
    /// in a branch of an `if`, `switch` or `#if` there, or through enclosing Groups (whose
    /// members flatten into the rows); nil anywhere else.
    /// When the Group is a view's body, the container is the one around a place the view is used
    /// (`use`): the first of them that is a row.
    var rowContainer: String? {
        Self.rowContainer(of: chain.outermost) ?? use?.rowSite?.rowContainer
    }

    /// Where the view is used as a row, when that (not the Group's own place) makes the Group a row.
    var rowContainerUse: SourcePlace? {
        Self.rowContainer(of: chain.outermost) == nil ? use?.rowSite?.place : nil
    }

    /// The row container of `outermost`, the whole expression of a statement (a view's modifier
    /// chain), as `rowContainer` finds it for a Group's chain.
    static func rowContainer(of outermost: ExprSyntax) -> String? {
        var outermost = outermost
        var container = ViewBuilderContext(of: outermost).container
        while container == "Group" {
            guard let outer = Self.enclosingGroup(of: Syntax(outermost)) else { return nil }
            outermost = ModifierChain(above: outer.call).outermost
            container = ViewBuilderContext(of: outermost).container
        }
        return container.flatMap { Self.rowContainers.contains($0) ? $0 : nil }
    }

    /// The stacks that put spacing between their views (unless given `spacing: 0`).
    static let spacedStacks: Set<String> = ["VStack", "HStack", "LazyVStack", "LazyHStack"]

    /// The stack whose content the Group stands in (directly or in a branch there), when it puts
    /// spacing between its views: a container in the Group's place takes a place there, with that
    /// spacing, even when it shows nothing. Nil elsewhere, and for `spacing: 0`.
    var spacedStack: String? {
        Self.spacedStack(of: chain.outermost)
    }

    /// The spaced stack `outermost` (the whole expression of a statement) stands in, as `spacedStack` finds it.
    static func spacedStack(of outermost: ExprSyntax) -> String? {
        guard let name = ViewBuilderContext(of: outermost).container, spacedStacks.contains(name) else { return nil }
        guard let closure = outermost.enclosingClosure, let owner = ClosureOwner(of: closure) else { return nil }
        let spacing = owner.call.arguments.first { $0.label?.text == "spacing" }?.expression.trimmedDescription
        return spacing == "0" ? nil : name
    }

    /// The Group whose content closure holds `node`.
    private static func enclosingGroup(of node: Syntax) -> GroupCall? {
        guard let closure = node.enclosingClosure, let owner = ClosureOwner(of: closure),
              let group = GroupCall(owner.call), group.content.id == closure.id else { return nil }
        return group
    }

    /// The lines the chain takes as written, from the Group's closing brace (a chain that
    /// starts there, `}.task {`, counts that line) to its last modifier: what distributing it
    /// copies after each further member. Zero for a Group without modifiers.
    func chainLineCount(in context: RuleContext) -> Int {
        let start = group.call.endPositionBeforeTrailingTrivia.utf8Offset
        let end = chain.outermost.endPositionBeforeTrailingTrivia.utf8Offset
        guard end > start else { return 0 }
        let text = context.bytes[start..<end]
        let lineBreaks = text.count { $0 == UInt8(ascii: "\n") }
        let startsInline = text.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            .map { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") } ?? false
        return lineBreaks + (startsInline ? 1 : 0)
    }

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
    }

    /// The edits that remove the Group and apply its chain (which may be empty) to each
    /// member view, checked in this order: the Group shows some view, its own content is
    /// only views, no branch binds a name the chain uses, and it stands in a view builder —
    /// adding `@ViewBuilder` to a computed property or function that then needs it.
    func unwrapEdits(in context: RuleContext) throws(Obstacle) -> [ByteEdit] {
        if members.views.isEmpty { throw .noMembers }
        if !members.unsupported.isEmpty { throw .otherStatements }
        if let name = chain.referencedNames.sorted().first(where: members.boundNames.contains) {
            throw .shadowed(name)
        }
        let builder = self.builder
        var edits: [ByteEdit] = []
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
