import Foundation

/// Findings a team has accepted for now, recorded by fingerprint so a CI run can fail on new
/// findings only (`scan --write-baseline FILE`, then `--baseline FILE`). Fixes rejected in an
/// interactive review are recorded the same way.
///
/// The file is JSON, written sorted so it diffs well:
///
/// ```json
/// {
///   "findings" : [
///     {
///       "file" : "Sources/App/ContentView.swift",
///       "fingerprint" : "4b1f0c9e2d7a8e31",
///       "message" : "replace the Group with a ZStack",
///       "rule" : "group-lifecycle"
///     }
///   ],
///   "tool" : "swiftui-migrate",
///   "version" : 1
/// }
/// ```
///
/// `file` is relative to the baseline file's folder. A finding is in the baseline when an
/// entry has its file and fingerprint; `rule` and `message` are there for people reading it.
/// Line numbers are not recorded: lines added above a finding do not bring it back.
public struct Baseline: Codable, Equatable, Sendable {
    /// One recorded finding.
    public struct Entry: Codable, Hashable, Comparable, Sendable {
        /// The file, relative to the baseline file's folder, `/`-separated.
        public var file: String
        /// The rule id.
        public var rule: String
        /// The finding's `Fingerprint`.
        public var fingerprint: String
        /// The finding's message when it was recorded (informational).
        public var message: String

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule, lhs.fingerprint, lhs.message) < (rhs.file, rhs.rule, rhs.fingerprint, rhs.message)
        }
    }

    /// The file format's version; files of another version are refused.
    public static let formatVersion = 1

    public var version: Int
    public var tool: String
    /// The recorded findings, sorted.
    public private(set) var findings: [Entry]
    private var keys: Set<Key>

    private struct Key: Hashable, Sendable {
        var file: String
        var fingerprint: String
    }

    /// A baseline holding `entries` (sorted, without duplicates).
    public init(entries: [Entry] = []) {
        version = Self.formatVersion
        tool = "swiftui-migrate"
        findings = Array(Set(entries)).sorted()
        keys = Set(findings.map { Key(file: $0.file, fingerprint: $0.fingerprint) })
    }

    /// True when the finding with `fingerprint` in `file` (relative to the baseline's folder) is recorded.
    public func contains(file: String, fingerprint: String) -> Bool {
        keys.contains(Key(file: file, fingerprint: fingerprint))
    }

    /// This baseline with `findings` added; `file` gives each one's path relative to the
    /// baseline's folder (see `relativePath(of:from:)`).
    public func adding(_ findings: [Finding], file: (Finding) -> String) -> Baseline {
        let added = findings.map {
            Entry(file: file($0), rule: $0.ruleID, fingerprint: $0.fingerprint, message: $0.message)
        }
        return Baseline(entries: self.findings + added)
    }

    /// The baseline as written to disk: pretty, sorted keys, ending with a line break.
    public func encoded() -> [UInt8] {
        // Encoding plain strings and integers cannot fail.
        Array(((try? JSONText.encode(self)) ?? "\n").utf8)
    }

    /// Reads a baseline from JSON; `source` names it in errors.
    public init(json data: Data, source: String) throws {
        guard let decoded = try? JSONDecoder().decode(Baseline.self, from: data) else {
            throw ConfigurationError("\(source): not a swiftui-migrate baseline (expected {\"version\": 1, \"findings\": [...]})")
        }
        guard decoded.version == Self.formatVersion else {
            throw ConfigurationError("\(source): baseline version \(decoded.version) is not supported (expected \(Self.formatVersion))")
        }
        self = Baseline(entries: decoded.findings)
    }

    /// Reads the baseline file at `path`.
    public static func load(path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("\(path): cannot read the baseline file")
        }
        return try Baseline(json: data, source: path)
    }

    /// `absolutePath` relative to `folder` (both absolute and standardized), `/`-separated;
    /// `../` steps when the file is outside the folder.
    public static func relativePath(of absolutePath: String, from folder: String) -> String {
        let file = absolutePath.split(separator: "/").map(String.init)
        let base = folder.split(separator: "/").map(String.init)
        let common = zip(file, base).prefix { $0 == $1 }.count
        let steps = Array(repeating: "..", count: base.count - common) + file[common...]
        return steps.joined(separator: "/")
    }

    private enum CodingKeys: String, CodingKey {
        case version, tool, findings
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        tool = try container.decodeIfPresent(String.self, forKey: .tool) ?? "swiftui-migrate"
        findings = try container.decode([Entry].self, forKey: .findings)
        keys = Set(findings.map { Key(file: $0.file, fingerprint: $0.fingerprint) })
    }
}
