/// What a fix promises about behaviour.
///
/// A rewrite never claims more than the documented facts: it is either
/// `preserving` (same behaviour under the documented semantics and on current
/// SDKs) or a behaviour change with one sentence saying what changes. The label stays
/// strict, and what a person reads sorts the changes: a behaviour change under the
/// documented semantics may change nothing at runtime on the file's floor as SwiftUI
/// behaves since iOS 15 SDK builds (a hoist of a Group showing one view on every path,
/// outside a List/Form row): `changesRuntime: false`. Both print as `behavior-change`,
/// and `--only preserving` leaves both out.
public enum SafetyLabel: Hashable, Sendable {
    case preserving
    /// What changes, in one sentence; `changesRuntime` is false when nothing changes at
    /// runtime on the file's floor.
    case behaviorChange(String, changesRuntime: Bool = true)

    /// `preserving` or `behavior-change`, as printed and as accepted by `--only`.
    public var name: String {
        switch self {
        case .preserving: return "preserving"
        case .behaviorChange: return "behavior-change"
        }
    }

    /// The label as a scan line prints it: the name, qualified when nothing changes at runtime.
    public var printed: String {
        changesRuntime || self == .preserving ? name : "\(name), \(Self.noRuntimeChangeQualifier)"
    }

    /// What a behaviour change with no runtime change adds to its name where it is printed.
    public static let noRuntimeChangeQualifier = "no runtime change on this floor"

    /// False when the fix changes nothing at runtime on the file's floor (`preserving`, and a
    /// behaviour change that says so); the `runtimeChange` field of JSON and SARIF.
    public var changesRuntime: Bool {
        if case .behaviorChange(_, let changesRuntime) = self { return changesRuntime }
        return false
    }

    /// The sentence saying what changes; nil for a preserving fix.
    public var explanation: String? {
        switch self {
        case .preserving: return nil
        case .behaviorChange(let sentence, _): return sentence
        }
    }
}
