import SwiftSyntax

/// Where a view whose `body` is a Group is used: every place the module constructs it
/// (`ShelfRow(…)` in another view's body, a helper, a `ForEach`, in any file), with the
/// container around each place — a row of a `List`/`Form`/`Section`/`ForEach`, the items of a
/// `Menu`/`.contextMenu`/`.toolbar`, a stack with spacing — and whether the call pads it.
///
/// ```swift
/// struct ShelfSection: View {                 // the Group is its body
///     var body: some View { Group { if showsPicks { Section("Picks") { … } } }.onAppear { … } }
/// }
/// Form { ShelfSection() }                     // used as a Form's rows, in Settings.swift
/// ```
/// A Group decision that depends on the Group's parent (hoist or distribute, the empty path, row,
/// menu or form content, the stack's spacing) must hold at every place: the first place that
/// makes a difference decides, and the finding names it. No place seen (a public view, previews
/// only): the parent is not known, and the Group is decided as it stands.
struct ViewUse {
    /// One place the view is constructed.
    struct Site {
        /// Where the call stands (a line of this file, or another file's name and line).
        var place: SourcePlace
        /// The `List`, `Form`, `Section` or `ForEach` whose row the view is there, if any.
        var rowContainer: String?
        /// The holder of items (`Menu`, `contextMenu`, `toolbar`, …) whose content holds it, if any.
        var itemContainer: String?
        /// The stack with spacing it stands in, if any.
        var spacedStack: String?
        /// True when the call applies `.padding` to it.
        var isPadded: Bool
    }

    /// The view's name, or the helper's.
    let view: String
    /// The places it is constructed (or the helper is used), in file order (empty: none seen).
    let sites: [Site]

    /// The use of the view whose `body` the Group `site` is (its whole chain is the body's
    /// statement), or of the view's helper (a computed property or function returning `some View`)
    /// whose only statement it is: where the helper is used in the view (its file and its
    /// extensions in other files). Nil when the Group is neither, or (for a body) no module is given.
    init?(ofBodyGroup site: GroupSite, in context: RuleContext) {
        guard site.builder.container == nil else { return nil }
        if let helper = Self.helperName(of: site.chain.outermost) {
            guard let declaration = ViewDeclaration(enclosing: site.group.call, in: context) else { return nil }
            view = helper
            // The uses of the helper in the view: `name`, `self.name`, and `name(…)` as the expression a chain starts from.
            sites = declaration.uses(of: helper, includingWrappers: false).map { reference in
                var use = reference
                if let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id {
                    use = ExprSyntax(call)
                }
                return Self.site(use, at: declaration.placeElsewhere(of: use) ?? SourcePlace(line: context.line(of: use)))
            }
            return
        }
        guard let module = context.module, let view = Self.viewName(ofBody: site.chain.outermost) else { return nil }
        self.view = view
        // This file's own calls from its tree (not parsed again), then the other files'.
        let here = ViewConstructions.calls(of: view, in: context.tree, bytes: context.bytes).map { (place: SourcePlace(line: context.line(of: $0)), call: $0) }
        let elsewhere = module.constructions(of: view, outside: context.file).map { path, call in
            (place: SourcePlace(inModuleFile: path, line: module.place(of: call)?.line ?? 0), call: call)
        }
        sites = (here + elsewhere).map { place, call in Self.site(ExprSyntax(call), at: place) }
    }

    /// The facts of one place: `use` is the call or reference, with the chain above it.
    private static func site(_ use: ExprSyntax, at place: SourcePlace) -> Site {
        let chain = ModifierChain(above: use)
        return Site(
            place: place, rowContainer: GroupSite.rowContainer(of: chain.outermost),
            itemContainer: ItemContainer.enclosing(chain.outermost), spacedStack: GroupSite.spacedStack(of: chain.outermost),
            isPadded: chain.modifiers.contains { $0.name == "padding" })
    }

    /// The name of the computed property (not `body`) or function returning `some View` whose only
    /// statement `outermost` is; nil elsewhere.
    private static func helperName(of outermost: ExprSyntax) -> String? {
        guard let (list, property) = statements(around: outermost), list.count == 1 else { return nil }
        if let function = list.parent?.as(CodeBlockSyntax.self)?.parent?.as(FunctionDeclSyntax.self) {
            return function.signature.returnClause.map { ViewBuilderContext.isSomeView($0.type) } == true ? function.name.text : nil
        }
        guard let binding = property,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, name != "body",
              let type = binding.typeAnnotation?.type, ViewBuilderContext.isSomeView(type) else { return nil }
        return name
    }

    /// The first place the view is a row, if any.
    var rowSite: Site? { sites.first { $0.rowContainer != nil } }

    /// The first place the view is an item of a menu, toolbar or other holder of items, if any. A
    /// view used as a page of a `TabView` is not one: a page is any view, a container too.
    var itemSite: Site? { sites.first { $0.itemContainer.map { $0 != "TabView" } ?? false } }

    /// The first place the view takes a place in a layout even when it shows nothing: in a stack
    /// with spacing, or padded by the call.
    var layoutSite: Site? { sites.first { $0.spacedStack != nil || $0.isPadded } }

    /// The name of the type whose `var body` has `outermost` as its statement; nil elsewhere.
    private static func viewName(ofBody outermost: ExprSyntax) -> String? {
        guard let binding = statements(around: outermost)?.property,
              binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
              let owner = binding.parent?.parent?.as(VariableDeclSyntax.self)?.parent?.parent?.parent?.parent else { return nil }
        if let structDecl = owner.as(StructDeclSyntax.self) { return structDecl.name.text }
        let extended = owner.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
        return extended?.split(separator: ".").last.map(String.init)
    }

    /// The statements `outermost` (or the `return` of it) is one of, and the computed property whose
    /// getter they are (`var name: T { … }` or its `get { … }`), if they are one.
    private static func statements(around outermost: ExprSyntax) -> (CodeBlockItemListSyntax, property: PatternBindingSyntax?)? {
        var node = Syntax(outermost)
        if let statement = node.parent?.as(ReturnStmtSyntax.self) { node = Syntax(statement) }
        guard let list = node.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        var accessors = list.parent?.as(AccessorBlockSyntax.self)
        if accessors == nil, let getter = list.parent?.as(CodeBlockSyntax.self)?.parent?.as(AccessorDeclSyntax.self) {
            accessors = getter.parent?.parent?.as(AccessorBlockSyntax.self)
        }
        return (list, accessors?.parent?.as(PatternBindingSyntax.self))
    }
}
