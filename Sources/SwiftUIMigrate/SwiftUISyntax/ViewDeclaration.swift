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
    /// The `#if` conditions it is declared under (`os(iOS)`; `!(os(iOS))` for an `#else`), outermost
    /// first; empty when it exists on every platform.
    var conditions: [String] = []

    /// True when an attribute wraps it (`@State`, `@Binding`, `@Environment` …).
    var hasPropertyWrapper: Bool { !attributes.isEmpty }
}

/// The struct a modifier stands in, together with the extensions of it in the same file, and —
/// when a lookup does not find what it asks for there — those in the module's other files
/// (`V+Actions.swift`).
///
/// Rules that reason about a view's state (a run-once flag, the view's identity)
/// need its stored properties and every place a name is used in the type.
struct ViewDeclaration {
    /// The struct's name.
    var name: String
    /// The struct declaration (the one with the stored properties).
    var structDeclaration: StructDeclSyntax
    /// The struct and every extension of it in the file (the struct may be another file's, when
    /// the modifier stands in an extension).
    var parts: [DeclSyntaxProtocol]
    /// The members of the struct and of its extensions in the file, in source order.
    var members: [MemberBlockItemSyntax]
    /// The file's types, shared by the views of one pass.
    private let types: FileTypes
    /// The declarations of the file's module, other files included; nil when only the file is seen.
    let module: ModuleIndex?
    /// The extensions of the view in the module's other files, read on first use.
    private let elsewhere: OtherFileParts
    /// The tree of the file being migrated.
    private let fileTree: SyntaxIdentifier
    /// The file being migrated, as the run names it.
    private let file: String

    /// The view that `node` stands in: the nearest enclosing struct, or the struct an
    /// enclosing extension extends. Nil in classes, enums, actors and free functions.
    init?(enclosing node: some SyntaxProtocol, in context: RuleContext) {
        let types = context.memoized(FileTypes.self) { FileTypes(context.tree) }
        guard let owner = node.parent?.ancestorOrSelf(mapping: { Self.isTypeDeclaration($0) ? $0 : nil }) else { return nil }
        let structDecl: StructDeclSyntax
        if let declared = owner.as(StructDeclSyntax.self) {
            structDecl = declared
        } else if let extensionDecl = owner.as(ExtensionDeclSyntax.self) {
            let extended = Self.lastComponent(of: extensionDecl.extendedType)
            if let matches = types.structs[extended] {
                guard matches.count == 1 else { return nil }
                structDecl = matches[0]
            } else {
                // `extension Panel` in `Panel+Actions.swift`: the struct is in another file of the module.
                let structs = context.module?.declarations(ofType: extended, outside: context.file, holdingAnyOf: ["struct " + extended])
                    .compactMap { $0.members.parent?.parent?.as(StructDeclSyntax.self) }
                guard let structs, structs.count == 1 else { return nil }
                structDecl = structs[0]
            }
        } else {
            return nil
        }
        self.types = types
        self.module = context.module
        self.fileTree = context.tree.id
        self.file = context.file
        self.name = structDecl.name.text
        self.structDeclaration = structDecl
        let parts: [DeclSyntaxProtocol] = [structDecl] + (types.extensions[structDecl.name.text] ?? [])
        self.parts = parts
        self.members = Self.members(of: parts)
        self.elsewhere = OtherFileParts(module: context.module, type: structDecl.name.text, file: context.file, known: parts.map(\.id))
    }

    /// A struct, extension, class, enum, actor or protocol: the nearest one decides what a node's view is. (A switch
    /// over the kind: a cast to `DeclGroupSyntax` for each ancestor would look up a protocol conformance each time.)
    private static func isTypeDeclaration(_ node: Syntax) -> Bool {
        switch node.kind {
        case .structDecl, .extensionDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl: true
        default: false
        }
    }

    private static func members(of parts: [DeclSyntaxProtocol]) -> [MemberBlockItemSyntax] {
        // The parts are structs and extensions; two kind tests cost less than a cast to `DeclGroupSyntax`.
        parts.flatMap { part -> [MemberBlockItemSyntax] in
            let block = part.as(StructDeclSyntax.self)?.memberBlock ?? part.as(ExtensionDeclSyntax.self)?.memberBlock
            return block.map { Array($0.members) } ?? []
        }
    }

    /// The view's declarations in the module's other files: its extensions there (and its struct,
    /// when this file only extends it), found on the first lookup that needs them.
    private struct OtherFileParts {
        let module: ModuleIndex?
        let type: String
        let file: String
        let known: [SyntaxIdentifier]

        /// The view's extensions in the files whose bytes hold `word` (a name looked up in them): only those
        /// files are parsed for it, as a part in any other cannot mention the name; empty without a module.
        func parts(mentioning word: String) -> [DeclSyntaxProtocol] {
            guard let module else { return [] }
            return module.extensions(ofType: type, outside: file, holdingAnyOf: [word]).compactMap { declaration -> DeclSyntaxProtocol? in
                guard let owner = declaration.members.parent?.parent,
                      !known.contains(owner.id) else { return nil }
                return owner.as(ExtensionDeclSyntax.self)
            }
        }

        /// The instance method `name` of the view's extensions in other files: only the files that
        /// hold `func name` are parsed for it.
        func function(named name: String) -> FunctionDeclSyntax? {
            guard let module else { return nil }
            for declaration in module.extensions(ofType: type, outside: file, holdingAnyOf: ["func " + name]) {
                guard let owner = declaration.members.parent?.parent, owner.is(ExtensionDeclSyntax.self) else { continue }
                if let function = ViewDeclaration.instanceMethod(name, in: Array(declaration.members)) { return function }
            }
            return nil
        }
    }

    /// Where `node` stands when that is another file of the module (a function of the view's
    /// extension there); nil in this file.
    func placeElsewhere(of node: some SyntaxProtocol) -> SourcePlace? {
        guard node.root.id != fileTree, let (path, line) = module?.place(of: node) else { return nil }
        return SourcePlace(inModuleFile: path, line: line)
    }

    /// A file's structs and top-level extensions by name, looked up for every view of a pass:
    /// looking through the file per site would cost the file's size times its sites.
    private final class FileTypes {
        private let tree: SourceFileSyntax

        init(_ tree: SourceFileSyntax) {
            self.tree = tree
        }

        /// Every struct declaration in the file, at any depth (outside code blocks), by name, in source order.
        lazy var structs: [String: [StructDeclSyntax]] = typeDeclarations.compactMapValues { owners in
            let structs = owners.compactMap { $0.as(StructDeclSyntax.self) }
            return structs.isEmpty ? nil : structs
        }

        /// The top-level extensions by the last component of the type they extend, in source order.
        lazy var extensions: [String: [ExtensionDeclSyntax]] = Dictionary(
            grouping: tree.statements.compactMap { $0.item.as(ExtensionDeclSyntax.self) }
        ) { ViewDeclaration.lastComponent(of: $0.extendedType) }

        private var storedPropertiesByStruct: [SyntaxIdentifier: [StoredProperty]] = [:]

        /// The stored properties of `structDeclaration`, a struct of this file, worked out on the first request.
        func storedProperties(of structDeclaration: StructDeclSyntax) -> [StoredProperty] {
            if let known = storedPropertiesByStruct[structDeclaration.id] { return known }
            let properties = ViewDeclaration.storedProperties(in: structDeclaration.memberBlock.members, conditions: [])
            storedPropertiesByStruct[structDeclaration.id] = properties
            return properties
        }

        /// The classes, structs, actors, enums and extensions of the file by the type's name, in source order.
        lazy var typeDeclarations: [String: [Syntax]] = Dictionary(grouping: MemberBlockCollector.memberBlocks(in: tree)) { $0.type }
            .mapValues { $0.compactMap { $0.members.parent?.parent } }

        /// The member blocks of every class, struct and actor declaration and every extension
        /// in the file (outside code blocks), by the type's name, in source order.
        lazy var memberBlocks: [String: [MemberBlockItemListSyntax]] = typeDeclarations.mapValues { owners in
            owners.filter { !$0.is(EnumDeclSyntax.self) }.compactMap { $0.asProtocol(DeclGroupSyntax.self)?.memberBlock.members }
        }
    }

    /// The member blocks of the classes, structs and actors called `type` declared in the view's
    /// file and of the extensions of `type` there (`extension Feed.Model` extends `Model`), in source
    /// order, else — when the file declares no such type — those the module's other files declare
    /// (nil when the module was not given).
    func memberBlocksInModule(ofType type: String) -> [MemberBlockItemListSyntax]? {
        let inFile = types.memberBlocks[type] ?? []
        if !inFile.isEmpty { return inFile }
        return module?.memberBlocks(ofType: type)
    }

    /// True when `type` (or the type it wraps in an optional) is a type of the file — else of the
    /// module — declared `Equatable` or `Hashable` where it is declared or in an extension, or an
    /// enum none of whose cases has associated values (Swift makes those `Hashable`).
    func declaresEquatable(_ type: TypeSyntax) -> Bool {
        if let optional = type.as(OptionalTypeSyntax.self) { return declaresEquatable(optional.wrappedType) }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else { return false }
        let name = identifier.name.text
        var owners = types.typeDeclarations[name] ?? []
        if owners.isEmpty, let module {
            // Only a file saying Equatable or Hashable, or declaring the enum, can make it one: the others are not parsed.
            owners = module.declarations(ofType: name, outside: file, holdingAnyOf: ["Equatable", "Hashable", "enum " + name])
                .compactMap { $0.members.parent?.parent }
        }
        return owners.contains { owner in
            let inheritance = owner.asProtocol(DeclGroupSyntax.self)?.inheritanceClause
            if inheritance?.tokens(viewMode: .sourceAccurate).contains(where: { ["Equatable", "Hashable"].contains($0.text) }) == true {
                return true
            }
            guard let enumDecl = owner.as(EnumDeclSyntax.self) else { return false }
            return enumDecl.memberBlock.members.allSatisfy { member in
                member.decl.as(EnumCaseDeclSyntax.self)?.elements.allSatisfy { $0.parameterClause == nil } ?? true
            }
        }
    }

    /// The last dotted component of `type` as written (`State` of `SwiftUI.State`, `Array<Int>` whole): a
    /// plain or member name is read from its token, as printing the type (three fifths of the stored properties'
    /// cost in one app) would give it.
    private static func lastComponent(of type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil { return member.name.text }
        let typeName = type.trimmedDescription
        return typeName.split(separator: ".").last.map(String.init) ?? typeName
    }

    /// The struct's stored instance properties, in declaration order (worked out once per struct and pass: the rules
    /// ask for them at every site).
    var storedProperties: [StoredProperty] {
        types.storedProperties(of: structDeclaration)
    }

    /// The stored instance properties among `members` (a struct's, in declaration order), those under `#if` with the
    /// clause's condition.
    fileprivate static func storedProperties(in members: MemberBlockItemListSyntax, conditions: [String]) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in members {
            if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                var earlier: [String] = []
                for clause in ifConfig.clauses {
                    guard case .decls(let nested) = clause.elements else { continue }
                    let condition = clause.condition?.trimmedDescription
                    let negated = earlier.map { "!(\($0))" }
                    let here = negated + (condition.map { [$0] } ?? [])
                    properties += storedProperties(in: nested, conditions: conditions + [here.joined(separator: " && ")])
                    if let condition { earlier.append(condition) }
                }
                continue
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) { continue }
            let attributes = variable.attributes.compactMap { element -> String? in
                guard let attribute = element.as(AttributeSyntax.self) else { return nil }
                return Self.lastComponent(of: attribute.attributeName)
            }
            for binding in variable.bindings {
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                if let accessors = binding.accessorBlock, Self.isComputed(accessors) { continue }
                properties.append(StoredProperty(
                    name: identifier.identifier.text, declaration: variable, binding: binding,
                    attributes: attributes, isLet: variable.bindingSpecifier.tokenKind == .keyword(.let), conditions: conditions))
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

    /// The instance method called `name` declared in the struct or its extensions, in this file or
    /// (when it has none) in the module's other files.
    func function(named name: String) -> FunctionDeclSyntax? {
        Self.instanceMethod(name, in: members) ?? elsewhere.function(named: name)
    }

    /// The instance method called `name` among `members`.
    fileprivate static func instanceMethod(_ name: String, in members: [MemberBlockItemSyntax]) -> FunctionDeclSyntax? {
        members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first { function in
            function.name.text == name && !function.modifiers.contains { $0.name.text == "static" }
        }
    }

    /// Every use of the property `name` in the view: `name`, `self.name`, `$name`, `_name`.
    ///
    /// Returns the expression that names it (`self.name` as a whole). The declaration
    /// itself is not a use; names that are members of something else (`other.name`) are not either.
    /// A computed helper has no projected value or storage: `includingWrappers: false` reads `name` alone.
    func uses(of name: String, includingWrappers: Bool = true) -> [ExprSyntax] {
        let finder = PropertyUseFinder(names: includingWrappers ? [name, "$" + name, "_" + name] : [name])
        for part in parts + elsewhere.parts(mentioning: name) { finder.walk(part) }
        return finder.uses
    }
}

/// Finds the references to some property names of `self` (a visitor, which reads only the references' names: a walk
/// over every token costs a parent node and a text per token).
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
