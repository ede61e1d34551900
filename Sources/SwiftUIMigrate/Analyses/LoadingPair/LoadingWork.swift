import SwiftSyntax

/// The work one lifecycle action does, in a form two actions can be compared by.
///
/// A closure's work is its statements, with a last `Task { }` unwrapped (`Task { W }` ≡ `W`);
/// a named action (`perform: reload`) is the call it makes (`reload()`, or `reload(x)` for
/// `onChange(of: x, perform: reload)`). Each statement is compared as its tokens, with `self.`
/// dropped and the name the `onChange` action gives the new value replaced by the observed
/// value itself, so `{ query in Task { await search(query) } }` on `onChange(of: query)` does
/// the same work as `.task { await search(query) }`.
struct LoadingWork {
    /// The statements that do the work (a last Task's body in place of the Task); empty for a named action.
    var statements: [CodeBlockItemSyntax]
    /// The `Task { }` that was the last statement and is unwrapped in `statements`.
    var task: InnerTask?
    /// One normalised text per statement (per call, for a named action).
    var keys: [String]
    /// The functions the work calls, normalised (`load`, `model.refresh`), wrappers such as `Task` left out.
    var callees: Set<String>
    /// True when the work has an `await`.
    var awaits: Bool
    /// The call a named action makes, as written (`reload()`); nil for a closure.
    var namedCall: String?

    /// Calls that wrap work rather than being it: sharing one of them is not sharing work.
    private static let wrappers: Set<String> = [
        "Task", "Task.detached", "Task.sleep", "Task.yield", "Task.checkCancellation", "withAnimation",
        "withTransaction", "print", "debugPrint", "assert",
        "DispatchQueue.main.async", "DispatchQueue.main.asyncAfter", "MainActor.run",
    ]

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
        let scan = WorkScan(viewMode: .sourceAccurate)
        for statement in list { scan.walk(statement) }
        self.callees = scan.callees.subtracting(Self.wrappers)
        self.awaits = scan.awaits
        self.namedCall = nil
    }

    /// The work of a named action: `reference()` for an appearance action, `reference(value)` for
    /// `onChange(of: value, perform: reference)`.
    init(reference: ExprSyntax, argument: ExprSyntax? = nil) {
        let name = Self.normalisedTokens(of: reference, replacing: nil, with: [])
        let argumentTokens = argument.map { Self.normalisedTokens(of: $0, replacing: nil, with: []) } ?? []
        self.statements = []
        self.task = nil
        self.keys = [(name + ["("] + argumentTokens + [")"]).joined(separator: " ")]
        self.callees = Set([name.joined()]).subtracting(Self.wrappers)
        self.awaits = false
        self.namedCall = reference.trimmedDescription + "(" + (argument?.trimmedDescription ?? "") + ")"
    }

    /// Statement `index` as written, shortened to its first line: how reasons quote it.
    func quote(_ index: Int) -> String {
        if let namedCall { return namedCall }
        let text = statements[index].item.trimmedDescription
        let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
        if firstLine.count > 80 { return String(firstLine.prefix(77)) + "…" }
        return firstLine + (firstLine == text ? "" : " …")
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

/// The calls and `await`s of some statements, at any depth.
private final class WorkScan: SyntaxVisitor {
    var callees: Set<String> = []
    var awaits = false

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        callees.insert(LoadingWork.normalisedTokens(of: node.calledExpression, replacing: nil, with: []).joined())
        return .visitChildren
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        awaits = true
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
