import SwiftSyntax

/// A method the work calls on an object the view holds (`viewModel.load()`), found where it is
/// declared: the object's declared type (`@StateObject var viewModel: FeedModel`) and that type's
/// instance method of that name, in its declaration or an extension — in the file, else in the
/// module's other files (`ViewDeclaration.module`).
///
/// ```swift
/// switch viewModel.state {                       // the host's condition reads viewModel.state
/// case .idle:
///     Color.clear.onAppear { Task { await viewModel.load() } }
/// …
/// final class FeedModel: ObservableObject {
///     func load() async { state = .loading; … = await api.feed() }   // sets state, then awaits
/// }
/// ```
/// `CancellationHazard` reads it to tell whether starting the work changes the property the
/// host's condition reads before the work awaits, and whether an awaited call only loads what
/// the view shows. An object of the standard library's (`items: [Item]`) has no declaration to
/// read, and needs none: its methods are known (`StandardLibraryMethod`).
struct ModelMethod {
    /// Where the method was looked for, when it was not found.
    enum Unseen: Hashable, Sendable {
        /// Only the file was read (no module was given, or the object's type is not written).
        case notInFile
        /// The module's files were read too: the type, or the method (inherited, from a protocol
        /// extension), is declared outside them — a framework or a package the tool does not read.
        case notInModule
        /// The object is held as a protocol (`any StatusesFetcher`): which type's method runs
        /// depends on the value the view is given.
        case protocolRequirement(String)
    }

    /// The method, when its declaration was found.
    var declaration: FunctionDeclSyntax?
    /// The stored properties of the method's type (from every declaration and extension found).
    var typeProperties: Set<String> = []
    /// Where the method was looked for in vain; nil when found, or for the standard library.
    var unseen: Unseen? = .notInFile
    /// The method of a standard-library value the object is (`items.append(…)` on `[Item]`).
    var standardLibrary: StandardLibraryMethod?
    /// The member blocks of the method's type, for the type's other methods it calls.
    private var typeBlocks: [MemberBlockItemListSyntax] = []

    /// The method `name` of the type of `view`'s stored property `object` (its annotation, or the
    /// type its initializer makes).
    init(_ name: String, of object: String, in view: ViewDeclaration) {
        guard let property = view.storedProperty(named: object) else { return }
        if StandardLibraryMethod.isStandardLibraryValue(property) {
            // A name the standard library does not have is an extension's, declared out of sight.
            standardLibrary = StandardLibraryMethod(name)
            unseen = standardLibrary == nil ? (view.module == nil ? .notInFile : .notInModule) : nil
            return
        }
        if let written = property.type, let existential = Self.existential(written) {
            unseen = .protocolRequirement(existential)
            return
        }
        guard let type = property.type.map(Self.typeName) ?? Self.initializedType(property.initializer)
                ?? Self.sharedInstanceType(property.initializer, in: view),
              let blocks = view.memberBlocksInModule(ofType: type) else { return }
        declaration = Self.method(name, in: blocks)
        typeProperties = Self.storedPropertyNames(in: blocks)
        typeBlocks = blocks
        unseen = declaration == nil ? (view.module == nil ? .notInFile : .notInModule) : nil
    }

    /// True when the method assigns `path` (relative to the object: `state`) before it awaits;
    /// nil when the method was not found, so nobody can tell.
    func setsBeforeAwaiting(_ path: [String]) -> Bool? {
        guard let body = declaration?.body else { return nil }
        return WorkTrace(of: [Syntax(body)], in: nil).assignmentSiteBeforeSuspending(path) != nil
    }

    /// The properties of the object the method loads: those it assigns after it first awaits, when
    /// it awaits something and keeps every value it awaits (a fetch, not a save); nil otherwise or
    /// when the method was not found.
    /// The type's own methods it awaits (`await updateEvents()`, `await self.updateEvents()`) are
    /// read as part of it (at most `WorkTrace.depth` bodies in all, as the view's own functions are
    /// followed): an awaited call of one that loads is no dropped result.
    var loadedProperties: Set<String>? {
        guard let body = declaration?.body else { return nil }
        var loaded: Set<String> = []
        var bodies = [body]
        var followed: Set<String> = []
        var index = 0
        while index < bodies.count {
            let current = bodies[index]
            index += 1
            let own = index <= WorkTrace.depth ? Self.awaitedOwnMethods(in: current, of: typeBlocks) : []
            for method in own where followed.insert(method.name.text).inserted {
                if let next = method.body { bodies.append(next) }
            }
            let events = WorkTrace(of: [Syntax(current)], in: nil).events
            guard let first = events.firstIndex(of: .suspension),
                  AwaitedOperation.keepsEveryAwaitedValue(Syntax(current), except: Set(own.map(\.name.text))) else { return nil }
            for case .assignment(let path) in events[first...] where typeProperties.contains(path[0]) && !CancellationHazard.isInFlightName(path[0]) {
                loaded.insert(path[0])
            }
        }
        return loaded.isEmpty ? nil : loaded
    }

    /// The instance methods of the type (`memberBlocks`) that `body` awaits by name (`await load()`,
    /// `await self.load()`).
    private static func awaitedOwnMethods(in body: CodeBlockSyntax, of memberBlocks: [MemberBlockItemListSyntax]) -> [FunctionDeclSyntax] {
        body.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.tokenKind == .keyword(.await),
                  let call = token.parent?.as(AwaitExprSyntax.self)?.awaitedExpression.as(FunctionCallExprSyntax.self),
                  let name = call.ownMethodName else { return nil }
            return method(name, in: memberBlocks)
        }
    }

    /// `StatusesFetcher` of `any StatusesFetcher` (or `some`, optional or not); nil for a concrete type.
    private static func existential(_ type: TypeSyntax) -> String? {
        var type = type
        while let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1 { type = tuple.elements.first!.type }
        return type.as(SomeOrAnyTypeSyntax.self)?.constraint.trimmedDescription
    }

    /// `FeedModel` of `FeedModel`, `FeedModel?`, `App.FeedModel`.
    private static func typeName(_ type: TypeSyntax) -> String {
        var type = type
        while let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { type = unwrapped.wrappedType }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return type.as(IdentifierTypeSyntax.self)?.name.text ?? type.trimmedDescription
    }

    /// `FeedModel` of `= FeedModel()` or `= FeedModel(api: …)`: the type an unannotated property is made of.
    private static func initializedType(_ initializer: ExprSyntax?) -> String? {
        initializer?.as(FunctionCallExprSyntax.self)?.calledName
    }

    /// `CalendarManager` of `= CalendarManager.shared`, when the type declares `static let shared`
    /// as an instance of itself (`= CalendarManager()` or `: CalendarManager`).
    private static func sharedInstanceType(_ initializer: ExprSyntax?, in view: ViewDeclaration) -> String? {
        guard let member = initializer?.as(MemberAccessExprSyntax.self),
              let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, type.first?.isUppercase ?? false,
              let blocks = view.memberBlocksInModule(ofType: type) else { return nil }
        let name = member.declName.baseName.text
        for item in blocks.joined() {
            guard let variable = item.decl.as(VariableDeclSyntax.self),
                  variable.modifiers.contains(where: { $0.name.text == "static" }) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                let declared = binding.typeAnnotation.map { typeName($0.type) } ?? initializedType(binding.initializer?.value)
                if declared == type { return type }
            }
        }
        return nil
    }

    /// The instance method `name` among `memberBlocks` (those of one type's declarations and extensions).
    private static func method(_ name: String, in memberBlocks: [MemberBlockItemListSyntax]) -> FunctionDeclSyntax? {
        memberBlocks.joined().lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first { function in
            function.name.text == name && !function.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        }
    }

    /// The names of the instance variables declared among `memberBlocks`.
    private static func storedPropertyNames(in memberBlocks: [MemberBlockItemListSyntax]) -> Set<String> {
        Set(memberBlocks.joined().compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .filter { variable in !variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" } }
            .flatMap { $0.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } })
    }
}
