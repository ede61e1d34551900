import SwiftSyntax

/// A loading pair: a start (`.onAppear { }`, `.onAppear(perform:)`, `.task { }`) and the
/// `.onChange(of:)` links of the same modifier chain that run exactly the same work
/// (`LoadingWork.isSame`: the same statements, the new value read as the observed value,
/// `Task { W }` as `W`).
///
/// ```swift
/// .onAppear { Task { profile = await api.profile(userID) } }
/// .onChange(of: userID) { Task { profile = await api.profile(userID) } }
/// ```
/// An onChange that calls the same function with other arguments, runs one statement more or
/// fewer, or shares work only in a branch is not part of a pair: there is no pair to merge,
/// and the other rules decide the start as if that onChange were not there.
///
/// Found for `appear-change-load`, which decides every pair (one finding each), and for
/// `onappear-task`, which leaves a pair's start to it: rewriting the start alone would leave
/// a `.task` racing the onChange's Task. Links inside `#if` clauses are not paired.
struct LoadingPair {
    /// One `onChange` link of the pair and its work.
    struct Change {
        var modifier: ValueChangeModifier
        var work: LoadingWork
    }

    /// The start.
    var start: LifecycleModifier
    /// The start's work.
    var startWork: LoadingWork
    /// The onChange links running the start's work, in chain order (innermost first).
    var changes: [Change]

    /// Every pair of the context's file, in source order of their starts.
    static func all(in context: RuleContext) -> SiteSequence<[LoadingPair]> {
        context.sites(found(in: context))
    }

    /// The pairs of the file, found by the first site of the pass that asks.
    private static func found(in context: RuleContext) -> [LoadingPair] {
        context.memoized(LoadingPair.self) { find(in: context) }
    }

    private static func find(in context: RuleContext) -> [LoadingPair] {
        var seenRoots: Set<SyntaxIdentifier> = []
        var pairs: [LoadingPair] = []
        for call in context.calls(named: ["onChange"]) where ValueChangeModifier(call) != nil {
            let root = ModifierChainBase.base(of: ExprSyntax(call))
            guard seenRoots.insert(root.id).inserted else { continue }
            pairs += Self.pairs(in: ModifierChain(above: root))
        }
        return pairs.sorted { $0.start.nameToken.position < $1.start.nameToken.position }
    }

    private static func pairs(in chain: ModifierChain) -> [LoadingPair] {
        let calls = chain.modifiers.filter { !$0.isConditional }.compactMap(\.call)
        var starts: [(LifecycleModifier, LoadingWork)] = []
        var changes: [Change] = []
        for call in calls {
            if let start = LifecycleModifier(call), !start.hasID, let work = work(of: start) {
                starts.append((start, work))
            } else if let change = ValueChangeModifier(call), let work = work(of: change) {
                changes.append(Change(modifier: change, work: work))
            }
        }
        var pairs: [LoadingPair] = []
        var taken: Set<SyntaxIdentifier> = []
        for (start, work) in starts {
            let sharing = changes.filter { change in
                !taken.contains(change.modifier.call.id) && change.work.isSame(as: work)
            }
            guard !sharing.isEmpty else { continue }
            for change in sharing { taken.insert(change.modifier.call.id) }
            pairs.append(LoadingPair(start: start, startWork: work, changes: sharing))
        }
        return pairs
    }

    private static func work(of start: LifecycleModifier) -> LoadingWork? {
        if let closure = start.closure {
            // `.task { @MainActor in … }`: a view's task action runs on the main actor anyway.
            guard closure.signature == nil || (start.name == "task" && closure.isMainActorOnly) else { return nil }
            return LoadingWork(statements: closure.statements)
        }
        if start.name == "onAppear", let reference = start.actionReference { return LoadingWork(reference: reference) }
        return nil
    }

    private static func work(of change: ValueChangeModifier) -> LoadingWork? {
        if let closure = change.closure {
            return LoadingWork(statements: closure.statements, newValue: change.newValueName, value: change.value)
        }
        if let reference = change.actionReference { return LoadingWork(reference: reference, argument: change.value) }
        return nil
    }
}

extension LoadingPair {
    /// True when `modifier` is the start of a loading pair in the context's file.
    static func isStart(_ modifier: LifecycleModifier, in context: RuleContext) -> Bool {
        context.memoized(StartIdentifiers.self) { StartIdentifiers(calls: Set(found(in: context).map(\.start.call.id))) }
            .calls.contains(modifier.call.id)
    }

    /// The calls that start a pair in the file, for `isStart`.
    private struct StartIdentifiers {
        var calls: Set<SyntaxIdentifier>
    }
}

extension ClosureExprSyntax {
    /// True when the closure's only signature is `@MainActor in`.
    var isMainActorOnly: Bool {
        guard let signature, signature.capture == nil, signature.parameterClause == nil, signature.effectSpecifiers == nil,
              signature.returnClause == nil, signature.attributes.count == 1,
              let attribute = signature.attributes.first?.as(AttributeSyntax.self) else { return false }
        return attribute.attributeName.trimmedDescription == "MainActor" && attribute.arguments == nil
    }
}
