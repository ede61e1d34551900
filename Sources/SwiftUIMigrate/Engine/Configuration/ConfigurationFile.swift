import Foundation

/// One `.swiftui-migrate.json` as read: its settings and which keys it sets, so a file nearer the
/// code can override only those keys of the files above it (see `Configuration.overridden(by:)`).
public struct ConfigurationFile: Sendable, Equatable {
    /// The file as messages name it.
    public var source: String
    /// Its settings, defaults where it sets nothing.
    public var configuration: Configuration
    /// The keys it sets (comment keys left out).
    public var keys: Set<String>
    /// One line for each deprecated key the file sets, naming its new place, for the run to warn.
    public var deprecations: [String]

    /// Reads the file's JSON; `source` names it in errors. Rule ids and options are checked against `rules`.
    public init(json data: Data, source: String, rules: [any Rule] = RuleRegistry.all) throws {
        let object = try Configuration.object(json: data, source: source)
        self.source = source
        configuration = try Configuration(object: object, source: source, rules: rules)
        // A group-lifecycle setting counts as set at either of its places.
        let nested = object["ruleOptions"]?[GroupLifecycleRule.id]?.object ?? [:]
        keys = Set(object.keys.filter { !Configuration.isComment($0) } + nested.keys.filter(Configuration.groupLifecycleSettings.contains))
        deprecations = Configuration.groupLifecycleSettings.filter { object[$0] != nil }.map {
            "\(source): '\($0)' at the top level is deprecated; set it under ruleOptions.\(GroupLifecycleRule.id)"
        }
    }
}

extension Configuration {
    /// This configuration (the files above) with `child`'s keys over it, as SwiftLint's nested
    /// configurations work: a key the child sets replaces this one's, except `rules`, `identity` and
    /// `ruleOptions`, whose entries are merged (the child's entry wins, per rule and per option), and
    /// `exclude`, whose globs add up (a child cannot let back in what a parent leaves out). Globs stay
    /// relative to the folder of the file that wrote them; the caller keeps those folders.
    public func overridden(by child: ConfigurationFile) -> Configuration {
        var merged = self
        let settings = child.configuration
        for key in child.keys {
            switch key {
            case "rules": merged.rules.merge(settings.rules) { _, nearer in nearer }
            case "identity": merged.identity.merge(settings.identity) { _, nearer in nearer }
            case "ruleOptions":
                merged.ruleOptions.merge(settings.ruleOptions) { outer, nearer in outer.merging(nearer) { _, value in value } }
            case "strategy": merged.strategy = settings.strategy
            case "hostContainer": merged.hostContainer = settings.hostContainer
            case "include": merged.include = settings.include
            case "exclude": merged.exclude += settings.exclude
            case "maxFileSize": merged.maxFileSize = settings.maxFileSize
            case "fileTimeout": merged.fileTimeout = settings.fileTimeout
            case "deploymentTarget": merged.deploymentTarget = settings.deploymentTarget
            case "showKept": merged.showKept = settings.showKept
            case "failBuild": merged.failBuild = settings.failBuild
            default: assertionFailure("Configuration.knownKeys has '\(key)', which overridden(by:) does not merge")
            }
        }
        return merged
    }
}
