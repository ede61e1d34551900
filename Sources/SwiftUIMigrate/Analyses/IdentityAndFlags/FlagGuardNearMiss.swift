import SwiftSyntax

/// A run-once flag check that the rewrite cannot take out as it is, in one of these forms:
/// - a compound check: `guard !shown, isSignedIn else { return }`, `if !didAppear, canFilter { … }`,
///   `if query.isEmpty || !isFirstRun { return }`;
/// - a guard whose `else` does more than return: `else { log("skipped"); return }`;
/// - an `if`/`else` whose other branch runs on every later appearance:
///   `if !didLoad { didLoad = true; load() } else { refresh() }`;
/// - a check whose flag the closure does not set itself but a function of the view it calls does
///   (`guard !isLoaded else { return }; await load()` with `isLoaded = true` in `load()`);
/// and any of these, or a plain check, whose flag is also set back elsewhere (a `defer`, a
/// completion handler, `.onDisappear`) or passed on as `$flag`: then the one finding names both.
///
/// Such a closure still hand-rolls "once" on top of `onAppear`, so `guard-flag-load`
/// reports it for a person to check, and `onappear-task` leaves it alone like any
/// run-once-flag closure.
struct FlagGuardNearMiss {
    /// One fact about the check that a person must weigh.
    enum Fact {
        /// The check tests other conditions too (the whole condition, as written).
        case otherConditions(String)
        /// The guard's `else` does more than return (its first statement).
        case elseDoesMore(String)
        /// The other branch of an `if`/`else` runs on every later appearance (its first statement).
        case laterBranch(String)
        /// The flag is set only in this function of the view, which the work calls.
        case setOnlyIn(String)
        /// The flag is set back to its initial value (or to something the rule cannot read) here.
        case setBack(ExprSyntax)
        /// `$flag` is passed on here, as a binding that can set it back.
        case binding(ExprSyntax)
    }

    /// The flag's name.
    var flag: String
    /// What a person must check: the shape of the check first, then what else writes the flag.
    var facts: [Fact]
    /// The work that runs only while the flag is at its initial value: the statements after an
    /// early exit, or the branch of an `if` taken the first time.
    var guardedWork: [Syntax]

    /// True when the flag is also set back or passed on: an in-flight or state flag rather than
    /// only a run-once one.
    var isSetBack: Bool {
        facts.contains { fact in
            switch fact {
            case .setBack, .binding: true
            default: false
            }
        }
    }

    /// True when the check guards "once" with nothing else to weigh but other conditions or a set in a
    /// function the work calls: no branch or `else` that does more, and no set back.
    var isLoadOnce: Bool {
        facts.allSatisfy { fact in
            switch fact {
            case .otherConditions, .setOnlyIn: true
            default: false
            }
        }
    }

    /// The near miss among `statements` (or, when the last statement is a `Task { }`, the
    /// top level of its body), for a flag of `view` written somewhere in `statements` or in a
    /// function of the view they call.
    static func find(in statements: CodeBlockItemListSyntax, of view: ViewDeclaration) -> FlagGuardNearMiss? {
        var scopes = [statements]
        if let last = statements.last, let task = InnerTask(last) { scopes.append(task.closure.statements) }
        for scope in scopes {
            let list = Array(scope)
            for (index, statement) in list.enumerated() {
                let following = list[(index + 1)...].map(Syntax.init)
                if let found = nearMiss(statement, followedBy: following, of: view, writtenIn: Syntax(statements)) { return found }
            }
        }
        return nil
    }

    /// A flag test of a check, and whether the work proceeds when the test holds (`guard t`,
    /// `if t { work }`) or when it does not (`if t { return }`).
    private struct Test {
        var expression: ExprSyntax
        var proceedsWhenHolds: Bool
    }

    /// The parts of a check statement: its tests, the whole condition, and its other branch.
    private struct Check {
        var tests: [Test]
        var conditions: ConditionElementListSyntax
        /// The statements of a guard's `else`.
        var guardElse: CodeBlockItemListSyntax?
        /// The branches of an `if … else`: the body and the else part.
        var branches: (body: CodeBlockSyntax, other: IfExprSyntax.ElseBody)?

        init?(_ statement: CodeBlockItemSyntax) {
            if let guardStmt = statement.item.as(GuardStmtSyntax.self) {
                conditions = guardStmt.conditions
                guardElse = guardStmt.body.statements
            } else if let ifExpr = RunOnceFlag.ifExpression(statement) {
                conditions = ifExpr.conditions
                branches = ifExpr.elseBody.map { (ifExpr.body, $0) }
                if ifExpr.elseBody == nil, RunOnceFlag.isBareReturn(ifExpr.body), conditions.count == 1,
                   case .expression(let condition) = conditions.first!.condition {
                    // `if a || b { return }` goes on only when no operand holds.
                    tests = condition.operands(joinedBy: "||").map { Test(expression: $0, proceedsWhenHolds: false) }
                    return
                }
            } else {
                return nil
            }
            tests = Self.conjuncts(of: conditions).map { Test(expression: $0, proceedsWhenHolds: true) }
        }

        /// The operands of each condition joined by `,` or `&&`; a binding (`let x`) counts as a condition of its own.
        private static func conjuncts(of conditions: ConditionElementListSyntax) -> [ExprSyntax] {
            conditions.flatMap { element -> [ExprSyntax] in
                guard case .expression(let expression) = element.condition else {
                    return [ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("_")))]
                }
                return expression.operands(joinedBy: "&&")
            }
        }
    }

    private static func nearMiss(
        _ statement: CodeBlockItemSyntax, followedBy following: [Syntax], of view: ViewDeclaration, writtenIn region: Syntax
    ) -> FlagGuardNearMiss? {
        guard let check = Check(statement) else { return nil }
        // Of the flags a check tests (`hasMore && !isLoadingPage`), an in-flight guard's decides.
        var found: [FlagGuardNearMiss] = []
        for test in check.tests {
            guard let (name, holdsWhen) = RunOnceFlag.flagTest(test.expression), let property = view.storedProperty(named: name),
                  let initial = RunOnceFlag.flagInitialValue(property) else { continue }
            let proceedsWhen = test.proceedsWhenHolds ? holdsWhen : !holdsWhen
            // Only a check that lets the work through while the flag is still at its initial value
            // guards "once"; `guard appeared else { appeared = true; return }` skips the first time instead.
            // An `if … else` runs one branch the first time and the other later, whichever it is.
            guard proceedsWhen == initial || check.branches != nil else { continue }
            let writtenHere = writes(name, in: region)
            let setter = writtenHere ? nil : function(writing: name, calledFrom: region, in: view)
            guard writtenHere || setter != nil else { continue }

            var facts: [Fact] = []
            var guardedWork = following
            if let (body, other) = check.branches {
                let firstTime: Syntax? = proceedsWhen == initial ? Syntax(body) : firstStatement(of: other).map { Syntax($0) }
                guardedWork = firstTime.map { [$0] } ?? []
            } else if let ifExpr = RunOnceFlag.ifExpression(statement), check.guardElse == nil, check.tests.allSatisfy(\.proceedsWhenHolds) {
                guardedWork = [Syntax(ifExpr.body)]
            }
            if check.tests.count > 1 {
                facts.append(.otherConditions(Self.oneLine(check.conditions.trimmedDescription)))
            } else if let elseStatements = check.guardElse,
                      elseStatements.count > 1 || !(elseStatements.last?.item.is(ReturnStmtSyntax.self) ?? false) {
                facts.append(.elseDoesMore(elseStatements.first?.trimmedDescription ?? ""))
            } else if let (body, other) = check.branches {
                let later: SyntaxProtocol? = proceedsWhen == initial ? Self.firstStatement(of: other) : body
                let quoted = later.map { ($0.as(CodeBlockSyntax.self)?.statements.first).map(Syntax.init) ?? Syntax($0) }
                facts.append(.laterBranch(quoted.map { Self.firstLine(of: $0.trimmedDescription) } ?? ""))
            }
            if let setter { facts.append(.setOnlyIn(setter)) }
            if let use = otherWriter(of: name, initial: initial, in: view) { facts.append(use) }
            // A plain check set in the closure is `RunOnceFlag`'s, not a near miss.
            let nearMiss = FlagGuardNearMiss(flag: name, facts: facts, guardedWork: guardedWork)
            guard facts.count > (nearMiss.isSetBack ? 1 : 0) else { continue }
            found.append(nearMiss)
        }
        return found.first { $0.isInFlightGuard(in: view) } ?? found.first
    }

    /// The else part of an `if`: its block, or the `else if` standing for it.
    private static func firstStatement(of elseBody: IfExprSyntax.ElseBody) -> SyntaxProtocol? {
        switch elseBody {
        case .codeBlock(let block): block
        case .ifExpr(let nested): nested
        @unknown default: nil
        }
    }

    /// `text` with each run of whitespace and line breaks as one space: a multi-line condition, quoted.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r\n" || $0 == "\r" }).joined(separator: " ")
    }

    private static func firstLine(of text: String) -> String {
        let first = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text
        return first == text ? text : first + " …"
    }

    /// A use of `name` in `view` that sets it back to `initial` (or to a value the rule cannot
    /// read), or passes it on as a binding (`$name`): a re-entrancy or state flag, not only a
    /// run-once one.
    private static func otherWriter(of name: String, initial: Bool, in view: ViewDeclaration) -> Fact? {
        for use in view.uses(of: name) where !isInInitializer(use) {
            if use.trimmedDescription == "$" + name { return .binding(use) }
            if setsBack(use, initial: initial) { return .setBack(use) }
        }
        return nil
    }

    /// True when `use` is assigned `initial` (or a value the rule cannot read): `flag = false`.
    private static func setsBack(_ use: ExprSyntax, initial: Bool) -> Bool {
        guard let sequence = use.parent?.parent?.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[0].id == use.id, elements[1].is(AssignmentExprSyntax.self) else { return false }
        guard let literal = elements[2].as(BooleanLiteralExprSyntax.self) else { return true }
        return (literal.literal.tokenKind == .keyword(.true)) == initial
    }

    /// True when the flag is an in-flight guard: the guarded work (with the functions of `view` it
    /// calls) sets it before an await and sets it back itself after an await or in a `defer` — not
    /// elsewhere (`.onDisappear`, a completion handler it hands on first) — so it stops the work
    /// running twice at once.
    func isInFlightGuard(in view: ViewDeclaration) -> Bool {
        guard isSetBack, let property = view.storedProperty(named: flag),
              let initial = RunOnceFlag.flagInitialValue(property) else { return false }
        let trace = WorkTrace(of: guardedWork, in: view)
        guard trace.assignmentSiteBeforeSuspending([flag]) != nil else { return false }
        // The guarded statements are one region, each function the work calls another.
        let regions = [guardedWork] + trace.followedBodies(in: view).map { [$0] }
        return view.uses(of: flag).contains { use in
            let offset = use.positionAfterSkippingLeadingTrivia.utf8Offset
            guard Self.setsBack(use, initial: initial),
                  let region = regions.first(where: { nodes in
                      nodes.contains { $0.position.utf8Offset <= offset && offset < $0.endPosition.utf8Offset }
                  }) else { return false }
            if use.ancestorOrSelf(mapping: { $0.as(DeferStmtSyntax.self) }) != nil { return true }
            let firstAwait = region.lazy.flatMap { $0.tokens(viewMode: .sourceAccurate) }.first { $0.tokenKind == .keyword(.await) }
            return firstAwait.map { $0.positionAfterSkippingLeadingTrivia.utf8Offset < offset } ?? false
        }
    }

    /// True when `node` stands in an `init`: there `self.flag = …` sets the first value, not a new one.
    private static func isInInitializer(_ node: some SyntaxProtocol) -> Bool {
        // The innermost `init`, function or closure around `node` is the code it runs in.
        let scope = node.parent?.ancestorOrSelf { node -> SyntaxKind? in
            switch node.kind {
            case .initializerDecl, .functionDecl, .closureExpr: node.kind
            default: nil
            }
        }
        return scope == .initializerDecl
    }

    /// True when `region` writes `name` (`name = …`, `self.name = …`, `name.toggle()`).
    private static func writes(_ name: String, in region: Syntax) -> Bool {
        WorkTrace(of: [region], in: nil).events.contains(.assignment([name]))
    }

    /// The function of the view, called from `region` (a few calls deep), whose own body writes `name`.
    private static func function(writing name: String, calledFrom region: Syntax, in view: ViewDeclaration) -> String? {
        let trace = WorkTrace(of: [region], in: view)
        guard trace.events.contains(.assignment([name])) else { return nil }
        return trace.followed.first { function in
            view.function(named: function)?.body.map { writes(name, in: Syntax($0)) } ?? false
        }
    }
}

extension ExprSyntax {
    /// The operands of `a op b op c`, or the expression itself.
    func operands(joinedBy op: String) -> [ExprSyntax] {
        guard let sequence = self.as(SequenceExprSyntax.self) else { return [self] }
        let elements = Array(sequence.elements)
        guard elements.count >= 3,
              elements.enumerated().allSatisfy({ index, element in
                  index % 2 == 0 || element.as(BinaryOperatorExprSyntax.self)?.operator.text == op
              }) else { return [self] }
        return elements.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    }
}
