import Foundation

/// Findings as a SARIF 2.1.0 log, for code-scanning dashboards (GitHub code scanning, Azure
/// DevOps, IDE viewers).
///
/// One run: every shipped rule in `tool.driver.rules` with its full description and help; one
/// result per finding with `ruleId`, `level` (`warning` for rewrite/report, `note` for
/// keep/skip), `message`, a location (columns in Unicode code points), `partialFingerprints`
/// (the finding's `Fingerprint`), and for every rewrite a `fixes` entry whose
/// `artifactChanges`/`replacements` are the fix's edits (`deletedRegion` by `byteOffset`/
/// `byteLength` of the original file, `insertedContent`).
public struct SARIFFormat: FindingsFormat {
    /// The format.
    public init() {}

    public var namesFilesFromRoot: Bool { true }

    /// The key of the finding's fingerprint in `partialFingerprints`.
    public static let fingerprintKey = "swiftuiMigrate/v1"

    /// The base id relative URIs are resolved against: the root of the sources, as GitHub code scanning expects.
    public static let sourceRootBaseID = "%SRCROOT%"

    /// The SARIF log of `files`' findings, as pretty-printed JSON ending with a line break.
    ///
    /// With the context's `sourceRoot` (an absolute folder), the run's `originalUriBaseIds` maps ``sourceRootBaseID``
    /// to it and every relative path (which must then be relative to that folder) gets `uriBaseId` ``sourceRootBaseID``.
    public func render(_ files: [FileMigration], _ context: ReportContext) -> String {
        let rules = RuleRegistry.all
        let ruleIndex = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let results = files.flatMap { file in
            file.findings.map { finding in
                Self.result(
                    finding, original: file.original, ruleIndex: ruleIndex[finding.ruleID], hasSourceRoot: context.sourceRoot != nil)
            }
        }
        let driver = Driver(
            name: "swiftui-migrate", version: context.toolVersion, semanticVersion: context.toolVersion, rules: rules.map(Self.descriptor))
        let bases = context.sourceRoot.map { root in
            [Self.sourceRootBaseID: ArtifactLocation(uri: Self.uri(for: root.hasSuffix("/") ? root : root + "/"))]
        }
        let log = Log(runs: [Run(tool: Tool(driver: driver), originalUriBaseIds: bases, results: results)])
        // Strings, integers and booleans only: encoding cannot fail.
        return (try? JSONText.encode(log)) ?? "\n"
    }

    /// A path as a SARIF `uri`: relative paths as relative references, absolute ones as `file://` URIs.
    public static func uri(for path: String) -> String {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    private static func result(_ finding: Finding, original: [UInt8], ruleIndex: Int?, hasSourceRoot: Bool) -> Result {
        let isRelative = !finding.file.hasPrefix("/")
        let location = ArtifactLocation(
            uri: uri(for: finding.file), uriBaseId: hasSourceRoot && isRelative ? sourceRootBaseID : nil)
        let region = Region(
            startLine: finding.line, startColumn: CharacterColumn.column(of: finding.offset, in: original),
            endLine: finding.end.line, endColumn: CharacterColumn.column(of: finding.end.offset, in: original))
        var fixes: [Fix]?
        if finding.action == .rewrite && !finding.edits.isEmpty {
            let replacements = finding.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { edit in
                Replacement(
                    deletedRegion: Region(byteOffset: edit.range.lowerBound, byteLength: edit.range.count),
                    insertedContent: Message(text: edit.replacement))
            }
            fixes = [Fix(
                description: Message(text: messageText(finding)),
                artifactChanges: [ArtifactChange(artifactLocation: location, replacements: replacements)])]
        }
        return Result(
            ruleId: finding.ruleID, ruleIndex: ruleIndex,
            level: finding.action.asksForAction ? "warning" : "note",
            message: Message(text: messageText(finding)),
            locations: [Location(physicalLocation: PhysicalLocation(artifactLocation: location, region: region))],
            partialFingerprints: finding.fingerprint.isEmpty ? nil : [fingerprintKey: finding.fingerprint],
            fixes: fixes,
            properties: ResultProperties(
                action: finding.action.rawValue, safety: finding.safety?.name, runtimeChange: finding.safety?.changesRuntime,
                safetyReason: finding.safety?.explanation, reason: finding.reason, reasonID: finding.reasonID))
    }

    /// The result's message: the finding's message, then what the fix changes or why there is none
    /// (also an editor diagnostic's message).
    public static func messageText(_ finding: Finding) -> String { XcodeFormat.message(of: finding, whole: true) }

    private static func descriptor(_ rule: any Rule) -> ReportingDescriptor {
        let doc = rule.documentation
        var markdown = "\(doc.summary)\n\n**Detects:** \(doc.detects)\n\n**Fix:** \(doc.fix)\n\n**Safety:** \(doc.safety)\n"
        for correction in rule.examples.corrections.prefix(2) {
            markdown += "\nBefore:\n\n```swift\n\(correction.before)\n```\n\nAfter:\n\n```swift\n\(correction.after)\n```\n"
        }
        return ReportingDescriptor(
            id: rule.id,
            name: rule.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            shortDescription: MultiformatMessage(text: doc.summary, markdown: nil),
            fullDescription: MultiformatMessage(
                text: "\(doc.detects)\n\nFix: \(doc.fix)", markdown: "\(doc.detects)\n\n**Fix:** \(doc.fix)"),
            help: MultiformatMessage(text: RuleExplanation.render(rule, listingFamily: true), markdown: markdown),
            defaultConfiguration: ReportingConfiguration(enabled: rule.isEnabledByDefault, level: "warning"),
            properties: RuleProperties(tags: ["swiftui", "lifecycle", "migration"], safety: doc.safety))
    }

    // The SARIF objects used, with the spec's property names.

    private struct Log: Encodable {
        var schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    private struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]?
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }

    private struct Tool: Encodable {
        var driver: Driver
    }

    private struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [ReportingDescriptor]
    }

    private struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: MultiformatMessage
        var fullDescription: MultiformatMessage
        var help: MultiformatMessage
        var defaultConfiguration: ReportingConfiguration
        var properties: RuleProperties
    }

    private struct MultiformatMessage: Encodable {
        var text: String
        var markdown: String?
    }

    private struct ReportingConfiguration: Encodable {
        var enabled: Bool
        var level: String
    }

    private struct RuleProperties: Encodable {
        var tags: [String]
        var safety: String
    }

    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]?
        var fixes: [Fix]?
        var properties: ResultProperties
    }

    private struct ResultProperties: Encodable {
        var action: String
        var safety: String?
        /// False when the fix changes nothing at runtime on the file's floor; nil without a fix.
        var runtimeChange: Bool?
        var safetyReason: String?
        var reason: String?
        /// The decision's stable id, `rule/decision`.
        var reasonID: String
    }

    private struct Message: Encodable {
        var text: String
    }

    private struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    private struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    private struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    private struct Region: Encodable {
        var startLine: Int?
        var startColumn: Int?
        var endLine: Int?
        var endColumn: Int?
        var byteOffset: Int?
        var byteLength: Int?
    }

    private struct Fix: Encodable {
        var description: Message
        var artifactChanges: [ArtifactChange]
    }

    private struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }

    private struct Replacement: Encodable {
        var deletedRegion: Region
        /// SARIF's `artifactContent`, here only its `text`: a `Message`'s shape.
        var insertedContent: Message
    }
}
