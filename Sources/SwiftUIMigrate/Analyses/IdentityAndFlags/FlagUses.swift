import SwiftSyntax

/// Where a run-once flag is set and used besides its check: the sets `guard-flag-load`'s rewrite
/// removes with the check, and every other use of the flag, which rules the rewrite out.
extension RunOnceFlag {
    /// A statement that sets the flag, and the statement holding it when it is nested in `withAnimation { }`.
    struct SetSite {
        var statement: CodeBlockItemSyntax
        /// The `withAnimation { }` statement it stands in, and whether it is that call's only statement.
        var container: (statement: CodeBlockItemSyntax, isOnly: Bool)?
    }

    /// The removable sets among the pieces' statements, one level into a `Task { }` and `withAnimation { }`.
    func setSites(in pieces: [BodyPiece]) -> [SetSite] {
        var sites: [SetSite] = []
        func scan(_ statements: [CodeBlockItemSyntax], descend: Bool) {
            for statement in statements {
                if isRemovableSet(statement) {
                    sites.append(SetSite(statement: statement))
                } else if let (set, isOnly) = setInsideAnimation(statement) {
                    sites.append(SetSite(statement: set, container: (statement, isOnly)))
                } else if descend, let task = InnerTask(statement) {
                    scan(Array(task.closure.statements), descend: false)
                }
            }
        }
        scan(pieces.compactMap(\.statement), descend: true)
        return sites
    }

    /// `pieces` without the set statements: whole statements dropped, sets inside a
    /// `withAnimation { }` with other work cut out as holes.
    static func removing(_ sites: [SetSite], from pieces: [BodyPiece], context: RuleContext) -> [BodyPiece] {
        pieces.compactMap { piece in
            guard case .statement(let item, var holes) = piece else { return piece }
            for site in sites {
                if let container = site.container, container.statement.id == item.id {
                    if container.isOnly { return nil }
                    holes.append(context.removalRange(of: site.statement))
                } else if site.container == nil, site.statement.id == item.id {
                    return nil
                }
            }
            return .statement(item, holes: holes)
        }
    }

    /// The uses of the flag in `view` (its other files too) other than its check and the `sets` the rewrite removes.
    func otherUses(besides sets: [SetSite], in view: ViewDeclaration) -> [ExprSyntax] {
        let removed = sets.map { $0.statement.position.utf8Offset..<$0.statement.endPosition.utf8Offset }
        let condition = conditionRange
        return view.uses(of: name).filter { use in
            // The check and the sets stand in the tree that holds the check; a use in another file is another use.
            guard use.root.id == check.root.id else { return true }
            let offset = use.positionAfterSkippingLeadingTrivia.utf8Offset
            return !condition.contains(offset) && !removed.contains { $0.contains(offset) }
        }
    }

    /// True when `use` stands in a statement that writes the flag.
    func isWritten(at use: ExprSyntax) -> Bool {
        use.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }).map(isWrite) ?? false
    }

    /// The bytes of the check's condition: uses of the flag there are the check itself.
    private var conditionRange: Range<Int> {
        let conditions = check.item.as(GuardStmtSyntax.self)?.conditions ?? RunOnceFlag.ifExpression(check)?.conditions
        return conditions.map { $0.position.utf8Offset..<$0.endPosition.utf8Offset } ?? 0..<0
    }
}

extension RunOnceFlag {
    /// A use of the flag besides its check and the set the rewrite removes, with where it stands
    /// (a line of this file, or of another file of the module).
    enum OtherUse: Hashable {
        case alsoSet(flag: String, at: SourcePlace)
        case setBack(flag: String, at: SourcePlace)
        case alsoRead(flag: String, at: SourcePlace)
        /// `$flag`, passed on as a binding.
        case binding(flag: String, at: SourcePlace)
        /// `_flag`, the State's storage.
        case storage(flag: String, at: SourcePlace)
    }

    /// How a use of the flag outside the check and the set rules the rewrite out.
    func otherUse(_ use: ExprSyntax, context: RuleContext) -> OtherUse {
        let place = context.place(of: use)
        // `$flag` and `_flag` (the State's storage, which SDK 27 makes a macro's) are the flag too.
        switch use.trimmedDescription {
        case "$" + name: return .binding(flag: name, at: place)
        case "_" + name: return .storage(flag: name, at: place)
        default: break
        }
        if let statement = use.ancestorOrSelf(mapping: { $0.as(CodeBlockItemSyntax.self) }), isWrite(statement) {
            if isRemovableSet(statement) { return .alsoSet(flag: name, at: place) }
            return .setBack(flag: name, at: place)
        }
        if let sequence = use.parent?.parent?.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
           sequence.elements.first?.id == use.id, Array(sequence.elements)[1].is(AssignmentExprSyntax.self) {
            return .setBack(flag: name, at: place)
        }
        return .alsoRead(flag: name, at: place)
    }
}
