import SwiftSyntax

/// A stored property of a view that can key `.task(id:)`: the view's identity.
///
/// `let brewID: String` gives `brewID`; a stored `let item: Item` read as `item.id` gives
/// `item.id`. Only properties without a property wrapper qualify (they are what the view
/// was created with), and only when their declared type is known to be `Equatable`
/// (`.task(id:)` requires it): the standard value types, their optionals, types named
/// `…ID`/`…Id`, and the module's own types declared `Equatable`/`Hashable` (or enums without
/// associated values). A service or view model passed in (`let loader: Loader`) is not an identity.
public struct IdentityCandidate: Hashable, Sendable {
    /// The expression passed as `id:`: `brewID` or `item.id`.
    public var expression: String
    /// The stored property it reads: `brewID` or `item`.
    public var property: String

    public init(expression: String, property: String) {
        self.expression = expression
        self.property = property
    }
}

/// What the identity inference decided for one action.
enum IdentityChoice {
    /// Exactly one candidate, or the one the configuration names.
    case chosen(IdentityCandidate)
    /// The action reads no candidate.
    case none
    /// Several candidates and no configuration choosing one.
    case ambiguous([IdentityCandidate])
    /// The configuration names a property that is not a candidate.
    case configuredNotFound(String)
}

/// Infers the identity a view's action should key `.task(id:)` on.
enum IdentityInference {
    /// Type names whose values are `Equatable`.
    static let equatableTypeNames: Set<String> = [
        "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32", "Int64",
        "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "CGFloat", "Decimal",
        "UUID", "URL", "Date",
    ]

    /// True when `type` is known to be `Equatable`.
    static func isKnownEquatable(_ type: TypeSyntax) -> Bool {
        if let optional = type.as(OptionalTypeSyntax.self) { return isKnownEquatable(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isKnownEquatable(unwrapped.wrappedType) }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let name = identifier.name.text
            if name == "Optional", let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 1,
               case .type(let wrapped) = arguments.first!.argument {
                return isKnownEquatable(wrapped)
            }
            guard identifier.genericArgumentClause == nil else { return false }
            return isEquatableName(name)
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            // `Swift.String`, `Foundation.UUID`, `Item.ID`.
            return isEquatableName(member.name.text)
        }
        return false
    }

    private static func isEquatableName(_ name: String) -> Bool {
        equatableTypeNames.contains(name) || name.hasSuffix("ID") || name.hasSuffix("Id")
    }

    /// The candidates among `view`'s stored properties that `nodes` read, in the order first read.
    static func candidates(readBy nodes: [Syntax], in view: ViewDeclaration) -> [IdentityCandidate] {
        let stored = Dictionary(view.storedProperties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let reads = ReadCollector(viewMode: .sourceAccurate)
        for node in nodes { reads.walk(node) }
        var result: [IdentityCandidate] = []
        for read in reads.reads {
            // A property under `#if` does not exist on every platform the modifier builds for.
            guard let property = stored[read.property], !property.hasPropertyWrapper, property.conditions.isEmpty, let type = property.type,
                  !(property.isLet && property.initializer != nil) else { continue }
            let candidate: IdentityCandidate
            if read.readsID {
                guard !isKnownEquatable(type), !type.is(FunctionTypeSyntax.self), !type.is(OptionalTypeSyntax.self) else { continue }
                candidate = IdentityCandidate(expression: "\(read.property).id", property: read.property)
            } else {
                guard isKnownEquatable(type) || view.declaresEquatable(type) else { continue }
                candidate = IdentityCandidate(expression: read.property, property: read.property)
            }
            if !result.contains(candidate) { result.append(candidate) }
        }
        // `item.id` read too: the id is the identity, not the whole value.
        return result.filter { candidate in
            candidate.expression != candidate.property || !result.contains { $0.expression == candidate.property + ".id" }
        }
    }

    /// The identity for the action `nodes` of `view`, honouring `configuration.identity[view.name]`.
    static func choose(readBy nodes: [Syntax], in view: ViewDeclaration, configuration: Configuration) -> IdentityChoice {
        let found = candidates(readBy: nodes, in: view)
        if let configured = configuration.identity[view.name] {
            let name = configured.hasPrefix("self.") ? String(configured.dropFirst(5)) : configured
            if let match = found.first(where: { $0.expression == name }) ?? found.first(where: { $0.property == name }) {
                return .chosen(match)
            }
            return .configuredNotFound(configured)
        }
        switch found.count {
        case 0: return .none
        case 1: return .chosen(found[0])
        default: return .ambiguous(found)
        }
    }
}

/// The stored-property reads of some code: `name`, `self.name`, and `name.id` / `self.name.id`.
private final class ReadCollector: SyntaxVisitor {
    struct Read {
        var property: String
        var readsID: Bool
    }

    var reads: [Read] = []

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.text == "id", node.declName.argumentNames == nil,
           let base = node.base, let name = base.referencedPropertyName {
            reads.append(Read(property: name, readsID: true))
            return .skipChildren
        }
        if let name = node.referencedPropertyName {
            reads.append(Read(property: name, readsID: false))
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .skipChildren }
        if let name = node.referencedPropertyName { reads.append(Read(property: name, readsID: false)) }
        return .skipChildren
    }
}
