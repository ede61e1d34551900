import SwiftSyntax

/// An `.onChange(of: x …)` modifier call in any of its forms, and what its action reads.
///
/// The forms: `.onChange(of: x) { }`, `{ new in }`, `{ old, new in }` (also with `$0`/`$1`),
/// `.onChange(of: x, perform: { new in })`, `.onChange(of: x, perform: f)` and each with
/// `initial:`. `onChange` requires its value to be `Equatable`, so `x` can key `.task(id:)`.
struct ValueChangeModifier {
    /// The modifier call.
    var call: FunctionCallExprSyntax
    /// The `onChange` name token: where findings point.
    var nameToken: TokenSyntax
    /// The observed value `x` of `of: x`.
    var value: ExprSyntax
    /// The `initial:` argument, as written.
    var initial: ExprSyntax?
    /// The action when it is a closure literal.
    var closure: ClosureExprSyntax?
    /// The action when it names a function (`perform: reload`), called with the new value.
    var actionReference: ExprSyntax?
    /// The name the action gives the new value (`new` in `{ old, new in }`, `$0`/`$1`), if it names one.
    var newValueName: String?
    /// The name the action gives the old value, if it names one.
    var oldValueName: String?

    /// The modifier `call` is, or nil when it is not an `.onChange(of:…)` call applied with `.onChange`.
    init?(_ call: FunctionCallExprSyntax) {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
              member.declName.baseName.text == "onChange", member.declName.argumentNames == nil,
              call.additionalTrailingClosures.isEmpty else { return nil }
        self.call = call
        self.nameToken = member.declName.baseName
        var value: ExprSyntax?
        var closure = call.trailingClosure
        for argument in call.arguments {
            switch argument.label?.text {
            case "of"?: value = argument.expression
            case "initial"?: initial = argument.expression
            case "perform"?, nil:
                guard closure == nil, value != nil else { return nil }
                if let literal = argument.expression.as(ClosureExprSyntax.self) {
                    closure = literal
                } else {
                    actionReference = argument.expression
                }
            default: return nil
            }
        }
        guard let value, closure != nil || actionReference != nil else { return nil }
        self.value = value
        self.closure = closure
        if let closure { (oldValueName, newValueName) = Self.parameterNames(of: closure) }
    }

    /// The old- and new-value names of the action closure: from its parameter list, else from
    /// the `$0`/`$1` it uses (`$1` means two parameters, `$0` alone the new value).
    private static func parameterNames(of closure: ClosureExprSyntax) -> (old: String?, new: String?) {
        if let parameters = closure.signature?.parameterNames {
            let named = parameters.map { $0.tokenKind == .wildcard ? nil : $0.text }
            if named.count == 1 { return (nil, named[0]) }
            return named.count == 2 ? (named[0], named[1]) : (nil, nil)
        }
        // Only the `$n` of this closure, not those of closures nested in it.
        let used = Set(closure.statements.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            guard case .dollarIdentifier(let name) = token.tokenKind, token.enclosingClosure?.id == closure.id else { return nil }
            return name
        })
        if used.contains("$1") { return (used.contains("$0") ? "$0" : nil, "$1") }
        return (nil, used.contains("$0") ? "$0" : nil)
    }

    /// True when the closure names the old value and reads it.
    var readsOldValue: Bool {
        guard let oldValueName, let closure else { return false }
        return closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
            token.text == oldValueName && (!oldValueName.hasPrefix("$") || token.enclosingClosure?.id == closure.id)
        }
    }

    /// True for `initial: true` or any `initial:` other than a literal `false`.
    var runsInitially: Bool {
        guard let initial else { return false }
        return initial.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind != .keyword(.false)
    }
}

extension SyntaxProtocol {
    /// The closure this node (a token, a statement) stands in most closely, if any.
    var enclosingClosure: ClosureExprSyntax? {
        parent?.ancestorOrSelf { $0.as(ClosureExprSyntax.self) }
    }
}
