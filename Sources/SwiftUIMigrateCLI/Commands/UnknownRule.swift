import PlainText
import SwiftUIMigrate

extension CommandError {
    /// `unknown rule 'group-lifecyle'; did you mean 'group-lifecycle'? (see 'swiftui-migrate rules')`,
    /// for a rule id named on the command line (`--rules`, `explain`).
    static func unknownRule(_ id: String) -> CommandError {
        CommandError(
            "unknown rule '\(id)'" + ClosestName.hint(for: id, among: RuleRegistry.all.map(\.id))
                + " (see 'swiftui-migrate rules')")
    }
}
