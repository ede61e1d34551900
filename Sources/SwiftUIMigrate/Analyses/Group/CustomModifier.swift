import SwiftSyntax

/// What an app's own view modifier does, read from its declaration in the file or elsewhere in
/// the module: a function of an `extension View` (`.cardStyle()`), or the `body(content:)` of a
/// `ViewModifier` it applies with `.modifier(CardStyle())` — followed one such step.
///
/// ```swift
/// extension View {
///     func loadOnce(_ work: @escaping () async -> Void) -> some View {
///         if #available(iOS 15, *) { task(work) } else { onAppear { Task { await work() } } }
///     }
///     func recipeSheet(_ recipe: Binding<Recipe?>) -> some View { sheet(item: recipe) { RecipeView(recipe: $0) } }
/// }
/// ```
/// The SwiftUI modifiers its body applies say what it is: `loadOnce` is a back-port of `.task`
/// (a lifecycle modifier), `recipeSheet` presents. A modifier whose declaration is not found, or
/// whose body applies something the tool does not know, stays unknown.
struct CustomModifier {
    /// The SwiftUI modifiers the declaration applies, in source order; nil when no declaration was
    /// found or it applies one the tool does not know.
    private(set) var applied: [String]?

    /// True when the declaration takes an action from its caller (a closure parameter, or a
    /// `ViewModifier`'s stored closure): `.onFirstAppear { }` runs the caller's work, where a
    /// `.shimmering()` that starts its own animation in `onAppear` does not.
    private(set) var takesAction = false

    /// The modifier `name` as the file (the `View` extensions at its top level) or the module declares it.
    init(named name: String, in context: RuleContext) {
        applied = Self.applied(by: name, in: context, depth: 0)
        takesAction = Self.declarations(of: name, in: context).first.map(Self.takesAction) ?? false
    }

    /// The modifier whose declaration's body is `body` (a `View` extension function, a `body(content:)`).
    init(body: CodeBlockSyntax, in context: RuleContext) {
        applied = Self.applied(in: body, in: context, depth: 0)
    }

    /// The first SwiftUI modifier applied that presents or navigates (`sheet`, `toolbar`); nil when none does.
    var presentation: String? { applied?.first(where: GroupModifierKind.isPresentationOrNavigation) }

    /// The first lifecycle modifier applied (`onAppear`, `task`) when the modifier runs its caller's
    /// action: it is then a lifecycle modifier of the app's own, as that one is. Nil otherwise.
    var lifecycle: String? { takesAction ? applied?.first(where: GroupModifierKind.isLifecycle) : nil }

    /// The first modifier applied that acts on each member of a Group (`id`, `transition`; a list-row
    /// modifier only when `isRow`); nil when none does.
    func memberScoped(isRow: Bool) -> String? {
        applied?.first { GroupModifierKind.isMemberScoped($0) && (isRow || !GroupModifierKind.isListRow($0)) }
    }

    /// True when the declaration was read and applies only modifiers the tool knows.
    var isKnown: Bool { applied != nil }

    /// The modifiers among `names` (a chain's, in order) that SwiftUI does not declare, each with
    /// what its declaration applies.
    static func unknown(among names: [String], in context: RuleContext) -> [(name: String, modifier: CustomModifier)] {
        names.filter { !GroupModifierKind.isKnown($0) }.countsInOrder().map(\.element)
            .map { ($0, CustomModifier(named: $0, in: context)) }
    }

    /// How many `.modifier(X())` steps are followed.
    private static let depth = 2

    /// The `View` extension functions called `name` of the file, then those and the `ViewModifier`
    /// bodies of the module.
    private static func declarations(of name: String, in context: RuleContext) -> [FunctionDeclSyntax] {
        fileViewExtensionFunctions(named: name, in: context.tree) + (context.module?.viewModifiers(named: name) ?? [])
    }

    /// True when `function` has a parameter of a function type, or is the `body(content:)` of a type
    /// that stores a value of one.
    private static func takesAction(_ function: FunctionDeclSyntax) -> Bool {
        if function.signature.parameterClause.parameters.contains(where: { isFunctionType($0.type) }) { return true }
        guard function.name.text == "body", let members = function.parent?.parent?.as(MemberBlockItemListSyntax.self) else { return false }
        return storesValue(in: members, ofType: isFunctionType)
    }

    /// True when `members` hold a stored property whose written type `matches`.
    static func storesValue(in members: MemberBlockItemListSyntax, ofType matches: (TypeSyntax) -> Bool) -> Bool {
        members.contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains { $0.typeAnnotation.map { matches($0.type) } ?? false } ?? false
        }
    }

    /// True for `() -> Void`, `@escaping @Sendable () async -> Void`, `(() -> Void)?`.
    static func isFunctionType(_ type: TypeSyntax) -> Bool { functionType(type) != nil }

    /// The function type `type` is, under its attributes, optional and parentheses; nil for another type.
    static func functionType(_ type: TypeSyntax) -> FunctionTypeSyntax? {
        var type = type
        if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { type = only.type }
        return type.as(FunctionTypeSyntax.self)
    }

    private static func applied(by name: String, in context: RuleContext, depth: Int) -> [String]? {
        guard let body = declarations(of: name, in: context).first?.body else { return nil }
        return applied(in: body, in: context, depth: depth)
    }

    private static func applied(in body: CodeBlockSyntax, in context: RuleContext, depth: Int) -> [String]? {
        var applied: [String] = []
        for call in ModifierCallFinder.calls(in: body) {
            if call.name == "modifier" {
                guard depth < Self.depth, let type = call.argumentType,
                      let inner = Self.applied(by: type, in: context, depth: depth + 1) else { return nil }
                applied += inner
            } else if GroupModifierKind.isKnown(call.name) {
                applied.append(call.name)
            } else if depth < Self.depth, let inner = Self.applied(by: call.name, in: context, depth: depth + 1) {
                applied += inner
            } else {
                return nil
            }
        }
        return applied
    }

    /// The functions `name` of the `extension View` blocks at the top level of `tree`.
    private static func fileViewExtensionFunctions(named name: String, in tree: SourceFileSyntax) -> [FunctionDeclSyntax] {
        tree.statements.compactMap { $0.item.as(ExtensionDeclSyntax.self) }
            .filter { $0.extendedType.trimmedDescription == "View" }
            .flatMap { $0.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) } }
            .filter { $0.name.text == name }
    }
}

/// The modifier calls of a modifier's body: calls on `content`, `self` or nothing (`padding()`),
/// and on the result of another such call, with the type a `.modifier(X())` call makes — outside
/// closures, whose code is not applied to the view.
private final class ModifierCallFinder: SyntaxVisitor {
    var calls: [(name: String, argumentType: String?)] = []

    static func calls(in body: CodeBlockSyntax) -> [(name: String, argumentType: String?)] {
        let finder = ModifierCallFinder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.calls
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name: String
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            guard member.base.map(Self.isModifiedView) ?? false else { return .visitChildren }
            name = member.declName.baseName.text
        } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self),
                  reference.baseName.text.first?.isLowercase ?? false {
            name = reference.baseName.text
        } else {
            return .visitChildren
        }
        let argument = node.arguments.first?.expression.as(FunctionCallExprSyntax.self)?.calledExpression
        calls.append((name, argument?.as(DeclReferenceExprSyntax.self)?.baseName.text))
        return .visitChildren
    }

    // What a closure does (a sheet's content, a task's work) is not applied to the view.
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// `content`, `self`, or a modifier call on one of them.
    private static func isModifiedView(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return ["content", "self"].contains(reference.baseName.text)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else {
                return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isLowercase ?? false
            }
            return member.base.map(isModifiedView) ?? false
        }
        return false
    }
}
