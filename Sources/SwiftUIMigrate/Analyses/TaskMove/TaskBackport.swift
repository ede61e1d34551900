import SwiftSyntax

/// An app's own back-port of `.task`: a modifier that takes async work and runs it from a
/// lifecycle modifier of the view it is on — a function of an `extension View`, or a
/// `ViewModifier` holding the work in a stored property — read from its declaration in the file
/// or another file of the module.
///
/// ```swift
/// extension View {
///     func loadOnAppear(_ work: @escaping @Sendable () async -> Void) -> some View {
///         modifier(LoadOnAppear(work: work))
///     }
/// }
/// struct LoadOnAppear: ViewModifier {
///     let work: @Sendable () async -> Void
///     @State private var running: Task<Void, Never>?
///     func body(content: Content) -> some View {
///         content.onAppear { running = Task { await work() } }.onDisappear { running?.cancel() }
///     }
/// }
/// ```
/// Both declarations are back-ports: the `onAppear` inside `LoadOnAppear` is the app's task, not
/// work to move into one, and below the floor of `.task` a view of the module can use
/// `.loadOnAppear { }` where `.task` cannot be.
struct TaskBackport: Hashable {
    /// How a view applies it.
    enum Form: Hashable {
        /// `.name(…)`: a function of an `extension View`.
        case viewExtension(String)
        /// `.modifier(Name(…))`: a `ViewModifier` type.
        case viewModifier(String)
    }

    var form: Form
    /// The file that declares it, when it is another file of the module; nil for the file itself.
    var file: String?

    /// The back-port whose declaration holds `node` (an `onAppear` in its body); nil when `node` stands
    /// in no back-port's declaration.
    static func enclosing(_ node: some SyntaxProtocol, in context: RuleContext) -> TaskBackport? {
        guard let function = node.parent?.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }),
              let form = backportForm(of: function, in: context, usableElsewhere: false) else { return nil }
        return TaskBackport(form: form, file: nil)
    }

    /// The first back-port, in the file and then in the rest of its module, that a view elsewhere can
    /// apply (not `private` or `fileprivate`); nil when there is none.
    static func declared(in context: RuleContext) -> TaskBackport? {
        if let form = forms(in: context.tree, context: context).first { return TaskBackport(form: form, file: nil) }
        guard let module = context.module else { return nil }
        for words in [["async", "extension View"], ["async", "ViewModifier"]] {
            for (path, tree) in module.files(containingAll: words) where path != context.file {
                if let form = forms(in: tree, context: context).first { return TaskBackport(form: form, file: path) }
            }
        }
        return nil
    }

    /// The back-ports at the top level of `tree` that another file can apply.
    private static func forms(in tree: SourceFileSyntax, context: RuleContext) -> [Form] {
        tree.statements.flatMap { item -> [Form] in
            let members: MemberBlockItemListSyntax
            if let extensionDecl = item.item.as(ExtensionDeclSyntax.self), extensionDecl.extendedType.trimmedDescription == "View",
               !isHidden(extensionDecl.modifiers) {
                members = extensionDecl.memberBlock.members
            } else if let structDecl = item.item.as(StructDeclSyntax.self), !isHidden(structDecl.modifiers) {
                members = structDecl.memberBlock.members
            } else {
                return []
            }
            return members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
                .filter { !isHidden($0.modifiers) }
                .compactMap { backportForm(of: $0, in: context, usableElsewhere: true) }
        }
    }

    /// What `function` is when it declares a back-port: a function of an `extension View` taking
    /// async work, or the `body(content:)` of a `ViewModifier` that stores it, whose body applies
    /// `task` or `onAppear` (also through the app's other modifiers).
    private static func backportForm(of function: FunctionDeclSyntax, in context: RuleContext, usableElsewhere: Bool) -> Form? {
        guard let body = function.body,
              let owner = function.parent?.as(MemberBlockItemSyntax.self)?.parent?.parent?.parent else { return nil }
        let form: Form
        if let extensionDecl = owner.as(ExtensionDeclSyntax.self), extensionDecl.extendedType.trimmedDescription == "View" {
            guard function.signature.parameterClause.parameters.contains(where: { isAsyncWork($0.type) }) else { return nil }
            form = .viewExtension(function.name.text)
        } else if let structDecl = owner.as(StructDeclSyntax.self), function.name.text == "body",
                  structDecl.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription.hasSuffix("ViewModifier") }) ?? false {
            guard !usableElsewhere || !isHidden(structDecl.modifiers),
                  CustomModifier.storesValue(in: structDecl.memberBlock.members, ofType: isAsyncWork) else { return nil }
            form = .viewModifier(structDecl.name.text)
        } else {
            return nil
        }
        // A body that also applies modifiers the tool does not follow: the names of every call it makes.
        let applied = CustomModifier(body: body, in: context).applied
            ?? body.tokens(viewMode: .sourceAccurate).filter { NamedCalls.call(namedBy: $0) != nil }.map(\.text)
        return applied.contains(where: { $0 == "task" || $0 == "onAppear" }) ? form : nil
    }

    /// True for a function type that is `async` (`@escaping @Sendable () async -> Void`).
    private static func isAsyncWork(_ type: TypeSyntax) -> Bool {
        CustomModifier.functionType(type)?.effectSpecifiers?.asyncSpecifier != nil
    }

    private static func isHidden(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
    }
}
