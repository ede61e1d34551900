/// What a fix promises about behaviour.
///
/// A rewrite never claims more than the documented facts: it is either
/// `preserving` (same behaviour under the documented semantics and on current
/// SDKs) or a `behaviorChange` with one sentence saying what changes.
public enum SafetyLabel: Hashable, Sendable {
    case preserving
    case behaviorChange(String)

    /// `preserving` or `behavior-change`, as printed and as accepted by `--only`.
    public var name: String {
        switch self {
        case .preserving: return "preserving"
        case .behaviorChange: return "behavior-change"
        }
    }

    /// The sentence saying what changes; nil for a preserving fix.
    public var explanation: String? {
        switch self {
        case .preserving: return nil
        case .behaviorChange(let sentence): return sentence
        }
    }
}
