import SwiftSyntax

/// The view a lifecycle modifier is attached to, and the branches it stands in.
///
/// ```swift
/// if hasMore && !isLoadingMore {           // condition
///     Color.clear                          // root
///         .frame(height: 1)                // modifiers
///         .onAppear { Task { await loadMore() } }
/// }
/// ```
/// Whether moving the modifier's work into `.task` is safe depends on both: `.task` is
/// cancelled when this view goes away.
struct LifecycleHost {
    /// The expression the modifier chain starts from: `Color.clear`, `EmptyView()`, `List { … }`.
    var root: ExprSyntax
    /// Every modifier of the chain, innermost first (the lifecycle modifier among them).
    var chain: ModifierChain
    /// A condition the host's presence depends on.
    struct BranchCondition {
        /// The `if`'s conditions or the `switch`'s subject.
        var node: Syntax
        /// True for a `switch` subject.
        var isSwitch: Bool
        /// True for a branch inside the `Group` the modifier is applied to: SwiftUI applies the
        /// modifier to each member, so each branch is a host of its own.
        var isInsideGroup = false
        /// True when the host stands in the `else` of the `if` whose conditions `node` are: it shows
        /// while they do not hold.
        var isNegated = false

        /// The condition as a fact for a reason: its code and where it stands.
        var branch: HostBranch {
            HostBranch(code: node.trimmedDescription, isSwitch: isSwitch, isInsideGroup: isInsideGroup, isNegated: isNegated)
        }
    }

    /// The conditions of the `if`/`if let` branches and `switch` cases enclosing the host
    /// within its declaration, innermost first.
    var conditions: [BranchCondition]

    /// The host of `modifier`.
    init(of modifier: LifecycleModifier) {
        var root = ExprSyntax(modifier.call)
        while let call = root.as(FunctionCallExprSyntax.self) ?? nil,
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
              !Self.isTypeName(base) {
            root = base
        }
        while let member = root.as(MemberAccessExprSyntax.self), let base = member.base, !Self.isTypeName(base) {
            root = base
        }
        self.root = root
        self.chain = ModifierChain(above: root)
        self.conditions = Self.enclosingConditions(of: Syntax(modifier.call)) + Self.groupBranchConditions(of: root)
    }

    /// The conditions of the branches inside `Group { if … else … }` / `Group { switch … }`, nested
    /// ones included: each member is a host of its own, present only while they choose it.
    private static func groupBranchConditions(of root: ExprSyntax) -> [BranchCondition] {
        guard let call = root.as(FunctionCallExprSyntax.self), call.calledName == "Group",
              let content = call.trailingClosure else { return [] }
        return GroupMembers.choosingConditions(of: content.statements).map { node in
            BranchCondition(node: node, isSwitch: node.parent?.is(SwitchExprSyntax.self) ?? false, isInsideGroup: true)
        }
    }

    /// True for a capitalised name (`Color` in `Color.clear`): the chain's root, not a modifier.
    private static func isTypeName(_ expression: ExprSyntax) -> Bool {
        expression.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase ?? false
    }

    /// The conditions of the branches around `node`, up to the declaration holding it.
    private static func enclosingConditions(of node: Syntax) -> [BranchCondition] {
        var conditions: [BranchCondition] = []
        var child = node
        var current = node.parent
        while let parent = current {
            if parent.is(MemberBlockItemSyntax.self) || parent.is(FunctionDeclSyntax.self) { break }
            if let ifExpr = parent.as(IfExprSyntax.self), child.id != Syntax(ifExpr.conditions).id {
                let inElse = ifExpr.elseBody.map { Syntax($0).id == child.id } ?? false
                conditions.append(BranchCondition(node: Syntax(ifExpr.conditions), isSwitch: false, isNegated: inElse))
            } else if let switchCase = parent.as(SwitchCaseSyntax.self),
                      let switchExpr = switchCase.parent?.parent?.as(SwitchExprSyntax.self) {
                conditions.append(BranchCondition(node: Syntax(switchExpr.subject), isSwitch: true))
            }
            child = parent
            current = parent.parent
        }
        return conditions
    }

    /// True when the chain has `.onChange(of: expression)`: that modifier already reacts when
    /// the value changes, so a `.task` keyed on it would run the work a second time (merging the
    /// two is `appear-change-load`'s).
    func watchesChanges(of expression: String) -> Bool {
        chain.modifiers.contains { modifier in
            guard modifier.name == "onChange", let first = modifier.call?.arguments.first, first.label?.text == "of" else { return false }
            return first.expression.trimmedDescription == expression
        }
    }

    /// The menu whose content the host is, `contextMenu` or `Menu`, or nil: SwiftUI shows that
    /// content as a platform menu, not as views that appear and disappear like others.
    var menu: String? {
        enclosingClosures.lazy.compactMap { ClosureOwner(of: $0)?.call.calledName }.first { $0 == "contextMenu" || $0 == "Menu" }
    }

    /// The closures the host stands in, innermost first, up to the declaration holding it.
    private var enclosingClosures: [ClosureExprSyntax] {
        var closures: [ClosureExprSyntax] = []
        var current = Syntax(root).parent
        while let node = current, !node.is(MemberBlockItemSyntax.self), !node.is(FunctionDeclSyntax.self) {
            if let closure = node.as(ClosureExprSyntax.self) { closures.append(closure) }
            current = node.parent
        }
        return closures
    }

    /// The containers that make rows lazily, creating and removing them as they scroll in and out.
    static let lazyContainers: Set<String> = ["List", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid"]

    /// The lazy container (`List`, `LazyVStack`, a lazy grid) whose `ForEach` (or data-driven
    /// `List`) makes the host one of its rows, or part of one, or nil: such a row appears and
    /// disappears as it scrolls, so work it starts on appear (the next-page trigger) would be
    /// cancelled as `.task` when it scrolls away. An app's own container counts when its declaration
    /// in the file or the module of `view` lays its content out in one: `VideoList (a LazyVStack)`.
    func lazyRowContainer(in view: ViewDeclaration?) -> String? {
        var isRow = false
        for closure in enclosingClosures {
            guard let owner = ClosureOwner(of: closure), let name = owner.call.calledName else { return nil }
            let takesData = closure.signature != nil || (owner.call.arguments.first.map { $0.label == nil } ?? false)
            if name == "ForEach" || (name == "List" && takesData) { isRow = true }
            if isRow, Self.lazyContainers.contains(name) { return name }
            if isRow, name.first?.isUppercase == true, !ViewBuilderContext.containers.contains(name),
               let lazy = view?.memberBlocksInModule(ofType: name)?.lazy
                   .compactMap({ $0.tokens(viewMode: .sourceAccurate).first { Self.lazyContainers.contains($0.text) }?.text }).first {
                return "\(name) (a \(lazy))"
            }
            // Only view content leads to the rows: an action or another closure does not.
            guard ViewBuilderContext.containers.contains(name) || ["overlay", "background"].contains(name)
                    || name.first?.isUppercase == true else { return nil }
        }
        return nil
    }

    /// The host's code, shortened, as a reason quotes it: `Color.clear.frame(height: 1)`.
    var quotedCode: String {
        var text = root.trimmedDescription
        for modifier in chain.modifiers where !["onAppear", "task", "onDisappear"].contains(modifier.name) {
            guard let call = modifier.call, call.trailingClosure == nil else { continue }
            text += "." + modifier.name + "(" + call.arguments.trimmedDescription + ")"
        }
        return text.count > 60 ? root.trimmedDescription : text
    }

    /// True when the host exists only to trigger work: `Color.clear`, `EmptyView()`,
    /// `Spacer()`, a view sized 0–1 pt in one dimension, `.hidden()`, `.opacity(0)`.
    var isSentinel: Bool {
        let rootText = root.trimmedDescription.filter { !$0.isWhitespace }
        if ["Color.clear", "EmptyView()", "Spacer()", "Spacer(minLength:0)"].contains(rootText) { return true }
        if let call = root.as(FunctionCallExprSyntax.self), call.calledName == "Color",
           call.trimmedDescription.filter({ !$0.isWhitespace }) == "Color(.clear)" {
            return true
        }
        for modifier in chain.modifiers {
            guard let call = modifier.call else { continue }
            switch modifier.name {
            case "hidden" where call.arguments.isEmpty:
                return true
            case "opacity":
                if let value = call.arguments.first.flatMap({ Self.number($0.expression) }), value == 0 { return true }
            case "frame":
                for argument in call.arguments where ["width", "height", "maxWidth", "maxHeight"].contains(argument.label?.text) {
                    if let value = Self.number(argument.expression), value <= 1 { return true }
                }
            default:
                break
            }
        }
        return false
    }

    /// The value of an integer or float literal.
    private static func number(_ expression: ExprSyntax) -> Double? {
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return Double(integer.literal.text) }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return Double(float.literal.text) }
        return nil
    }
}

/// A branch condition the host's presence depends on, as a reason quotes it: the code of the
/// `if`'s conditions or the `switch`'s subject, and where it stands.
struct HostBranch: Hashable, Sendable {
    /// `hasMore && !isLoadingMore`, `phase`.
    var code: String
    /// True for a `switch` subject.
    var isSwitch: Bool
    /// True for a branch inside the `Group` the modifier is applied to.
    var isInsideGroup: Bool
    /// True when the host stands in the `else` of `if code`: it shows while `code` does not hold.
    var isNegated = false
}
