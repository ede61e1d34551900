import SwiftSyntax

/// One finding per modifier per run (DESIGN §8): a modifier the run rewrites is not also reported.
///
/// Two rules can reach the same modifier. When `group-lifecycle` reports a Group (its lifecycle
/// modifier belongs on another view), a rule that would rewrite one of that Group's modifiers in
/// place does not: the report says to move the modifier first, and the next run rewrites it where
/// it lands. When one rule rewrites a modifier of the original text and another skips or reports it
/// (or the modifier a rewrite deletes), the rewrite is what happens: the other finding is dropped.
/// What a later pass finds in rewritten text is about the code the run leaves, and stays.
public enum OneFindingPerModifier {
    /// `findings` of one pass without the rewrites of a modifier on a Group `group-lifecycle` reports or
    /// skips; `tree` is the pass's text, `original` maps its offsets to the original file's (the identity on the first pass).
    /// Public for the fuzzer, whose replay of the rules' edits must leave out what the engine leaves out.
    public static func withoutRewritesOnReportedGroups(
        _ found: [Finding], reported findings: [Finding], in tree: SourceFileSyntax, original: (Int) -> Int = { $0 }
    ) -> [Finding] {
        let groups = Set(findings.filter { $0.ruleID == GroupLifecycleRule.id && $0.action.isReportOrSkip }.map(\.offset))
        guard !groups.isEmpty, found.contains(where: { $0.action == .rewrite && $0.ruleID != GroupLifecycleRule.id }) else { return found }
        let locator = TokenLocator(tree)
        return found.filter { finding in
            guard finding.action == .rewrite, finding.ruleID != GroupLifecycleRule.id,
                  let group = groupName(ofModifierAt: finding.offset, locator) else { return true }
            return !groups.contains(original(group))
        }
    }

    /// `findings` of the first pass (with their edits) without a skip or report
    /// at the place of another rule's rewrite, or at a modifier one of its edits deletes.
    static func withoutReportsOfRewrittenModifiers(_ findings: [Finding]) -> [Finding] {
        let rewrites = findings.filter { $0.action == .rewrite }
        guard !rewrites.isEmpty else { return findings }
        return findings.filter { finding in
            guard finding.action.isReportOrSkip else { return true }
            return !rewrites.contains { rewrite in
                rewrite.ruleID != finding.ruleID && (rewrite.offset == finding.offset || rewrite.edits.contains {
                    $0.range.contains(finding.offset) && $0.replacement.allSatisfy(\.isWhitespace)
                })
            }
        }
    }

    /// The offset of the `Group` name when the token at `offset` names a modifier applied to a
    /// `Group { … }` (through other modifiers and `#if` clauses); nil otherwise.
    static func groupName(ofModifierAt offset: Int, _ locator: TokenLocator) -> Int? {
        guard let token = locator.token(at: offset),
              let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
              member.declName.baseName.id == token.id else { return nil }
        var base = member.base
        if base == nil {
            // A link inside an `#if` clause: the chain goes on below the `#if`.
            var node = Syntax(member)
            while let parent = node.parent, !parent.is(PostfixIfConfigExprSyntax.self) { node = parent }
            base = node.parent?.as(PostfixIfConfigExprSyntax.self)?.base
        }
        guard let base, let call = ModifierChainBase.base(of: base).as(FunctionCallExprSyntax.self),
              let group = GroupCall(call) else { return nil }
        return group.name.positionAfterSkippingLeadingTrivia.utf8Offset
    }
}

private extension FindingAction {
    var isReportOrSkip: Bool { self == .report || self == .skip }
}
