import SwiftSyntax

/// A stored property of a view struct: `let brewID: String`, `@State private var hasLoaded = false`.
struct StoredProperty {
    /// The property's name.
    var name: String
    /// The declaration holding it (may declare other properties too).
    var declaration: VariableDeclSyntax
    /// Its binding in the declaration.
    var binding: PatternBindingSyntax
    /// The written type, if any.
    var type: TypeSyntax? { binding.typeAnnotation?.type }
    /// The initial value, if any.
    var initializer: ExprSyntax? { binding.initializer?.value }
    /// The names of its attributes (`State`, `Binding`, `ObservedObject` …), without `@`.
    var attributes: [String]
    /// True for `let`.
    var isLet: Bool

    /// True when an attribute wraps it (`@State`, `@Binding`, `@Environment` …).
    var hasPropertyWrapper: Bool { !attributes.isEmpty }
}

/// The struct a modifier stands in, together with the extensions of it in the same file.
///
/// Rules that reason about a view's state (a run-once flag, the view's identity)
/// need its stored properties and every place a name is used in the type.
struct ViewDeclaration {
    /// The struct's name.
    var name: String
    /// The struct declaration (the one with the stored properties).
    var structDeclaration: StructDeclSyntax
    /// The struct and every extension of it in the file.
    var parts: [DeclSyntaxProtocol]
    /// The members of the struct and of its extensions in the file, in source order.
    var members: [MemberBlockItemSyntax]

    /// The view that `node` stands in: the nearest enclosing struct, or the struct an
    /// enclosing extension extends. Nil in classes, enums, actors and free functions.
    init?(enclosing node: some SyntaxProtocol, in tree: SourceFileSyntax) {
        var current = node.parent
        var found: StructDeclSyntax?
        while let parent = current {
            if let structDecl = parent.as(StructDeclSyntax.self) {
                found = structDecl
                break
            }
            if let extensionDecl = parent.as(ExtensionDeclSyntax.self) {
                let extended = Self.lastComponent(of: extensionDecl.extendedType.trimmedDescription)
                let matches = StructCollector.structs(in: tree).filter { $0.name.text == extended }
                guard matches.count == 1 else { return nil }
                found = matches[0]
                break
            }
            if parent.is(ClassDeclSyntax.self) || parent.is(EnumDeclSyntax.self) || parent.is(ActorDeclSyntax.self)
                || parent.is(ProtocolDeclSyntax.self) {
                return nil
            }
            current = parent.parent
        }
        guard let structDecl = found else { return nil }
        self.name = structDecl.name.text
        self.structDeclaration = structDecl
        var parts: [DeclSyntaxProtocol] = [structDecl]
        for statement in tree.statements {
            guard let extensionDecl = statement.item.as(ExtensionDeclSyntax.self) else { continue }
            if Self.lastComponent(of: extensionDecl.extendedType.trimmedDescription) == structDecl.name.text {
                parts.append(extensionDecl)
            }
        }
        self.parts = parts
        self.members = parts.flatMap { part -> [MemberBlockItemSyntax] in
            let block = part.as(StructDeclSyntax.self)?.memberBlock ?? part.as(ExtensionDeclSyntax.self)?.memberBlock
            return block.map { Array($0.members) } ?? []
        }
    }

    private static func lastComponent(of typeName: String) -> String {
        typeName.split(separator: ".").last.map(String.init) ?? typeName
    }

    /// The struct's stored instance properties, in declaration order.
    var storedProperties: [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in structDeclaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) { continue }
            let attributes = variable.attributes.compactMap { element -> String? in
                guard let attribute = element.as(AttributeSyntax.self) else { return nil }
                let name = attribute.attributeName.trimmedDescription
                return name.split(separator: ".").last.map(String.init) ?? name
            }
            for binding in variable.bindings {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                if let accessors = binding.accessorBlock, Self.isComputed(accessors) { continue }
                properties.append(StoredProperty(
                    name: identifier.identifier.text, declaration: variable, binding: binding,
                    attributes: attributes, isLet: variable.bindingSpecifier.tokenKind == .keyword(.let)))
            }
        }
        return properties
    }

    /// The stored property called `name`, if any.
    func storedProperty(named name: String) -> StoredProperty? {
        storedProperties.first { $0.name == name }
    }

    private static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter:
            return true
        case .accessors(let list):
            return list.contains { ["get", "set", "_read", "_modify", "unsafeAddress"].contains($0.accessorSpecifier.text) }
        @unknown default:
            return true
        }
    }

    /// The instance method called `name` declared in the struct or its extensions.
    func function(named name: String) -> FunctionDeclSyntax? {
        for member in members {
            if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name,
               !function.modifiers.contains(where: { $0.name.text == "static" }) {
                return function
            }
        }
        return nil
    }

    /// Every use of the property `name` in the view: `name`, `self.name`, `$name`, `_name`.
    ///
    /// Returns the expression that names it (`self.name` as a whole). The declaration
    /// itself is not a use; names that are members of something else (`other.name`) are not either.
    func uses(of name: String) -> [ExprSyntax] {
        let finder = PropertyUseFinder(names: [name, "$" + name, "_" + name])
        for part in parts { finder.walk(part) }
        return finder.uses
    }
}

/// Every struct declaration in a file, at any depth.
private final class StructCollector: SyntaxVisitor {
    var found: [StructDeclSyntax] = []

    static func structs(in tree: SourceFileSyntax) -> [StructDeclSyntax] {
        let collector = StructCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append(node)
        return .visitChildren
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Finds the references to some property names of `self`.
private final class PropertyUseFinder: SyntaxVisitor {
    let names: Set<String>
    var uses: [ExprSyntax] = []

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard names.contains(node.baseName.text) else { return .skipChildren }
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            // `x.name`: only `self.name` is the property.
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
                uses.append(ExprSyntax(member))
            }
            return .skipChildren
        }
        uses.append(ExprSyntax(node))
        return .skipChildren
    }
}

extension SyntaxProtocol {
    /// The property name this expression refers to when it is `name` or `self.name`.
    var referencedPropertyName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
           case .identifier = reference.baseName.tokenKind {
            return reference.baseName.text
        }
        if let member = self.as(MemberAccessExprSyntax.self),
           let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self),
           member.declName.argumentNames == nil {
            return member.declName.baseName.text
        }
        return nil
    }
}
