import SwiftSyntax

/// The work one lifecycle action runs when it fires, in a form two actions can be compared by.
///
/// A closure's work is its statements, with a last `Task { }` unwrapped (`Task { W }` ≡ `W`);
/// a named action (`perform: reload`) is the call it makes (`reload()`, or `reload(x)` for
/// `onChange(of: x, perform: reload)`). Each statement is compared as its tokens, so trivia
/// (spaces, line breaks, comments) does not count, with `self.` dropped and the name the
/// `onChange` action gives the new value replaced by the observed value itself: `{ query in
/// Task { await search(query) } }` on `onChange(of: query)` does the same work as
/// `.task { await search(query) }`. Two works are the same only when every statement is.
///
/// A closure the work passes on (an observer callback, `asyncAfter`, a Task that is not the
/// last statement) is part of a statement's text, but what it does later is not the work:
/// it neither makes the work asynchronous nor is compared apart from its statement.
struct LoadingWork {
    /// The statements that do the work (a last Task's body in place of the Task); empty for a named action.
    var statements: [CodeBlockItemSyntax]
    /// The `Task { }` that was the last statement and is unwrapped in `statements`.
    var task: InnerTask?
    /// One normalised text per statement (per call, for a named action).
    var keys: [String]
    /// True when the work itself may suspend: an `await` or `for await` in its statements, not
    /// in a closure they pass on.
    var suspends: Bool
    /// The call a named action makes, as written (`reload()`); nil for a closure.
    var namedCall: String?

    /// The work of a closure's statements; `newValue` names the value the closure receives and
    /// `value` is what it stands for.
    /// A `$n` name stands for the value only where it is the closure's own, not a nested closure's.
    init(statements list: CodeBlockItemListSyntax, newValue: String? = nil, value: ExprSyntax? = nil) {
        var statements = Array(list)
        let tasks = statements.compactMap(InnerTask.init)
        if tasks.count == 1, let task = tasks.first, statements.last?.id == task.statement.id {
            self.task = task
            statements.removeLast()
            statements += Array(task.closure.statements)
        }
        self.statements = statements
        let replacement = value.map { Self.normalisedTokens(of: $0, replacing: nil, with: []) } ?? []
        let owner = list.parent?.as(ClosureExprSyntax.self)
        self.keys = statements.map {
            Self.normalisedTokens(of: $0.item, replacing: newValue, with: replacement, shorthandOwner: owner).joined(separator: " ")
        }
        self.suspends = Suspension.suspendsItself(statements)
    }

    /// The work of a named action: `reference()` for an appearance action, `reference(value)` for
    /// `onChange(of: value, perform: reference)`.
    init(reference: ExprSyntax, argument: ExprSyntax? = nil) {
        let name = Self.normalisedTokens(of: reference, replacing: nil, with: [])
        let argumentTokens = argument.map { Self.normalisedTokens(of: $0, replacing: nil, with: []) } ?? []
        self.statements = []
        self.keys = [(name + ["("] + argumentTokens + [")"]).joined(separator: " ")]
        self.suspends = false
        self.namedCall = reference.trimmedDescription + "(" + (argument?.trimmedDescription ?? "") + ")"
    }

    /// True when both run the same statements, in the same order.
    func isSame(as other: LoadingWork) -> Bool {
        !keys.isEmpty && keys == other.keys
    }

    /// The statements the action runs before its unwrapped Task starts, as written: what runs
    /// during the action itself rather than later, in the Task. Empty without a Task.
    var statementsBeforeTask: [CodeBlockItemSyntax] {
        guard let task else { return [] }
        return Array(statements.prefix(statements.count - task.closure.statements.count))
    }

    /// The tokens of `node` with `self.` dropped and each plain reference to `name` replaced by `replacement`.
    static func normalisedTokens(
        of node: some SyntaxProtocol, replacing name: String?, with replacement: [String], shorthandOwner: ClosureExprSyntax? = nil
    ) -> [String] {
        var output: [String] = []
        var dropPeriod = false
        for token in node.tokens(viewMode: .sourceAccurate) {
            if dropPeriod {
                dropPeriod = false
                if token.tokenKind == .period { continue }
            }
            let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            if token.tokenKind == .keyword(.self), let reference,
               let member = reference.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id {
                dropPeriod = true
                continue
            }
            if let name, token.text == name, let reference,
               !(reference.parent?.as(MemberAccessExprSyntax.self).map { $0.declName.id == reference.id } ?? false),
               !name.hasPrefix("$") || token.enclosingClosure?.id == shorthandOwner?.id {
                output += replacement
                continue
            }
            output.append(token.text)
        }
        return output
    }
}
