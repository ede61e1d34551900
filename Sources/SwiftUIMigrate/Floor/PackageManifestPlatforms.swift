import SwiftParser
import SwiftSyntax

/// The `platforms:` of a `Package.swift`, read from its syntax (the manifest is Swift, and is
/// not run): `.iOS(.v15)`, `.iOS("15.4")`, `.macOS(.v10_15)`, `.watchOS(.v8)`, `.visionOS(.v1)`,
/// `.macCatalyst(.v15)`, also written `SupportedPlatform.iOS(…)`.
public enum PackageManifestPlatforms {
    /// What a manifest says about its platforms.
    public enum Reading: Equatable, Sendable {
        /// The listed platforms and their minimums.
        case listed([Platform: PlatformVersion])
        /// No `platforms:` argument: every platform at SwiftPM's default minimum.
        case defaults
        /// A `platforms:` the reader cannot follow (not an array literal, or an entry it does not know); why.
        case unreadable(String)
    }

    /// SwiftPM's default minimums for a package that declares no platforms (recent tools versions):
    /// all below the floored APIs.
    public static let swiftPMDefaults: [Platform: PlatformVersion] = [
        .iOS: PlatformVersion(12), .macOS: PlatformVersion(10, 13), .tvOS: PlatformVersion(12),
        .watchOS: PlatformVersion(4), .macCatalyst: PlatformVersion(13), .visionOS: PlatformVersion(1),
    ]

    /// True when `text` imports `PackageDescription` (`import PackageDescription`, also after an
    /// attribute such as `@preconcurrency`), as every SwiftPM manifest does: a file called
    /// `Package.swift` without it is a source file of a target (a model type), not a manifest.
    /// Line by line from the top, stopping at the import (a manifest's second line or so), rather than
    /// splitting the whole manifest into lines first.
    public static func importsPackageDescription(_ text: String) -> Bool {
        var rest = text[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            let words = rest[..<end].split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let index = words.firstIndex(of: "import"), index + 1 < words.count,
               words[..<index].allSatisfy({ $0.hasPrefix("@") }), words[index + 1] == "PackageDescription" {
                return true
            }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        return false
    }

    /// `read(_:)` and `sourceFolders(_:)` of the manifest's text, parsed once.
    public static func readWithSourceFolders(_ source: String) -> (Reading, [String]) {
        if let excess = NestingDepth(measuring: Array(source.utf8)).excess { return (.unreadable("it \(excess)"), []) }
        let tree = Parser.parse(source: source)
        return (read(tree), sourceFolders(tree))
    }

    /// Reads the manifest: the `platforms:` argument of the `Package(…)` call, or an
    /// assignment `package.platforms = […]`.
    static func read(_ tree: SourceFileSyntax) -> Reading {
        let finder = PlatformsFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard let value = finder.value else { return .defaults }
        guard let array = value.as(ArrayExprSyntax.self) else {
            return .unreadable("platforms: is not a list literal")
        }
        var minimums: [Platform: PlatformVersion] = [:]
        for element in array.elements {
            guard let call = element.expression.as(FunctionCallExprSyntax.self),
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  let argument = call.arguments.first?.expression, call.arguments.count == 1 else {
                return .unreadable("cannot read \(element.expression.trimmedDescription)")
            }
            guard let platform = Platform(availabilityName: member.declName.baseName.text) else {
                if member.declName.baseName.text == "custom" || member.declName.baseName.text == "driverKit" { continue }
                return .unreadable("unknown platform \(member.declName.baseName.text)")
            }
            guard let version = version(of: argument) else {
                return .unreadable("cannot read the version in \(call.trimmedDescription)")
            }
            minimums[platform] = version
        }
        return .listed(minimums)
    }

    /// The folders, relative to the manifest's, that hold the package's target sources: SwiftPM's
    /// conventional `Sources`, `Source`, `src`, `srcs`, `Tests` and `Plugins`, and every `path:` given
    /// to a target (`.target(name:path:)`, `.testTarget`, `.executableTarget`, `.macro`, `.plugin`…).
    /// A Swift file elsewhere beside the manifest (an app next to a tools-only `Package.swift`) is not
    /// compiled by the package. `""` means the whole folder (`path: "."`).
    static func sourceFolders(_ tree: SourceFileSyntax) -> [String] {
        let finder = TargetPathFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return conventionalSourceFolders + finder.paths
    }

    /// SwiftPM's conventional folders of target sources, each target in a folder of its own below.
    public static let conventionalSourceFolders = ["Sources", "Source", "src", "srcs", "Tests", "Plugins"]

    /// `.v15`, `.v10_15`, `"15.4"`.
    private static func version(of expression: ExprSyntax) -> PlatformVersion? {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard name.hasPrefix("v") else { return nil }
            return PlatformVersion(String(name.dropFirst()))
        }
        if let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
           let segment = literal.segments.first?.as(StringSegmentSyntax.self) {
            return PlatformVersion(segment.content.text)
        }
        return nil
    }
}

/// Finds the value given to `platforms` in the `Package(…)` call or a later assignment.
private final class PlatformsFinder: SyntaxVisitor {
    var value: ExprSyntax?

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // The callee's text only for a call named Package: making it for every call of a manifest cost more than its parse.
        guard node.calledName == "Package" else { return .visitChildren }
        let called = node.calledExpression.trimmedDescription
        if called == "Package" || called == "PackageDescription.Package",
           let argument = node.arguments.first(where: { $0.label?.text == "platforms" }) {
            value = argument.expression
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
           let target = elements[0].as(MemberAccessExprSyntax.self), target.declName.baseName.text == "platforms" {
            value = elements[2]
        }
        return .visitChildren
    }
}

/// Collects the `path:` string literals of target declarations (not of `.package(path:)` dependencies).
private final class TargetPathFinder: SyntaxVisitor {
    var paths: [String] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let name = member.declName.baseName.text
        guard name.hasSuffix("Target") || name == "target" || name == "macro" || name == "plugin" else { return .visitChildren }
        if let literal = node.arguments.first(where: { $0.label?.text == "path" })?.expression.as(StringLiteralExprSyntax.self),
           literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self) {
            var path = segment.content.text
            while path.hasPrefix("./") { path.removeFirst(2) }
            while path.hasSuffix("/") { path.removeLast() }
            paths.append(path == "." ? "" : path)
        }
        return .visitChildren
    }
}
