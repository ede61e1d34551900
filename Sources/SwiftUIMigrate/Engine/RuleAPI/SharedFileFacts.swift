import SwiftSyntax

/// Facts about one parsed file that several rules need, each worked out once, on first use.
///
/// A pass over a file builds one `RuleContext` for all rules; this box behind it keeps what
/// the first rule computed (the file's style, its line table, the calls of the names it looks for) for the
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
    private lazy var locator = TokenLocator(tree)
    private var callsByNames: [[String]: [FunctionCallExprSyntax]] = [:]

    /// The calls whose called name is one of `names` (`NamedCalls`), of the unchecked items only when
    /// an earlier check left a recall; worked out once per list of names.
    func calls(named names: [String]) -> [FunctionCallExprSyntax] {
        if let known = callsByNames[names] { return known }
        let calls = NamedCalls.calls(named: names, in: bytes, locator: locator, within: recall?.uncheckedItems)
        callsByNames[names] = calls
        return calls
    }

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
