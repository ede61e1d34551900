/// A SwiftUI API that a fix introduces and that is not available on every OS version a project
/// may deploy to: a fix using it is skipped below the deployment floor.
public enum FlooredAPI: Sendable, CaseIterable {
    /// `.task { }`, `.task(id:)`, `.task(priority:)`: iOS 15, macOS 12, tvOS 15, watchOS 8.
    case task
    /// The `onChange` forms of iOS 17: an action with zero or two parameters, or `initial:`.
    /// iOS 17, macOS 14, tvOS 17, watchOS 10.
    case modernOnChange

    /// The API's name in messages.
    public var name: String {
        switch self {
        case .task: "task"
        case .modernOnChange: "onChange with zero or two parameters or initial:"
        }
    }

    /// The versions that have the API, on the four platforms that lack it before them:
    /// `iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0`.
    public var requirement: String {
        [Platform.iOS, .macOS, .tvOS, .watchOS].map { "\($0.rawValue) \(minimums[$0]!)" }.joined(separator: ", ")
    }

    /// The first version of each platform that has the API. visionOS had both from 1.0.
    public var minimums: [Platform: PlatformVersion] {
        switch self {
        case .task:
            [.iOS: PlatformVersion(15), .macCatalyst: PlatformVersion(15), .macOS: PlatformVersion(12),
             .tvOS: PlatformVersion(15), .watchOS: PlatformVersion(8), .visionOS: PlatformVersion(1)]
        case .modernOnChange:
            [.iOS: PlatformVersion(17), .macCatalyst: PlatformVersion(17), .macOS: PlatformVersion(14),
             .tvOS: PlatformVersion(17), .watchOS: PlatformVersion(10), .visionOS: PlatformVersion(1)]
        }
    }
}
