import SwiftSyntax

/// Facts about one parsed file that several rules need, each worked out once, on first use.
///
/// A pass over a file builds one `RuleContext` for all rules; this box behind it keeps what
/// the first rule computed (the file's style, its line table, its function calls) for the
/// others, and computes nothing no rule asks for — most files produce no finding and never
/// need a line table. Not thread-safe: a context belongs to the one pass that made it.
final class SharedFileFacts {
    private let tree: SourceFileSyntax
    private let bytes: [UInt8]

    /// What an earlier check left for this pass: the top-level items whose function calls are walked
    /// (nil: the whole tree), and the style and line table it already worked out.
    private let recall: RememberingCheck.Recall?

    init(tree: SourceFileSyntax, bytes: [UInt8], recall: RememberingCheck.Recall? = nil) {
        self.tree = tree
        self.bytes = bytes
        self.recall = recall
    }

    lazy var style = recall?.style ?? SourceStyle(inferringFrom: bytes)
    lazy var lines = recall?.lines ?? LineTable(bytes: bytes)
    lazy var functionCalls: [FunctionCallExprSyntax] = {
        let collector = FunctionCallCollector(viewMode: .sourceAccurate)
        if let recall {
            for item in recall.uncheckedItems { collector.walk(item) }
        } else {
            collector.walk(tree)
        }
        return collector.calls
    }()

    /// Facts an analysis works out about the whole file, by the type that names them.
    private var memos: [ObjectIdentifier: Any] = [:]

    /// The fact named `key`, computed by `compute` the first time any rule of the pass asks.
    func memoized<Value>(_ key: Any.Type, _ compute: () -> Value) -> Value {
        if let known = memos[ObjectIdentifier(key)] as? Value { return known }
        let value = compute()
        memos[ObjectIdentifier(key)] = value
        return value
    }
}

/// Every function call of a tree, in the order a walk meets them (outer calls first).
private final class FunctionCallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}
