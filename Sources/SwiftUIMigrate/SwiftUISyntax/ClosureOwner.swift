import SwiftSyntax

/// The call a closure is passed to, and how: as its trailing closure, as a further labelled
/// trailing closure (`label: { }`), or as an argument (`content: { }`, or unlabelled).
///
/// ```swift
/// Menu("More") { … }                 // trailing: the call is Menu("More")
/// Section { … } header: { … }        // header is a labelled trailing closure of Section
/// Button(action: save, label: { … }) // label is a labelled argument of Button
/// ```
struct ClosureOwner {
    /// The call that takes the closure.
    var call: FunctionCallExprSyntax
    /// The closure's label; nil for the trailing closure and for an unlabelled argument.
    var label: String?
    /// True for the call's (first) trailing closure.
    var isTrailing: Bool

    /// The owner of `closure`, or nil when it is not passed to a call.
    init?(of closure: ClosureExprSyntax) {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id {
            (self.call, label, isTrailing) = (call, nil, true)
        } else if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self),
                  let call = element.parent?.parent?.as(FunctionCallExprSyntax.self) {
            (self.call, label, isTrailing) = (call, element.label.text, false)
        } else if let argument = closure.parent?.as(LabeledExprSyntax.self),
                  let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            (self.call, label, isTrailing) = (call, argument.label?.text, false)
        } else {
            return nil
        }
    }
}
