import SwiftSyntax

/// The members of a `Group`'s content: which views it shows, and how many at once.
///
/// A Group's modifiers apply to each of its members, so what a lifecycle
/// modifier on a Group does depends on how many views the content shows at
/// the same time. The content is read as a view builder reads it: each
/// expression statement is a view; `if`/`else`, `switch` and `#if` choose
/// between branches; a nested `Group` contributes its own members (they
/// flatten into the outer Group); `ForEach` may show any number;
/// `EmptyView()` shows none. A declaration inside a branch (`let text = …`)
/// shows nothing and binds its name there.
///
/// A `switch` counts as covering every value: Swift rejects a `switch` that is
/// not exhaustive, so one that compiles always picks some case (also when some
/// cases stand in `#if`: each build's cases are exhaustive). It shows one
/// view on every path when each of its cases does. An `if` without `else`, or
/// a `#if` without `#else`, has an empty path — except a `#if` whose clauses
/// cover every platform that builds the file (`#if os(iOS) … #elseif os(macOS)
/// … #endif` in a file only iOS and macOS targets build).
public struct GroupMembers {
    /// The view expressions a distributed modifier chain is applied to, in source order.
    public private(set) var views: [ExprSyntax] = []
    /// Statements of the Group's own content (its statements and their branches, not the
    /// closures of its members or of nested Groups) that the analysis does not follow: a
    /// declaration at the top of the content, loops, `#if` of other kinds. Their presence keeps
    /// the content from being unwrapped.
    public private(set) var unsupported: [Syntax] = []
    /// Names the content's branches bind (`if let name`, `case .failed(let message)`,
    /// `let text = …` inside a branch): modifiers moved into those branches would see these
    /// instead of what they named before.
    public private(set) var boundNames: Set<String> = []
    /// The members that are `EmptyView()`: modifiers copied onto one would never act.
    public private(set) var emptyViews: [ExprSyntax] = []
    /// The fewest views shown at once over every path (0, 1, or 2 for "two or more").
    public private(set) var minimum = 0
    /// The most views shown at once on some path (0, 1, or 2 for "two or more").
    public private(set) var maximum = 0

    /// The platforms that build the file (its floor's), when known: a `#if` covering them all has no empty path.
    private let platforms: Set<Platform>?

    /// The members of `statements`, a Group's content closure body, in a file built for `platforms`
    /// (nil: not known, any platform may build it).
    public init(content statements: CodeBlockItemListSyntax, platforms: Set<Platform>? = nil) {
        self.platforms = platforms
        (minimum, maximum) = count(statements, isBranch: false)
    }

    /// True when no path shows more than one view and some path shows one.
    public var showsAtMostOneView: Bool { maximum == 1 }

    /// True when some path shows no view (an `if` without `else`, `default: EmptyView()`).
    public var mayShowNothing: Bool { minimum == 0 }

    /// True when some path shows two or more views at once.
    public var showsSeveralAtOnce: Bool { maximum >= 2 }

    /// The conditions that choose the member: each `if`'s conditions and each `switch`'s subject
    /// of the content, through nested branches and `#if` clauses, not inside the members.
    static func choosingConditions(of statements: CodeBlockItemListSyntax) -> [Syntax] {
        var found: [Syntax] = []
        for statement in statements {
            if let config = statement.item.as(IfConfigDeclSyntax.self) {
                for case .statements(let inner)? in config.clauses.map(\.elements) { found += choosingConditions(of: inner) }
                continue
            }
            let expression = statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression
            var conditional = expression?.as(IfExprSyntax.self)
            while let current = conditional {
                found.append(Syntax(current.conditions))
                found += choosingConditions(of: current.body.statements)
                conditional = nil
                if case .ifExpr(let next)? = current.elseBody {
                    conditional = next
                } else if case .codeBlock(let block)? = current.elseBody {
                    found += choosingConditions(of: block.statements)
                }
            }
            if let selection = expression?.as(SwitchExprSyntax.self) {
                found.append(Syntax(selection.subject))
                for case .switchCase(let switchCase) in selection.cases { found += choosingConditions(of: switchCase.statements) }
            }
        }
        return found
    }

    // MARK: Counting

    private static let several = 2

    /// `isBranch` is false for the Group's own statements, true inside a branch of them.
    private mutating func count(_ statements: CodeBlockItemListSyntax, isBranch: Bool = true) -> (Int, Int) {
        var low = 0
        var high = 0
        for item in statements {
            let (itemLow, itemHigh) = count(item, isBranch: isBranch)
            low = min(Self.several, low + itemLow)
            high = min(Self.several, high + itemHigh)
        }
        return (low, high)
    }

    private mutating func count(_ item: CodeBlockItemSyntax, isBranch: Bool) -> (Int, Int) {
        switch item.item {
        case .expr(let expression):
            return count(expression: expression)
        case .stmt(let statement):
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                return count(expression: expression)
            }
        case .decl(let declaration):
            if let conditional = declaration.as(IfConfigDeclSyntax.self) {
                return count(conditional, isBranch: isBranch)
            }
            if isBranch, let variable = declaration.as(VariableDeclSyntax.self) {
                for binding in variable.bindings { boundNames.formUnion(LocalScope.patternNames(in: binding.pattern)) }
                return (0, 0)
            }
        @unknown default:
            break
        }
        unsupported.append(Syntax(item))
        return (0, 0)
    }

    private mutating func count(expression: ExprSyntax) -> (Int, Int) {
        if let conditional = expression.as(IfExprSyntax.self) {
            return count(conditional)
        }
        if let selection = expression.as(SwitchExprSyntax.self) {
            return count(selection)
        }
        views.append(expression)
        let base = ModifierChainBase.base(of: expression)
        if let call = base.as(FunctionCallExprSyntax.self) {
            if let group = GroupCall(call) {
                // The nested Group stays whole, with its own content: only its counts matter here.
                let nested = GroupMembers(content: group.content.statements, platforms: platforms)
                return (nested.minimum, nested.maximum)
            }
            switch call.calledName {
            case "ForEach": return (0, Self.several)
            case "EmptyView":
                emptyViews.append(expression)
                return (0, 0)
            default: break
            }
        }
        return (1, 1)
    }

    private mutating func count(_ conditional: IfExprSyntax) -> (Int, Int) {
        boundNames.formUnion(LocalScope.patternNames(in: conditional.conditions))
        var branches: [(Int, Int)] = [count(conditional.body.statements)]
        switch conditional.elseBody {
        case .ifExpr(let elseIf)?: branches.append(count(elseIf))
        case .codeBlock(let block)?: branches.append(count(block.statements))
        case nil: branches.append((0, 0))
        @unknown default:
            unsupported.append(Syntax(conditional))
            branches.append((0, 1))
        }
        return Self.either(branches)
    }

    private mutating func count(_ selection: SwitchExprSyntax) -> (Int, Int) {
        var branches: [(Int, Int)] = []
        for element in selection.cases {
            guard let switchCase = element.as(SwitchCaseSyntax.self) else {
                // Cases inside `#if` are cases of the builds that compile them (not unwrapped: the edit does not follow them).
                unsupported.append(Syntax(element))
                guard let conditional = element.as(IfConfigDeclSyntax.self) else {
                    branches.append((0, 1))
                    continue
                }
                for clause in conditional.clauses {
                    guard case .switchCases(let cases)? = clause.elements else {
                        branches.append((0, 1))
                        continue
                    }
                    for case .switchCase(let inner) in cases {
                        boundNames.formUnion(LocalScope.patternNames(in: inner.label))
                        branches.append(count(inner.statements))
                    }
                    if cases.contains(where: { !$0.is(SwitchCaseSyntax.self) }) { branches.append((0, 1)) }
                }
                continue
            }
            boundNames.formUnion(LocalScope.patternNames(in: switchCase.label))
            branches.append(count(switchCase.statements))
        }
        return branches.isEmpty ? (0, 0) : Self.either(branches)
    }

    /// A `#if` clause is no scope of its own: its statements stand where the `#if` stands.
    private mutating func count(_ conditional: IfConfigDeclSyntax, isBranch: Bool) -> (Int, Int) {
        var branches: [(Int, Int)] = []
        for clause in conditional.clauses {
            switch clause.elements {
            case .statements(let statements)?: branches.append(count(statements, isBranch: isBranch))
            case nil: branches.append((0, 0))
            default:
                unsupported.append(Syntax(clause))
                branches.append((0, 1))
            }
        }
        if conditional.clauses.last?.poundKeyword.tokenKind != .poundElse, Self.hasImplicitElse(conditional, platforms: platforms) {
            branches.append((0, 0))
        }
        return Self.either(branches)
    }

    /// True when some platform that builds the file compiles none of the `#if`'s clauses (always,
    /// when `platforms` is not known or a condition is not a platform's).
    private static func hasImplicitElse(_ conditional: IfConfigDeclSyntax, platforms: Set<Platform>?) -> Bool {
        guard let platforms, !platforms.isEmpty else { return true }
        var rest = CompilationCondition.Truth.all
        for clause in conditional.clauses {
            rest.subtract(clause.condition.map(CompilationCondition.truth(of:))?.must ?? CompilationCondition.Truth.all)
        }
        return !rest.isDisjoint(with: platforms)
    }

    /// One of several branches shows: the fewest and the most of any.
    private static func either(_ branches: [(Int, Int)]) -> (Int, Int) {
        (branches.map(\.0).min() ?? 0, branches.map(\.1).max() ?? 0)
    }
}
