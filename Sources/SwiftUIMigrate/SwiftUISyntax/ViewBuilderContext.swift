import SwiftSyntax

/// Where an expression stands with respect to SwiftUI's `@ViewBuilder`.
///
/// A view builder turns each statement of its body into a view, so there one
/// statement may be replaced by several, or by an `if` with branches of
/// different view types. The builders recognised are: `var body: some View`;
/// a property or function marked `@ViewBuilder`; the content closures of
/// SwiftUI's containers (`VStack`, `List`, `ForEach`, `Section`, `Group`, …)
/// and of view-building modifiers (`overlay`, `background`, `toolbar`,
/// `safeAreaInset`, `sheet`, …); and the branches of `if`, `switch` and `#if`
/// that stand in one of those.
public struct ViewBuilderContext {
    /// How the expression stands.
    public enum Kind {
        /// A statement of a view builder.
        case builder
        /// The only statement of a computed property or function that returns
        /// `some View` but is not a builder: adding `@ViewBuilder` to
        /// `declaration` makes it one.
        case needsAttribute(declaration: DeclSyntax)
        /// Anywhere else: an argument, an initializer, a closure the tool does not know.
        case other
    }

    /// How the expression stands.
    public var kind: Kind
    /// The `return` in front of the expression, which must go when the body becomes a builder.
    public var returnStatement: ReturnStmtSyntax?
    /// The SwiftUI container (`VStack`, `List`, …) whose content closure holds the statement,
    /// directly or in a branch of an `if`, `switch` or `#if`; nil in a `body`, a `@ViewBuilder`
    /// declaration, a modifier's closure, or anywhere that is not a builder.
    public var container: String?

    /// The context of `expression`, the whole expression of a statement (or of a `return`).
    public init(of expression: some ExprSyntaxProtocol) {
        returnStatement = Syntax(expression).parent?.as(ReturnStmtSyntax.self)
        let statement = returnStatement.map(Syntax.init) ?? Syntax(expression)
        guard let item = statement.parent?.as(CodeBlockItemSyntax.self),
              let list = item.parent?.as(CodeBlockItemListSyntax.self) else {
            kind = .other
            return
        }
        switch Self.owner(of: list) {
        case .builder(let container):
            kind = returnStatement == nil || list.count == 1 ? .builder : .other
            self.container = container
        case .plain(let declaration):
            kind = list.count == 1 ? .needsAttribute(declaration: declaration) : .other
        case .other:
            kind = .other
        }
    }

    // MARK: Owners of statement lists

    private enum Owner {
        /// A view builder; `container` names the SwiftUI container whose closure it is.
        case builder(container: String?)
        case plain(DeclSyntax)
        case other
    }

    /// What builds the statements of `list`.
    private static func owner(of list: CodeBlockItemListSyntax) -> Owner {
        guard let parent = list.parent else { return .other }
        if let closure = parent.as(ClosureExprSyntax.self) {
            return owner(ofClosure: closure)
        }
        if let accessors = parent.as(AccessorBlockSyntax.self) {
            return owner(ofAccessors: accessors, getter: nil)
        }
        if let block = parent.as(CodeBlockSyntax.self), let container = block.parent {
            if let conditional = container.as(IfExprSyntax.self) {
                var top = conditional
                while let outer = top.parent?.as(IfExprSyntax.self) { top = outer }
                return owner(ofStatement: Syntax(top))
            }
            if let accessor = container.as(AccessorDeclSyntax.self),
               accessor.accessorSpecifier.tokenKind == .keyword(.get),
               let accessors = accessor.parent?.parent?.as(AccessorBlockSyntax.self) {
                return owner(ofAccessors: accessors, getter: accessor)
            }
            if let function = container.as(FunctionDeclSyntax.self) {
                if hasViewBuilderAttribute(function.attributes) { return .builder(container: nil) }
                if let returned = function.signature.returnClause?.type, isSomeView(returned) {
                    return .plain(DeclSyntax(function))
                }
            }
            return .other
        }
        if let switchCase = parent.as(SwitchCaseSyntax.self),
           let selection = switchCase.parent?.parent?.as(SwitchExprSyntax.self) {
            return owner(ofStatement: Syntax(selection))
        }
        if let clause = parent.as(IfConfigClauseSyntax.self),
           let conditional = clause.parent?.parent?.as(IfConfigDeclSyntax.self) {
            return owner(ofStatement: Syntax(conditional))
        }
        return .other
    }

    /// The owner of a computed property's getter.
    private static func owner(ofAccessors accessors: AccessorBlockSyntax, getter: AccessorDeclSyntax?) -> Owner {
        guard let binding = accessors.parent?.as(PatternBindingSyntax.self),
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self) else { return .other }
        if hasViewBuilderAttribute(variable.attributes) { return .builder(container: nil) }
        if let getter, hasViewBuilderAttribute(getter.attributes) { return .builder(container: nil) }
        guard let type = binding.typeAnnotation?.type, isSomeView(type) else { return .other }
        if binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body" { return .builder(container: nil) }
        return getter == nil ? .plain(DeclSyntax(variable)) : .other
    }

    /// The builder that `node` (an `if`, `switch` or `#if`) is a statement of, else `.other`.
    private static func owner(ofStatement node: Syntax) -> Owner {
        var statement = node
        if let wrapper = statement.parent?.as(ExpressionStmtSyntax.self) { statement = Syntax(wrapper) }
        guard let item = statement.parent?.as(CodeBlockItemSyntax.self),
              let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return .other }
        let owner = owner(of: list)
        if case .builder = owner { return owner }
        return .other
    }

    // MARK: Builder closures

    /// SwiftUI views whose closures (trailing, or labelled as below) build views.
    static let containers: Set<String> = [
        "VStack", "HStack", "ZStack", "List", "Form", "Section", "ForEach", "Group", "ScrollView",
        "NavigationStack", "NavigationView", "NavigationSplitView", "LazyVStack", "LazyHStack", "LazyVGrid",
        "LazyHGrid", "TabView", "ViewThatFits", "GeometryReader", "ScrollViewReader", "GroupBox",
        "DisclosureGroup", "Grid", "GridRow", "NavigationLink", "Menu", "Toggle",
    ]

    /// Views whose only view-building closure is their `label` (their other closure is an action).
    static let labelledControls: Set<String> = ["Button"]

    /// Modifiers whose content closure builds views.
    static let viewBuildingModifiers: Set<String> = [
        "overlay", "background", "toolbar", "safeAreaInset", "sheet", "popover", "fullScreenCover",
        "contextMenu", "mask", "navigationDestination", "inspector",
    ]

    /// Argument labels under which a container or modifier takes a view-building closure.
    static let builderLabels: Set<String> = ["content", "header", "footer", "label", "sidebar", "detail"]

    /// A builder when `closure` is the content closure of a known SwiftUI container (such as
    /// `VStack` or `List`, named) or view-building modifier (such as `overlay`); else `.other`.
    private static func owner(ofClosure closure: ClosureExprSyntax) -> Owner {
        guard let owner = ClosureOwner(of: closure), owner.isTrailing || owner.label != nil else { return .other }
        let (call, label) = (owner.call, owner.label)
        if let label, !builderLabels.contains(label) { return .other }
        guard let name = call.calledName else { return .other }
        // `.name` is a modifier, unless it is `SwiftUI.VStack`.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text != "SwiftUI" {
            return viewBuildingModifiers.contains(name) ? .builder(container: nil) : .other
        }
        if labelledControls.contains(name) {
            // `Button(action: save) { Text("Save") }` or `label: { … }`; never `Button { save() }`.
            let isLabel = label == "label" || (label == nil && call.arguments.contains { $0.label?.text == "action" })
            return isLabel ? .builder(container: name) : .other
        }
        return containers.contains(name) ? .builder(container: name) : .other
    }

    // MARK: Declarations

    /// True when `attributes` include `@ViewBuilder` (or `@SwiftUI.ViewBuilder`).
    static func hasViewBuilderAttribute(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return false }
            let name = attribute.attributeName.trimmedDescription
            return name == "ViewBuilder" || name == "SwiftUI.ViewBuilder"
        }
    }

    /// True for `some View` (or `some SwiftUI.View`).
    static func isSomeView(_ type: TypeSyntax) -> Bool {
        guard let opaque = type.as(SomeOrAnyTypeSyntax.self), opaque.someOrAnySpecifier.tokenKind == .keyword(.some) else {
            return false
        }
        let name = opaque.constraint.trimmedDescription
        return name == "View" || name == "SwiftUI.View"
    }
}
