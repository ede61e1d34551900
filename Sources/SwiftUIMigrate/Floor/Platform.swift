/// An Apple platform a deployment floor can name.
public enum Platform: String, CaseIterable, Sendable, Comparable {
    case iOS, macOS, tvOS, watchOS, visionOS, macCatalyst

    /// The platform a name from `#available`, `@available` or `.swiftui-migrate.json` stands for:
    /// `iOS`, `macOS` (also `OSX`), `tvOS`, `watchOS`, `visionOS`, `macCatalyst`; the `…ApplicationExtension`
    /// variants count as their platform.
    public init?(availabilityName name: String) {
        let base = name.hasSuffix("ApplicationExtension") ? String(name.dropLast("ApplicationExtension".count)) : name
        self.init(rawValue: base == "OSX" ? Platform.macOS.rawValue : base)
    }

    /// The Xcode build setting that holds the platform's deployment target.
    public var xcodeSetting: String? {
        switch self {
        case .iOS: "IPHONEOS_DEPLOYMENT_TARGET"
        case .macOS: "MACOSX_DEPLOYMENT_TARGET"
        case .tvOS: "TVOS_DEPLOYMENT_TARGET"
        case .watchOS: "WATCHOS_DEPLOYMENT_TARGET"
        case .visionOS: "XROS_DEPLOYMENT_TARGET"
        case .macCatalyst: nil
        }
    }

    public static func < (lhs: Platform, rhs: Platform) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A version such as `15`, `15.4` or `10.15.2`; missing components count as zero.
public struct PlatformVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numbers, at least one.
    public var components: [Int]

    /// A version from its components; `[17]` is 17.0.
    public init(_ components: Int...) { self.components = components.isEmpty ? [0] : components }

    /// Reads `"15"`, `"15.4"`, `"10.15.2"` (also `10_15`, as SwiftPM's `.v10_15` spells it); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "_" }
        guard !parts.isEmpty, parts.count <= 3 else { return nil }
        let numbers = parts.compactMap { $0.allSatisfy(\.isASCII) ? Int($0) : nil }
        guard numbers.count == parts.count, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
        components = numbers
    }

    /// `15.0`, `15.4`, `10.15.2`: at least two components.
    public var description: String {
        (components.count == 1 ? components + [0] : components).map(String.init).joined(separator: ".")
    }

    public static func < (lhs: PlatformVersion, rhs: PlatformVersion) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    public static func == (lhs: PlatformVersion, rhs: PlatformVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.count > 1 && trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}
