import SwiftSyntax

/// The oldest OS version of each platform a file is compiled for, and where that was read.
///
/// A platform the floor does not name is taken as not built for: a package whose `platforms:`
/// lists only `.iOS(.v16)` is an iOS package (its SwiftUI views would need `@available` to build
/// for macOS at SwiftPM's default floor, and those attributes raise the floor locally). An empty
/// floor is unknown: fixes go ahead, and `scan` says which floor it assumed.
public struct DeploymentFloor: Sendable, Hashable {
    /// The oldest version per platform.
    public var minimums: [Platform: PlatformVersion]
    /// Where the floor was read, for messages: `.swiftui-migrate.json`, `Packages/Env/Package.swift`,
    /// `App.xcodeproj`; empty when unknown.
    public var source: String

    public init(_ minimums: [Platform: PlatformVersion], source: String) {
        self.minimums = minimums
        self.source = source
    }

    /// No deployment target was found: every fix goes ahead.
    public static let unknown = DeploymentFloor([:], source: "")

    /// True when at least one platform's floor is known.
    public var isKnown: Bool { !minimums.isEmpty }

    /// The floor in words, platforms in a fixed order: `iOS 15.0, macOS 12.0`.
    public var summary: String {
        minimums.keys.sorted().map { "\($0.rawValue) \(minimums[$0]!)" }.joined(separator: ", ")
    }

    /// Why a fix that introduces `api` at `node` must not be made: the floor, raised by the
    /// `if #available`, `guard #available` and `@available` around `node`, is below the API's
    /// minimum on some platform that compiles `node` (see `LocalAvailability.platforms`). Nil when
    /// the API is available (or the floor is unknown).
    public func shortfall(of api: FlooredAPI, at node: some SyntaxProtocol) -> FloorShortfall? {
        guard isKnown else { return nil }
        let local = LocalAvailability(enclosing: node)
        let raised = local.minimums
        var below: [FloorShortfall.Platform] = []
        // A platform `#if os(…)` or `@available(…, unavailable)` leaves out does not compile the node.
        for platform in minimums.keys.sorted() where local.platforms?.contains(platform) ?? true {
            guard let needed = api.minimums[platform] else { continue }
            let floor = max(minimums[platform]!, raised[platform] ?? minimums[platform]!)
            if floor < needed { below.append(.init(platform: platform, floor: floor, needed: needed)) }
        }
        guard !below.isEmpty else { return nil }
        let isLocal = below.contains { entry in raised[entry.platform].map { $0 > minimums[entry.platform]! } ?? false }
        return FloorShortfall(api: api.name, platforms: below, source: source, isRaisedLocally: isLocal)
    }
}

extension Configuration {
    /// A default configuration whose `deploymentTarget` is `minimums`: for rule examples below or above the floor.
    public static func withDeploymentTarget(_ minimums: [Platform: PlatformVersion]) -> Configuration {
        var configuration = Configuration()
        configuration.deploymentTarget = DeploymentFloor(minimums, source: fileName)
        return configuration
    }
}

/// A fix's API is newer than the deployment floor where it would stand: on which platforms, by
/// how much, and where the floor comes from.
public struct FloorShortfall: Hashable, Sendable {
    /// One platform whose floor is below the API's minimum.
    public struct Platform: Hashable, Sendable {
        public var platform: SwiftUIMigrate.Platform
        /// The floor there (raised by the enclosing availability checks, if any).
        public var floor: PlatformVersion
        /// The API's minimum.
        public var needed: PlatformVersion
    }

    /// The API's name: `task`, `onChange(of:initial:)`.
    public var api: String
    /// The platforms below, in a fixed order.
    public var platforms: [Platform]
    /// Where the floor comes from: `.swiftui-migrate.json`, `Package.swift`, an Xcode project.
    public var source: String
    /// True when an enclosing `if #available`/`@available` raised the floor here.
    public var isRaisedLocally: Bool
}
