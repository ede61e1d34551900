import SwiftSyntax

/// The SwiftUI views and modifiers whose content closures SwiftUI turns into items one view at
/// a time — menu items, picker options, tabs, toolbar items, swipe or dialog actions — rather
/// than laying the views out.
///
/// ```swift
/// Menu("Sort") {
///     Group {
///         if byDate { Button("Newest") { … } } else { Button("Name") { … } }
///     }
///     .onAppear { … }
/// }
/// ```
/// A Group there hands its members to the menu; a `ZStack` in its place would be one item that
/// SwiftUI may not show as a menu item at all, and whether a lifecycle action runs on an item
/// is not documented. `group-lifecycle` reports such Groups instead of rewriting them.
enum ItemContainer {
    /// The views and modifiers whose content is items.
    static let names: Set<String> = [
        "Menu", "Picker", "TabView", "ControlGroup", "ToolbarItemGroup", "CommandMenu", "CommandGroup",
        "MenuBarExtra", "contextMenu", "toolbar", "swipeActions", "commands", "confirmationDialog", "alert",
        "searchSuggestions",
    ]

    /// The item container whose content closure holds `expression` (a Group's whole chain),
    /// directly, in a branch of an `if`, `switch` or `#if`, or through enclosing Groups, Sections
    /// and ForEach, whose views flatten into it; nil anywhere else.
    static func enclosing(_ expression: ExprSyntax) -> String? {
        var node = Syntax(expression)
        while let closure = enclosingClosure(of: node) {
            guard let owner = ClosureOwner(of: closure), let name = owner.call.calledName else { return nil }
            // A Group's, a Section's or a ForEach's views are the items of whatever holds them.
            guard GroupCall(owner.call)?.content.id == closure.id || name == "Section" || name == "ForEach" else {
                return names.contains(name) ? name : nil
            }
            node = Syntax(ModifierChain(above: owner.call).outermost)
        }
        return nil
    }

    /// The closure whose statements hold `node`, through the branches of `if`, `switch` and `#if`;
    /// nil when `node` stands anywhere else (an argument, a declaration's body).
    private static func enclosingClosure(of node: Syntax) -> ClosureExprSyntax? {
        // The first ancestor that is not a statement or a branch: a closure, or where the search stops.
        node.parent?.ancestorOrSelf { isPassedThrough($0) ? nil : $0 }?.as(ClosureExprSyntax.self)
    }

    /// The nodes between a closure and its statements, and those of `if`, `switch` and `#if` branches (a switch over
    /// the kind: this runs for every ancestor of every item, where a `Set` would hash each kind).
    private static func isPassedThrough(_ node: Syntax) -> Bool {
        switch node.kind {
        case .codeBlockItem, .codeBlockItemList, .expressionStmt, .codeBlock, .ifExpr, .switchCase, .switchCaseList, .switchExpr,
             .ifConfigClause, .ifConfigClauseList, .ifConfigDecl: true
        default: false
        }
    }
}
