import SwiftSyntax

/// A method the work calls on an object the view holds (`viewModel.load()`), found in the same
/// file when it can be: the object's declared type (`@StateObject var viewModel: FeedModel`) and
/// that type's instance method of that name, in its declaration or an extension.
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
/// host's condition reads before the work awaits.
struct ModelMethod {
    /// Standard-library methods of sequences, collections, strings and optionals that read their
    /// receiver and never change it (`items.map { … }`, `query.isEmpty`): calling one is no write,
    /// whatever the receiver's type.
    static let readOnlyStandardLibraryMethods: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "reduce", "forEach", "contains", "allSatisfy", "first", "last",
        "firstIndex", "lastIndex", "min", "max", "sorted", "reversed", "joined", "prefix", "suffix", "dropFirst",
        "dropLast", "enumerated", "split", "lowercased", "uppercased", "hasPrefix", "hasSuffix", "trimmingCharacters",
        "starts", "elementsEqual", "count", "index", "distance", "shuffled", "randomElement",
    ]

    /// The method, when its declaration was found in the file.
    var declaration: FunctionDeclSyntax?

    /// The method `name` of the type of `view`'s stored property `object` (its annotation, or the
    /// type its initializer makes).
    init(_ name: String, of object: String, in view: ViewDeclaration) {
        guard let property = view.storedProperty(named: object),
              let type = property.type.map(Self.typeName) ?? Self.initializedType(property.initializer) else { return }
        declaration = Self.method(name, in: view.memberBlocksInFile(ofType: type))
    }

    /// True when the method assigns `path` (relative to the object: `state`) before it awaits;
    /// nil when the method was not found, so nobody can tell.
    func setsBeforeAwaiting(_ path: [String]) -> Bool? {
        guard let body = declaration?.body else { return nil }
        return WorkTrace(of: [Syntax(body)], in: nil).assignmentBeforeSuspending(path) != nil
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
        guard let call = initializer?.as(FunctionCallExprSyntax.self) else { return nil }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The instance method `name` among `memberBlocks` (those of one type's declarations and extensions).
    private static func method(_ name: String, in memberBlocks: [MemberBlockItemListSyntax]) -> FunctionDeclSyntax? {
        for members in memberBlocks {
            for member in members {
                if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name,
                   !function.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) {
                    return function
                }
            }
        }
        return nil
    }
}
