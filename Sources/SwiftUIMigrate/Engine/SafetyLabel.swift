/// What a fix promises about behaviour.
///
/// A rewrite never claims more than the documented facts: it is either
/// `preserving` (same behaviour under the documented semantics and on current
/// SDKs) or a behaviour change with one sentence saying what changes. The label stays
/// strict, and what a person reads sorts the changes: `noRuntimeChange` is a behaviour
/// change under the documented semantics that changes nothing at runtime on the file's
/// floor as SwiftUI behaves since iOS 15 SDK builds (a hoist of a Group showing one view on
/// every path, outside a List/Form row). Both print as `behavior-change`, and `--only
/// preserving` leaves both out.
public enum SafetyLabel: Hashable, Sendable {
    case preserving
    case behaviorChange(String)
    /// A behaviour change under the documented semantics, none at runtime on the file's floor.
    case noRuntimeChange(String)

    /// `preserving` or `behavior-change`, as printed and as accepted by `--only`.
    public var name: String {
        switch self {
        case .preserving: return "preserving"
        case .behaviorChange, .noRuntimeChange: return "behavior-change"
        }
    }

    /// The label as a scan line prints it: the name, qualified when nothing changes at runtime.
    public var printed: String {
        switch self {
        case .noRuntimeChange: return "\(name), \(Self.noRuntimeChangeQualifier)"
        case .preserving, .behaviorChange: return name
        }
    }

    /// What a `noRuntimeChange` label adds to its name where it is printed.
    public static let noRuntimeChangeQualifier = "no runtime change on this floor"

    /// False when the fix changes nothing at runtime on the file's floor (`preserving`,
    /// `noRuntimeChange`); the `runtimeChange` field of JSON and SARIF.
    public var changesRuntime: Bool {
        if case .behaviorChange = self { return true }
        return false
    }

    /// The sentence saying what changes; nil for a preserving fix.
    public var explanation: String? {
        switch self {
        case .preserving: return nil
        case .behaviorChange(let sentence), .noRuntimeChange(let sentence): return sentence
        }
    }
}
