import SwiftSyntax

/// What a piece of work does, in the order it does it: the properties it assigns, the
/// methods it calls on properties, and where it may suspend — following the same-type
/// functions it calls, a few levels deep, and the closures it passes to calls.
///
/// ```swift
/// .onAppear { Task { await loadMore() } }
/// func loadMore() async {
///     isLoadingMore = true                 // assignment(isLoadingMore)
///     let page = await api.page(next)      // suspension
///     items += page                        // assignment(items)
/// }
/// ```
/// `await MainActor.run { … }` suspends before its closure runs, a `defer` runs where its scope
/// ends, and a `catch` is a path of its own beside its `do`: a write there comes after the awaits
/// that preceded it on its path.
/// The trace follows the view's own functions, also those its extensions in other files of the
/// module declare; functions of other types, and code behind `model.load()`, are calls, not followed.
struct WorkTrace {
    /// One thing the work does.
    enum Event: Equatable {
        /// `a.b = …`, `a += …`, `a.toggle()`, `&a`: the path written, without `self.` or `$`.
        case assignment([String])
        /// `a.b.f(…)`: the path of the receiver and the method's name.
        case call(receiver: [String], method: String)
        /// `await`, `for await`: the work may stop here, and a cancelled `.task` with it.
        case suspension
        /// Marks paths of which one runs: `do { … } catch { … }`.
        case paths(Paths)
    }

    /// Where alternative paths begin, where the next one starts, and where they join.
    enum Paths: Equatable {
        case begin, otherwise, end
    }

    /// The events, in source order, with each followed function's events at its call.
    let events: [Event]
    /// The node of each assignment, by its index in `events`: where the work writes (maybe in
    /// another file, in a function of the view's extension there).
    let assignmentSites: [Int: Syntax]
    /// The names of the same-type functions followed.
    let followed: [String]

    /// How many calls deep the trace follows the view's functions.
    static let depth = 3

    /// The trace of `work` (statements or expressions of `view`; nil outside a view, where
    /// no function is followed).
    init(of work: [Syntax], in view: ViewDeclaration?) {
        let recorder = EventRecorder(view: view, depth: 0, stack: [])
        for node in work { recorder.walk(node) }
        events = recorder.events
        assignmentSites = recorder.assignmentSites
        followed = recorder.followed
    }

    /// A path the work writes and the node writing it.
    typealias Assignment = (path: [String], site: Syntax?)

    /// The path the work assigns that overlaps `path` (the same, or one containing or contained
    /// in it) when the work may suspend after that assignment, with the node of that assignment;
    /// nil otherwise. Each of alternative paths starts from what was assigned before them; after
    /// them, what any of them assigned counts.
    func assignmentSiteBeforeSuspending(_ path: [String]) -> Assignment? {
        var assigned: Assignment?
        var open: [(before: Assignment?, joined: Assignment?)] = []
        for (index, event) in events.enumerated() {
            switch event {
            case .assignment(let written) where Self.overlaps(written, path): assigned = assigned ?? (written, assignmentSites[index])
            case .suspension where assigned != nil: return assigned
            case .paths(.begin): open.append((assigned, nil))
            case .paths(.otherwise):
                guard let last = open.popLast() else { break }
                open.append((last.before, last.joined ?? assigned))
                assigned = last.before
            case .paths(.end):
                guard let last = open.popLast() else { break }
                assigned = last.joined ?? assigned
            default: break
            }
        }
        return nil
    }

    /// The bodies of the functions of `view` that the work calls and the trace followed.
    func followedBodies(in view: ViewDeclaration) -> [Syntax] {
        followed.compactMap { view.function(named: $0)?.body.map(Syntax.init) }
    }

    /// True when the work assigns a path overlapping `path` anywhere.
    func assigns(_ path: [String]) -> Bool {
        events.contains { event in
            if case .assignment(let written) = event { return Self.overlaps(written, path) }
            return false
        }
    }

    /// The properties the work changes: the first name of each path it assigns or calls a method on.
    var changedRoots: Set<String> {
        Set(events.compactMap { event in
            switch event {
            case .assignment(let path), .call(receiver: let path, _): path.first
            case .suspension, .paths: nil
            }
        })
    }

    /// True when one path is a prefix of the other: writing `state` changes `state.isLoading`.
    static func overlaps(_ a: [String], _ b: [String]) -> Bool {
        let count = min(a.count, b.count)
        return count > 0 && a.prefix(count) == b.prefix(count)
    }

    /// The property path an expression names: `self.a.b`, `a?.b`, `a[0].b`, `$a.b` → `[a, b]`
    /// (a subscript keeps its base's path); nil for anything else (calls, literals).
    static func path(of expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard case .identifier(var name) = reference.baseName.tokenKind else {
                if case .dollarIdentifier(let name) = reference.baseName.tokenKind { return [String(name.dropFirst())] }
                return nil
            }
            if name.hasPrefix("$") || name.hasPrefix("_") { name.removeFirst() }
            return [name]
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
                return [name.hasPrefix("$") || name.hasPrefix("_") ? String(name.dropFirst()) : name]
            }
            return path(of: base).map { $0 + [name] }
        }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return path(of: chained.expression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return path(of: forced.expression) }
        if let subscripted = expression.as(SubscriptCallExprSyntax.self) { return path(of: subscripted.calledExpression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1 {
            return path(of: tuple.elements.first!.expression)
        }
        return nil
    }
}

/// Walks one piece of work, recording events and following calls to the view's functions.
private final class EventRecorder: SyntaxVisitor {
    let view: ViewDeclaration?
    let depth: Int
    let stack: [String]
    var events: [WorkTrace.Event] = []
    var assignmentSites: [Int: Syntax] = [:]
    var followed: [String] = []

    /// Records the assignment of `path` by `node`.
    private func assign(_ path: [String], at node: some SyntaxProtocol) {
        assignmentSites[events.count] = Syntax(node)
        events.append(.assignment(path))
    }

    init(view: ViewDeclaration?, depth: Int, stack: [String]) {
        self.view = view
        self.depth = depth
        self.stack = stack
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    /// The calls whose function's events were recorded in their place.
    private var inlinedCalls: Set<SyntaxIdentifier> = []

    /// The awaits whose suspension was recorded before their operand's events.
    private var suspendedFirst: Set<SyntaxIdentifier> = []

    // `await MainActor.run { … }` (any arguments, `try` before it) suspends to reach the main actor, then
    // runs its closure: what the closure writes comes after that suspension, and nothing that can be cancelled follows.
    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        if node.awaitedExpression.as(FunctionCallExprSyntax.self).map(RunOnceFlag.isMainActorRun) ?? false {
            events.append(.suspension)
            suspendedFirst.insert(node.id)
        }
        return .visitChildren
    }

    // `await f()` of a followed function suspends where `f` does, already recorded.
    override func visitPost(_ node: AwaitExprSyntax) {
        if inlinedCalls.contains(node.awaitedExpression.id) || suspendedFirst.contains(node.id) { return }
        events.append(.suspension)
    }

    // A `catch` runs instead of the rest of its `do`: what the `do` wrote after its last `try`
    // does not come before what the `catch` awaits.
    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
        guard !node.catchClauses.isEmpty else { return .visitChildren }
        events.append(.paths(.begin))
        walk(node.body)
        for clause in node.catchClauses {
            events.append(.paths(.otherwise))
            walk(clause.body)
        }
        events.append(.paths(.end))
        return .skipChildren
    }

    // A `defer` runs when its scope ends: `defer { isLoading = false }` resets after the awaits
    // below it, it does not set before them.
    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        let deferred = node.compactMap { $0.item.as(DeferStmtSyntax.self) }
        guard !deferred.isEmpty else { return .visitChildren }
        for item in node where !item.item.is(DeferStmtSyntax.self) { walk(item) }
        for statement in deferred.reversed() { walk(statement.body) }
        return .skipChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.awaitKeyword != nil { events.append(.suspension) }
        return .visitChildren
    }

    override func visitPost(_ node: InOutExprSyntax) {
        if let path = WorkTrace.path(of: node.expression) { assign(path, at: node) }
    }

    // The right-hand side runs before the assignment, so the assignment is recorded after it.
    override func visitPost(_ node: SequenceExprSyntax) {
        let elements = Array(node.elements)
        guard elements.count >= 3 else { return }
        let compound = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text
        guard elements[1].is(AssignmentExprSyntax.self)
            || compound.map({ $0.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains($0) }) == true else { return }
        if let path = WorkTrace.path(of: elements[0]) {
            assign(path, at: node)
        } else if let tuple = elements[0].as(TupleExprSyntax.self) {
            for element in tuple.elements {
                if let path = WorkTrace.path(of: element.expression) { assign(path, at: node) }
            }
        }
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
        var callee = node.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
            let method = member.declName.baseName.text
            let isSelf = base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            if isSelf {
                if follow(method) { inlinedCalls.insert(ExprSyntax(node).id) }
            } else if let receiver = WorkTrace.path(of: base) {
                events.append(.call(receiver: receiver, method: method))
                if method == "toggle" && node.arguments.isEmpty { assign(receiver, at: node) }
            }
        } else if let reference = callee.as(DeclReferenceExprSyntax.self) {
            if follow(reference.baseName.text) { inlinedCalls.insert(ExprSyntax(node).id) }
        }
    }

    /// Records the events of the view's function `name` at this point, within the depth;
    /// false when it is not followed.
    private func follow(_ name: String) -> Bool {
        guard let view, depth < WorkTrace.depth, !stack.contains(name),
              let function = view.function(named: name), let body = function.body else { return false }
        if !followed.contains(name) { followed.append(name) }
        let inner = EventRecorder(view: view, depth: depth + 1, stack: stack + [name])
        inner.walk(body)
        for (index, site) in inner.assignmentSites { assignmentSites[events.count + index] = site }
        events += inner.events
        followed += inner.followed.filter { !followed.contains($0) }
        return true
    }
}
