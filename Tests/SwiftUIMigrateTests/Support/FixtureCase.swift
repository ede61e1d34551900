import Foundation
import SwiftUIMigrate

/// One `fixtures/<rule-id>/<case>.before.swift`, with its optional `.after.swift`
/// (absent for a negative case), `.json` configuration (the rules it turns on by name run with the
/// case's rule) and `.module.swift` (another file of the
/// case's module, read through a module index as a project's other files are, and type-checked
/// with the case), and its `.findings` snapshot: the decisions the rule makes on `.before`, one
/// per line (`line:column reasonID action`).
struct FixtureCase {
    var ruleID: String
    var name: String
    var before: URL
    var after: URL?
    var configuration: URL?
    var module: URL?

    /// The findings snapshot beside `before` (it may not exist yet).
    var findings: URL { before.deletingLastPathComponent().appendingPathComponent(name + ".findings") }

    /// `rule-id/case`, as failures name it.
    var displayName: String { "\(ruleID)/\(name)" }

    /// The cases under `root`, and the files that do not fit the layout.
    static func discover(in root: URL, ruleIDs: Set<String>, supportFolders: Set<String>) -> (cases: [FixtureCase], problems: [String]) {
        let manager = FileManager.default
        var cases: [FixtureCase] = []
        var problems: [String] = []
        let folders = ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
        for folder in folders where !folder.hasPrefix(".") && !supportFolders.contains(folder) {
            var isDirectory: ObjCBool = false
            let url = root.appendingPathComponent(folder)
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            guard ruleIDs.contains(folder) else {
                problems.append("fixtures/\(folder) is not a rule id (rules: \(ruleIDs.sorted().joined(separator: ", ")))")
                continue
            }
            let files = Set((try? manager.contentsOfDirectory(atPath: url.path)) ?? [])
            for file in files.sorted() {
                if file.hasSuffix(".before.swift") {
                    let name = String(file.dropLast(".before.swift".count))
                    cases.append(FixtureCase(
                        ruleID: folder, name: name, before: url.appendingPathComponent(file),
                        after: files.contains(name + ".after.swift") ? url.appendingPathComponent(name + ".after.swift") : nil,
                        configuration: files.contains(name + ".json") ? url.appendingPathComponent(name + ".json") : nil,
                        module: files.contains(name + ".module.swift") ? url.appendingPathComponent(name + ".module.swift") : nil))
                } else if file.hasSuffix(".after.swift") {
                    let name = String(file.dropLast(".after.swift".count))
                    if !files.contains(name + ".before.swift") { problems.append("fixtures/\(folder)/\(file) has no .before.swift") }
                } else if file.hasSuffix(".module.swift") {
                    let name = String(file.dropLast(".module.swift".count))
                    if !files.contains(name + ".before.swift") { problems.append("fixtures/\(folder)/\(file) has no .before.swift") }
                } else if file.hasSuffix(".json") || file.hasSuffix(".findings") {
                    let name = String(file.prefix(upTo: file.lastIndex(of: ".")!))
                    if !files.contains(name + ".before.swift") { problems.append("fixtures/\(folder)/\(file) has no .before.swift") }
                } else if file.hasSuffix(".swift") {
                    problems.append("fixtures/\(folder)/\(file) is neither <case>.before.swift nor <case>.after.swift")
                }
            }
        }
        return (cases, problems)
    }

    /// The cases of `fixtures/` for the registry's rules.
    static func discoverRepositoryFixtures() -> (cases: [FixtureCase], problems: [String]) {
        discover(
            in: RepositoryPaths.fixtures, ruleIDs: Set(RuleRegistry.all.map(\.id)),
            supportFolders: RepositoryPaths.supportFolders)
    }
}

/// Runs one fixture case through its rule and checks the output byte for byte.
struct FixtureVerifier {
    let rule: any Rule
    /// False for the harness's own temporary cases, which have no snapshots.
    var checksSnapshots = true

    /// Rules checked for a rewrite finding without edits. (The Group rules' nested-groups
    /// cases still report one, so they are not checked yet.)
    static let rulesWhoseRewritesAlwaysEdit: Set<String> = ["onappear-task", "guard-flag-load"]

    /// The problems of `fixture`; empty when it passes.
    func failures(of fixture: FixtureCase) -> [String] {
        let label = fixture.displayName
        guard let beforeData = FileManager.default.contents(atPath: fixture.before.path) else {
            return ["\(label): cannot read \(fixture.before.lastPathComponent)"]
        }
        var configuration = Configuration()
        if let url = fixture.configuration {
            do {
                configuration = try Configuration.load(path: url.path, rules: RuleRegistry.all + [rule])
            } catch {
                return ["\(label): bad configuration: \(error)"]
            }
        }
        configuration.rules[rule.id] = true
        // The case's rule, and the rules its configuration turns on by name: a case that shows how two rules meet.
        let others = RuleRegistry.all.filter { $0.id != rule.id && configuration.rules[$0.id] == true }
        let engine = MigrationEngine(configuration: configuration, rules: others + [rule])

        let before = [UInt8](beforeData)
        var expected = before
        if let after = fixture.after {
            guard let afterData = FileManager.default.contents(atPath: after.path) else {
                return ["\(label): cannot read \(after.lastPathComponent)"]
            }
            expected = [UInt8](afterData)
            if expected == before {
                return ["\(label): .after equals .before; delete the .after file to make it a negative case"]
            }
        }
        var failures: [String] = []
        if String(validatingUTF8Bytes: before) == nil { failures.append("\(label): .before is not UTF-8") }
        // The module holds the case's own file too, as a project's index holds the file being migrated.
        let module = fixture.module.map { url in
            ModuleIndex(files: { [fixture.before.path, url.path] }) { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
        }
        let migration = engine.migrate(bytes: before, file: fixture.before.lastPathComponent, module: module)
        if let error = migration.internalError {
            failures.append("\(label): internal error '\(error)'\(RuleExampleVerifier.describe(migration.findings))")
        }
        let emptyRewrites = migration.findings.filter { $0.action == .rewrite && $0.edits.isEmpty }
        if Self.rulesWhoseRewritesAlwaysEdit.contains(rule.id), !emptyRewrites.isEmpty {
            failures.append("\(label): a rewrite finding has no edits\(RuleExampleVerifier.describe(emptyRewrites))")
        }
        if checksSnapshots { failures += snapshotFailures(migration.findings, of: fixture) }
        if migration.migrated != expected {
            let what = fixture.after == nil ? "a negative case (no .after) changed" : "the output differs from .after"
            failures.append(
                "\(label): \(what)\(RuleExampleVerifier.describe(migration.findings))\n"
                    + TextDiff.describe(
                        expected: String(decoding: expected, as: UTF8.self),
                        actual: String(decoding: migration.migrated, as: UTF8.self)))
            return failures
        }
        if fixture.after != nil {
            let again = engine.migrate(bytes: expected, file: fixture.after!.lastPathComponent, module: module)
            if again.migrated != expected {
                failures.append(
                    "\(label): not idempotent, a second run changes .after\n"
                        + TextDiff.describe(
                            expected: String(decoding: expected, as: UTF8.self),
                            actual: String(decoding: again.migrated, as: UTF8.self)))
            }
            let rewrites = again.findings.filter { $0.action == .rewrite }
            if !rewrites.isEmpty {
                failures.append("\(label): not idempotent, a second run finds more to rewrite\(RuleExampleVerifier.describe(rewrites))")
            }
        }
        return failures
    }
}

extension FixtureVerifier {
    /// The findings as the snapshot holds them: `line:column reasonID action`, one per line, in order.
    static func snapshot(_ findings: [Finding]) -> String {
        findings.map { "\($0.line):\($0.column) \($0.reasonID) \($0.action.rawValue)\n" }.joined()
    }

    /// The difference between the rule's decisions on `.before` and the case's `.findings` snapshot;
    /// with `SWIFTUI_MIGRATE_UPDATE_GOLDEN=1` the snapshot is rewritten instead (then review its diff).
    func snapshotFailures(_ findings: [Finding], of fixture: FixtureCase) -> [String] {
        let actual = Self.snapshot(findings)
        if ProcessInfo.processInfo.environment["SWIFTUI_MIGRATE_UPDATE_GOLDEN"] == "1" {
            try? Data(actual.utf8).write(to: fixture.findings)
            return []
        }
        guard let data = FileManager.default.contents(atPath: fixture.findings.path) else {
            return ["\(fixture.displayName): no \(fixture.findings.lastPathComponent) snapshot; SWIFTUI_MIGRATE_UPDATE_GOLDEN=1 writes it"]
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return [] }
        return ["\(fixture.displayName): the decisions differ from \(fixture.findings.lastPathComponent) "
            + "(SWIFTUI_MIGRATE_UPDATE_GOLDEN=1 rewrites it; then review the diff)\n"
            + TextDiff.describe(expected: expected, actual: actual)]
    }
}

private extension String {
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        guard let text = String(bytes: bytes, encoding: .utf8) else { return nil }
        self = text
    }
}
