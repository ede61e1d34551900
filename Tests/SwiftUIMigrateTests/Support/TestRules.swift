import Foundation
import SwiftSyntax
import SwiftUIMigrate

/// A rule made of a closure, for testing the engine and the harness with
/// behaviour the shipped rules do not have.
struct ClosureRule: Rule {
    var id: String
    var isEnabledByDefault: Bool = true
    var documentation = RuleDocumentation(
        summary: "a test-only rule", detects: "what the test says", fix: "what the test says", safety: "preserving")
    var examples = RuleExamples(triggering: [], nonTriggering: [], corrections: [])
    var triggerWords: [String]
    var requiredWords: [String] = []
    var options: [RuleOption] = []
    var reasons: [RuleReason] { FindingAction.allCases.map(TestRules.reason) }
    var body: @Sendable (RuleContext, String) -> [Finding]

    func findings(in context: RuleContext) -> [Finding] { body(context, id) }
}

/// Factories for the test-only rules.
enum TestRules {
    /// Reports (action `report`) every call `.name(…)` / `.name { … }`, at the name.
    static func reportCalls(_ name: String, id: String = "report-calls") -> ClosureRule {
        ClosureRule(id: id, triggerWords: [name]) { context, id in
            calls(named: name, in: context.tree).map { call in
                let member = call.calledExpression.as(MemberAccessExprSyntax.self)
                let anchor = member.map { Syntax($0.declName) } ?? Syntax(call)
                return context.finding(id, at: anchor, message: "look at this \(name)", action: .report, reason: "test")
            }
        }
    }

    /// Rewrites every identifier token `from` to `to`.
    static func rename(_ from: String, to: String, id: String = "rename") -> ClosureRule {
        ClosureRule(id: id, triggerWords: [from]) { context, id in
            context.tree.tokens(viewMode: .sourceAccurate).filter { $0.text == from }.map { token in
                context.finding(
                    id, at: token, message: "rename \(from) to \(to)", action: .rewrite, safety: .preserving,
                    edits: [context.replace(token, with: to)])
            }
        }
    }

    /// Replaces every call `name(x)` by `x`; nested calls give overlapping edits.
    static func unwrap(_ name: String, id: String = "unwrap") -> ClosureRule {
        ClosureRule(id: id, triggerWords: [name]) { context, id in
            calls(named: name, in: context.tree).compactMap { call in
                guard call.arguments.count == 1, let argument = call.arguments.first else { return nil }
                return context.finding(
                    id, at: call, message: "unwrap \(name)", action: .rewrite, safety: .preserving,
                    edits: [context.replace(call, with: argument.expression.trimmedDescription)])
            }
        }
    }

    /// Rewrites `spin…` to `spin…x`, forever.
    static func neverSettles(id: String = "spin") -> ClosureRule {
        ClosureRule(id: id, triggerWords: ["spin"]) { context, id in
            context.tree.tokens(viewMode: .sourceAccurate).filter { $0.text.hasPrefix("spin") }.map { token in
                context.finding(
                    id, at: token, message: "spin", action: .rewrite, safety: .preserving,
                    edits: [context.replace(token, with: token.text + "x")])
            }
        }
    }

    /// Rewrites the token `word` into code that does not parse.
    static func breaksParsing(_ word: String, id: String = "break") -> ClosureRule {
        ClosureRule(id: id, triggerWords: [word]) { context, id in
            context.tree.tokens(viewMode: .sourceAccurate).filter { $0.text == word }.map { token in
                context.finding(
                    id, at: token, message: "break", action: .rewrite, safety: .preserving,
                    edits: [context.replace(token, with: word + " {{ (")])
            }
        }
    }

    /// Inserts `// migrated` on a line of its own at the top of a file that lacks it.
    static func insertHeader(id: String = "header") -> ClosureRule {
        ClosureRule(id: id, triggerWords: [""]) { context, id in
            let header = "// migrated" + context.style.lineEnding
            guard !context.bytes.starts(with: Array(header.utf8)),
                  let first = context.tree.firstToken(viewMode: .sourceAccurate) else { return [] }
            return [context.finding(
                id, at: first, message: "add a header", action: .rewrite, safety: .preserving,
                edits: [.insert(header, at: 0)])]
        }
    }

    /// The calls `name(…)` or `x.name(…)` of `tree`, in source order.
    static func calls(named name: String, in tree: SourceFileSyntax) -> [FunctionCallExprSyntax] {
        let visitor = CallCollector(name: name)
        visitor.walk(tree)
        return visitor.calls
    }
}

private final class CallCollector: SyntaxVisitor {
    let name: String
    var calls: [FunctionCallExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calledName == name { calls.append(node) }
        return .visitChildren
    }
}

/// Counts how often a rule's `findings(in:)` runs.
final class CallCount: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}

extension TestRules {
    /// The one reason of a test rule for each action: `<rule>/test-<action>`.
    static func reason(_ action: FindingAction) -> RuleReason {
        RuleReason("test-\(action.rawValue)", action, headline: "", meaning: "what the test says")
    }
}

extension RuleContext {
    /// A test rule's finding: its words given as they are, its reason id `<rule>/test-<action>`.
    func finding(
        _ ruleID: String, at node: some SyntaxProtocol, message: String, action: FindingAction,
        safety: SafetyLabel? = nil, reason: String? = nil, edits: [ByteEdit] = []
    ) -> Finding {
        finding(
            ruleID, at: node, FindingWords(TestRules.reason(action), headline: message, reason: reason),
            safety: safety, edits: edits)
    }
}
