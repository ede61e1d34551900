import SwiftSyntax

/// A `Group` built from a content closure: `Group { … }`, `Group() { … }` or
/// `Group(content: { … })`, also spelt `SwiftUI.Group`.
///
/// The other initializers, `Group(subviews:transform:)` and
/// `Group(sections:transform:)`, take a view and a closure with a parameter;
/// they are not this shape and are never matched.
public struct GroupCall {
    /// The whole call, `Group { … }`.
    public var call: FunctionCallExprSyntax
    /// The content closure.
    public var content: ClosureExprSyntax
    /// The `Group` identifier.
    public var name: TokenSyntax

    /// The Group call `call` is, or nil when it is another call or another initializer.
    public init?(_ call: FunctionCallExprSyntax) {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            name = reference.baseName
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "SwiftUI" {
            name = member.declName.baseName
        } else {
            return nil
        }
        guard name.text == "Group", call.additionalTrailingClosures.isEmpty else { return nil }
        if let trailing = call.trailingClosure {
            guard call.arguments.isEmpty else { return nil }
            content = trailing
        } else {
            guard call.arguments.count == 1, let argument = call.arguments.first,
                  argument.label?.text == "content",
                  let argumentClosure = argument.expression.as(ClosureExprSyntax.self) else { return nil }
            content = argumentClosure
        }
        guard content.signature == nil else { return nil }
        self.call = call
    }
}

extension GroupCall {
    /// Every `Group { … }` content-closure call of the context's file, outer ones first.
    static func all(in context: RuleContext) -> [GroupCall] {
        context.calls(named: ["Group"]).compactMap { GroupCall($0) }
    }
}

/// Walks down a modifier chain to the expression it starts from.
enum ModifierChainBase {
    /// `Text("a")` for `Text("a").font(.title).onAppear { }`, including links in `#if` clauses.
    static func base(of expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while true {
            // A modifier call's member access (`.font(.title)`), or a bare member access (`.bold`).
            // Not past the `SwiftUI` of `SwiftUI.Group`.
            if let member = (current.as(FunctionCallExprSyntax.self)?.calledExpression ?? current).as(MemberAccessExprSyntax.self),
               let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "SwiftUI" {
                current = base
            } else if let postfix = current.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
                current = base
            } else {
                return current
            }
        }
    }
}
