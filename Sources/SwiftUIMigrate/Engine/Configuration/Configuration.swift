import Foundation
import PlainText

/// The settings of one run, read from `.swiftui-migrate.json` and overridden by flags.
///
/// Every key is optional; a missing key keeps its default. Unknown keys are an
/// error, so a misspelt option never silently does nothing — except keys starting with
/// `//`, which are comments (JSON has none; `swiftui-migrate init` writes one per option).
public struct Configuration: Sendable, Hashable {
    /// Rules turned on or off by id; a rule not named keeps its default.
    public var rules: [String: Bool] = [:]
    /// How `group-lifecycle` fixes what it finds (`ruleOptions.group-lifecycle.strategy`).
    public var strategy: GroupStrategy = .auto
    /// The container that replaces a hoisted Group (`ruleOptions.group-lifecycle.hostContainer`).
    public var hostContainer: String = "ZStack"
    /// Globs (relative to the configuration's folder) of the files to look at; empty means all.
    public var include: [String] = []
    /// Globs of files to leave alone.
    public var exclude: [String] = []
    /// The identity property chosen per view type when several qualify: `{"BrewDetailView": "brewID"}`.
    public var identity: [String: String] = [:]
    /// Files larger than this many bytes are skipped with a reason.
    public var maxFileSize: Int = 4 * 1024 * 1024
    /// A file whose migration takes longer than this is skipped with a reason; nil: no limit.
    public var fileTimeout: Duration? = Self.defaultFileTimeout
    /// `fileTimeout` unless configured: far above what a file within `maxFileSize` takes (a
    /// 4 MB file dense with sites takes about 5 s in a release build), so only a stall hits it.
    public static let defaultFileTimeout: Duration = .seconds(10)
    /// Options of individual rules, by rule id: only the options each rule declares (`Rule.options`).
    public var ruleOptions: [String: [String: RuleOptionValue]] = [:]
    /// The deployment floor of every file, `{"iOS": "16.0", "macOS": "13.0"}`; nil (the default)
    /// means each file's floor is found in the nearest `Package.swift` or the Xcode project.
    public var deploymentTarget: DeploymentFloor?
    /// True to list `keep` findings (code left as it is on purpose) in the text formats, SARIF,
    /// summaries and pull-request bodies, as `--show-kept` does; by default one line counts them.
    public var showKept = false
    /// True when a finding that asks for action in a file under this configuration fails a build:
    /// `scan --exit-zero` (what the build-tool plugin and the Xcode Run Script run) then exits 1 for it.
    /// Without `--exit-zero`, `scan` exits 1 for such findings whatever this says.
    public var failBuild = false

    public init() {}

    /// The containers `hostContainer` may name (with or without `SwiftUI.`): stacks whose one argument
    /// is a view builder, so `Host { members }` compiles wherever the Group did. A view that is not a
    /// container (`Text`), a keyword (`if`) or a container needing more arguments (`LazyVGrid`) would
    /// not.
    public static let hostContainers = ["ZStack", "VStack", "HStack", "LazyVStack", "LazyHStack"]

    /// The keys a configuration file may have.
    public static let knownKeys: Set<String> = [
        "rules", "strategy", "hostContainer", "include", "exclude", "identity", "maxFileSize", "fileTimeout",
        "ruleOptions", "deploymentTarget", "showKept", "failBuild",
    ]

    /// Reads a configuration from JSON data; `source` names it in errors. Rule ids and rule
    /// options are checked against `rules`' declarations.
    public init(json data: Data, source: String, rules known: [any Rule] = RuleRegistry.all) throws {
        try self.init(object: Self.object(json: data, source: source), source: source, rules: known)
    }

    /// The top-level object of a configuration file's JSON; `source` names it in errors, with the
    /// line and column of a syntax error. What `JSONSerialization` reads, it reads (`JSONEncoding`,
    /// `JSONValue(json:)`), and, as there, a top level that is neither an object nor an array is not valid JSON.
    static func object(json data: Data, source: String) throws -> [String: JSONValue] {
        let bytes = [UInt8](data)
        let value = JSONEncoding.utf8(bytes).flatMap { try? JSONValue(json: $0[...]) }
        guard let value, value.object != nil || value.array != nil else {
            guard let syntax = JSONSyntaxError.find(in: bytes) else { throw ConfigurationError("\(source): not valid JSON") }
            throw ConfigurationError("\(source):\(syntax.line):\(syntax.column): not valid JSON: \(syntax.problem)")
        }
        guard let object = value.object else { throw ConfigurationError("\(source): the top level must be a JSON object") }
        return object
    }

    /// Reads a configuration from a configuration file's top-level object (see `object(json:source:)`).
    init(object members: [String: JSONValue], source: String, rules known: [any Rule]) throws {
        for key in members.keys.sorted() where !Self.knownKeys.contains(key) && !Self.isComment(key) {
            throw ConfigurationError(
                "\(source): unknown key '\(key)'" + ClosestName.hint(for: key, among: Self.knownKeys.sorted()))
        }
        // The value of `key` as `read` reads it; nil when the key is missing, an error saying it must be `described`
        // when `read` refuses it.
        func value<T>(_ key: String, described: String, _ read: (JSONValue) -> T?) throws -> T? {
            guard let raw = members[key] else { return nil }
            guard let typed = read(raw) else { throw ConfigurationError("\(source): '\(key)' must be \(described)") }
            return typed
        }
        if let rules = try value("rules", described: "an object of rule ids to true/false", { $0.members(\.bool) }) {
            for id in rules.keys.sorted() where !known.contains(where: { $0.id == id }) {
                let hint = ClosestName.question(for: id, among: known.map(\.id)).map { $0 + " " } ?? ""
                throw ConfigurationError(
                    "\(source): unknown rule '\(id)' in 'rules'; \(hint)the rules are: \(known.map(\.id).joined(separator: ", "))")
            }
            self.rules = rules
        }
        // group-lifecycle's settings: under ruleOptions.group-lifecycle, or (deprecated) at the top level.
        try readGroupLifecycleSettings(members, named: { "'\($0)'" }, source: source)
        var options = try value("ruleOptions", described: "an object of rule id to {option: value}", { $0.members(\.object) })
        if let nested = options?[GroupLifecycleRule.id] {
            try readGroupLifecycleSettings(nested, named: { "'ruleOptions.\(GroupLifecycleRule.id).\($0)'" }, source: source)
            let others = nested.filter { !Self.groupLifecycleSettings.contains($0.key) }
            options?[GroupLifecycleRule.id] = others.isEmpty ? nil : others
        }
        if let include = try value("include", described: "an array of globs", { $0.elements(\.string) }) { self.include = include }
        if let exclude = try value("exclude", described: "an array of globs", { $0.elements(\.string) }) { self.exclude = exclude }
        if let identity = try value("identity", described: "an object of view type to property name", { $0.members(\.string) }) {
            self.identity = identity
        }
        if let size = try value("maxFileSize", described: "a whole number of bytes", \.integer) {
            guard size > 0 else { throw ConfigurationError("\(source): 'maxFileSize' must be positive") }
            self.maxFileSize = size
        }
        if let timeout = members["fileTimeout"] { self.fileTimeout = try Self.fileTimeout(timeout, source: source) }
        if let options { self.ruleOptions = try RuleOptionsReader(source: source, rules: known).read(options) }
        if let showKept = try value("showKept", described: "true or false", \.bool) { self.showKept = showKept }
        if let failBuild = try value("failBuild", described: "true or false", \.bool) { self.failBuild = failBuild }
        if let target = members["deploymentTarget"], target != .null {
            self.deploymentTarget = try Self.deploymentTarget(target, source: source)
        }
    }

    /// The settings of `group-lifecycle` kept as typed fields (`strategy`, `hostContainer`), read under
    /// `ruleOptions.group-lifecycle`; the top level, where they were first, still reads them (deprecated).
    public static let groupLifecycleSettings = ["strategy", "hostContainer"]

    /// `strategy` and `hostContainer` from `object` (the top level, or `ruleOptions.group-lifecycle`);
    /// `named` quotes a key as errors name it.
    private mutating func readGroupLifecycleSettings(_ object: [String: JSONValue], named: (String) -> String, source: String) throws {
        if let raw = object["strategy"] {
            guard let text = raw.string else { throw ConfigurationError("\(source): \(named("strategy")) must be a string") }
            guard let parsed = GroupStrategy(rawValue: text) else {
                throw ConfigurationError("\(source): \(named("strategy")) must be one of auto, hoist, distribute, report")
            }
            strategy = parsed
        }
        if let raw = object["hostContainer"] {
            guard let host = raw.string else { throw ConfigurationError("\(source): \(named("hostContainer")) must be a string") }
            let name = host.hasPrefix("SwiftUI.") ? String(host.dropFirst("SwiftUI.".count)) : host
            guard Self.hostContainers.contains(name) else {
                throw ConfigurationError("\(source): \(named("hostContainer")) must be one of \(Self.hostContainers.joined(separator: ", ")) "
                    + "(a container that takes the Group's views as they are), not '\(host)'")
            }
            hostContainer = host
        }
    }

    /// `"10s"`, `"500ms"`, `"2m"`, a number of seconds, or `0`/`"none"` for no limit.
    private static func fileTimeout(_ value: JSONValue, source: String) throws -> Duration? {
        let shape = "\(source): 'fileTimeout' must be a duration such as \"10s\" or \"500ms\", or \"none\""
        let duration: Duration?
        if let text = value.string {
            if text == "none" { return nil }
            duration = DurationText.parse(text)
        } else if let number = value.double {
            duration = DurationText.parse("\(number)")
        } else {
            duration = nil
        }
        guard let duration else { throw ConfigurationError(shape) }
        return duration == .zero ? nil : duration
    }

    /// `{"iOS": "16.0", "macOS": "13.0"}`: platform names as `@available` spells them, versions as strings.
    private static func deploymentTarget(_ value: JSONValue, source: String) throws -> DeploymentFloor {
        let shape = "\(source): 'deploymentTarget' must be an object of platform to version string, such as {\"iOS\": \"16.0\"}"
        guard let object = value.object else { throw ConfigurationError(shape) }
        guard !object.isEmpty else { throw ConfigurationError("\(source): 'deploymentTarget' must name at least one platform") }
        var minimums: [Platform: PlatformVersion] = [:]
        for key in object.keys.sorted() {
            guard let platform = Platform(rawValue: key) else {
                throw ConfigurationError(
                    "\(source): 'deploymentTarget' has unknown platform '\(key)' (use \(Platform.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let text = object[key]?.string, let version = PlatformVersion(text), !text.contains("_") else {
                throw ConfigurationError("\(source): 'deploymentTarget' \(key) must be a version string such as \"16.0\"")
            }
            minimums[platform] = version
        }
        return DeploymentFloor(minimums, source: URL(fileURLWithPath: source).lastPathComponent)
    }

    /// True for a top-level key that documents the file rather than setting anything: one starting with `//`.
    public static func isComment(_ key: String) -> Bool { key.hasPrefix("//") }

    /// Reads the configuration file at `path`, checking rule ids and options against `rules`.
    public static func load(path: String, rules: [any Rule] = RuleRegistry.all) throws -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("\(path): cannot read the configuration file")
        }
        return try Configuration(json: data, source: path, rules: rules)
    }

    /// The name of the configuration file looked for in each folder from the repository's root down to a file's.
    public static let fileName = ".swiftui-migrate.json"

    /// True when the rule runs: as configured, else its default.
    public func isEnabled(_ rule: any Rule) -> Bool {
        rules[rule.id] ?? rule.isEnabledByDefault
    }

    /// True when the shipped rule `rule` runs, named by its type: as configured, else its default.
    public func isEnabled(_ rule: any ShippedRule.Type) -> Bool {
        rules[rule.id] ?? rule.isEnabledByDefault
    }

    /// The value of `option` of the rule `ruleID`, as configured, else the option's default, read
    /// as the type the rule uses: `Int`, `String`, a `String`-backed enum, or `RuleOptionValue`.
    public func value<Value: RuleOptionReadable>(of option: RuleOption, for ruleID: String) -> Value {
        if let configured = ruleOptions[ruleID]?[option.name].flatMap(Value.init(option:)) { return configured }
        guard let value = Value(option: option.defaultValue) else {
            preconditionFailure("option \(option.name) of \(ruleID) is not read as its declared kind")
        }
        return value
    }
}

/// A configuration that cannot be used; the message is one line naming the file.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
