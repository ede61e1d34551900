import Foundation
import SwiftParser
import SwiftUIMigrate

/// Checks one rule's documentation and examples; each problem is one message.
///
/// Examples run through `MigrationEngine(configuration:rules: [rule])` with the
/// rule turned on (also when it is opt-in), as `explain` shows them.
struct RuleExampleVerifier {
    let rule: any Rule

    /// One problem of one example, at the line that example is written on.
    struct ExampleFailure: CustomStringConvertible {
        var message: String
        var file: StaticString
        var line: UInt
        var description: String { message }
    }

    /// Every problem of the rule.
    var allFailures: [String] {
        documentationFailures + (triggeringFailures + nonTriggeringFailures + correctionFailures).map(\.message)
    }

    /// The engine running only this rule, turned on.
    func engine(_ configuration: Configuration) -> MigrationEngine {
        var configuration = configuration
        configuration.rules[rule.id] = true
        return MigrationEngine(configuration: configuration, rules: [rule])
    }

    /// Id, documentation paragraphs, trigger words and example counts.
    var documentationFailures: [String] {
        var failures: [String] = []
        if !Self.isKebabCase(rule.id) { failures.append("[\(rule.id)] the id is not kebab-case") }
        let documentation = rule.documentation
        for (name, text) in [
            ("summary", documentation.summary), ("detects", documentation.detects),
            ("fix", documentation.fix), ("safety", documentation.safety),
        ] where text.trimmingWhitespace().isEmpty {
            failures.append("[\(rule.id)] documentation.\(name) is empty")
        }
        if rule.triggerWords.isEmpty { failures.append("[\(rule.id)] triggerWords is empty: the engine would never run it") }
        let examples = rule.examples
        if examples.triggering.isEmpty { failures.append("[\(rule.id)] has no triggering example") }
        if examples.nonTriggering.isEmpty { failures.append("[\(rule.id)] has no non-triggering example") }
        if examples.corrections.isEmpty { failures.append("[\(rule.id)] has no correction example") }
        return failures
    }

    /// Each triggering example yields a rewrite or report, exactly at its `↓` markers.
    var triggeringFailures: [ExampleFailure] {
        rule.examples.triggering.enumerated().flatMap { index, example in
            failures(ofTriggering: example, index: index).map { ExampleFailure(message: $0, file: example.file, line: example.line) }
        }
    }

    private func failures(ofTriggering example: RuleExample, index: Int) -> [String] {
        let label = "[\(rule.id)] triggering example \(index + 1)"
        let markers = ExampleMarkers(parsing: example.code)
        let engine = engine(example.configuration)
        let (output, migration) = engine.migrate(source: markers.code, file: "triggering-\(index + 1).swift")
        if let error = migration.internalError {
            return ["\(label): internal error '\(error)'\n\(markers.code)"]
        }
        let acting = migration.findings.filter { $0.action.asksForAction }
        if acting.isEmpty {
            return ["\(label): no rewrite or report finding\(Self.describe(migration.findings))\n\(markers.code)"]
        }
        var failures: [String] = []
        if markers.hasMarkers {
            // Compared as multisets: a duplicate finding at a marked place is a failure.
            let found = acting.map { ExampleMarkers.Position(line: $0.line, column: $0.column) }.sorted()
            if found != markers.positions {
                failures.append(
                    "\(label): findings at \(found) but ↓ markers at \(markers.positions)"
                        + "\(Self.describe(migration.findings))\n\(example.code)")
            }
        }
        failures += duplicateFailures(in: markers.code, configuration: example.configuration, label: label)
        failures += idempotenceFailures(of: output, changed: migration.changed, engine: engine, label: label)
        return failures
    }

    /// The places the rule itself reports more than once in `source` (the engine keeps one finding
    /// per rule and place, so only the rule's own output shows a duplicate).
    func duplicateFailures(in source: String, configuration: Configuration, label: String) -> [String] {
        var configuration = configuration
        configuration.rules[rule.id] = true
        let bytes = Array(source.utf8)
        let context = RuleContext(tree: Parser.parse(source: source), bytes: bytes, file: "duplicates.swift", configuration: configuration)
        var seen = Set<Int>()
        return rule.findings(in: context).compactMap { finding in
            seen.insert(finding.offset).inserted ? nil : "\(label): the rule reports \(finding.line):\(finding.column) twice\n\(source)"
        }
    }

    /// Each non-triggering example yields no rewrite or report and stays as it is.
    var nonTriggeringFailures: [ExampleFailure] {
        rule.examples.nonTriggering.enumerated().flatMap { index, example in
            let label = "[\(rule.id)] non-triggering example \(index + 1)"
            let code = ExampleMarkers(parsing: example.code).code
            let (output, migration) = engine(example.configuration).migrate(source: code, file: "non-triggering-\(index + 1).swift")
            let acting = migration.findings.filter { $0.action.asksForAction }
            var failures: [String] = []
            if !acting.isEmpty {
                failures.append("\(label): unexpected findings\(Self.describe(acting))\n\(code)")
            }
            if output != code {
                failures.append("\(label): the text changed\n\(TextDiff.describe(expected: code, actual: output))")
            }
            if let error = migration.internalError { failures.append("\(label): internal error '\(error)'") }
            return failures.map { ExampleFailure(message: $0, file: example.file, line: example.line) }
        }
    }

    /// Each correction turns `before` into exactly `after`, and `after` stays as it is.
    var correctionFailures: [ExampleFailure] {
        rule.examples.corrections.enumerated().flatMap { index, correction in
            failures(of: correction, index: index).map { ExampleFailure(message: $0, file: correction.file, line: correction.line) }
        }
    }

    private func failures(of correction: RuleCorrection, index: Int) -> [String] {
        let label = "[\(rule.id)] correction \(index + 1)"
        let before = ExampleMarkers(parsing: correction.before).code
        if before == correction.after {
            return ["\(label): before and after are the same text; make it a non-triggering example"]
        }
        let engine = engine(correction.configuration)
        let (output, migration) = engine.migrate(source: before, file: "correction-\(index + 1).swift")
        if let error = migration.internalError {
            return ["\(label): internal error '\(error)'\n\(before)"]
        }
        if output != correction.after {
            return [
                "\(label): the rewrite differs from `after`\(Self.describe(migration.findings))\n"
                    + TextDiff.describe(expected: correction.after, actual: output)
            ]
        }
        return idempotenceFailures(of: output, changed: true, engine: engine, label: label)
    }

    /// Running the engine again on a rewrite's output changes nothing and finds nothing to rewrite.
    private func idempotenceFailures(of output: String, changed: Bool, engine: MigrationEngine, label: String) -> [String] {
        guard changed else { return [] }
        let (again, migration) = engine.migrate(source: output, file: "again.swift")
        var failures: [String] = []
        if again != output {
            failures.append("\(label): not idempotent, a second run changes the output\n" + TextDiff.describe(expected: output, actual: again))
        }
        let rewrites = migration.findings.filter { $0.action == .rewrite }
        if !rewrites.isEmpty {
            failures.append("\(label): not idempotent, a second run finds more to rewrite\(Self.describe(rewrites))\n\(output)")
        }
        return failures
    }

    /// True for `group-lifecycle`, false for `GroupLifecycle` or `group--x`.
    static func isKebabCase(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first?.first, first.isLowercase, first.isLetter else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { ($0.isLowercase && $0.isLetter && $0.isASCII) || ($0.isNumber && $0.isASCII) }
        }
    }

    /// " (findings: 3:5 rewrite 'message', …)" for messages.
    static func describe(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return " (no findings)" }
        let items = findings.map { "\($0.line):\($0.column) \($0.action.rawValue) '\($0.message)'" + ($0.reason.map { " — \($0)" } ?? "") }
        return " (findings: " + items.joined(separator: "; ") + ")"
    }
}

/// The rules the rule-driven tests check: all of `RuleRegistry.all`, or those named in
/// `SWIFTUI_MIGRATE_TEST_RULES` (comma-separated ids) to focus on one rule while writing it.
enum TestedRules {
    static var all: [any Rule] {
        guard let names = environmentSelection else { return RuleRegistry.all }
        return RuleRegistry.all.filter { names.contains($0.id) }
    }

    static var environmentSelection: Set<String>? {
        guard let value = ProcessInfo.processInfo.environment["SWIFTUI_MIGRATE_TEST_RULES"], !value.isEmpty else { return nil }
        return Set(value.split(separator: ",").map { String($0).trimmingWhitespace() })
    }
}
