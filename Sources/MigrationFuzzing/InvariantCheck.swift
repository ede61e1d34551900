import SwiftParser
import SwiftSyntax
import SwiftUIMigrate

/// A broken promise of the engine on one input.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// What kind of promise: a stable, kebab-case word used to group and minimize failures.
    public var kind: String
    /// One line with the details.
    public var detail: String

    public init(kind: String, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { "\(kind): \(detail)" }
}

/// Runs the engine on one input and checks what it promises (docs/reliability.md, "How rewrites are checked"):
///
/// - the output parses whenever the input did (and an input with syntax errors is left unchanged);
/// - a second run on the output finds nothing to rewrite;
/// - bytes outside the rules' edits are identical — checked by replaying the passes with the rules'
///   own edits, tracking which original bytes no edit touched, and comparing the replay with the
///   engine's output (skipped when suppression comments are present, as the replay ignores them);
/// - no rewrite fails the engine's own checks (an internal error is a rule bug, reported separately).
///
/// Crashes and hangs are the driver's to catch: this runs in-process.
public struct InvariantCheck: Sendable {
    public let engine: MigrationEngine

    public init(engine: MigrationEngine) {
        self.engine = engine
    }

    /// An engine with every rule on (opt-in ones too) and `strategy`.
    public static func allRules(strategy: GroupStrategy) -> MigrationEngine {
        var configuration = Configuration()
        configuration.rules = Dictionary(uniqueKeysWithValues: RuleRegistry.all.map { ($0.id, true) })
        configuration.strategy = strategy
        return MigrationEngine(configuration: configuration)
    }

    /// What one check saw.
    public struct Outcome: Sendable {
        /// The promises broken; empty when all held.
        public var violations: [Violation] = []
        /// True when the input parsed without errors.
        public var parsed = false
        /// True when the engine rewrote it.
        public var rewritten = false
    }

    /// The promises `bytes` breaks; empty when it keeps them all.
    public func violations(_ bytes: [UInt8]) -> [Violation] {
        check(bytes).violations
    }

    /// Checks `bytes` and says whether it parsed and was rewritten.
    public func check(_ bytes: [UInt8]) -> Outcome {
        let migration = engine.migrate(bytes: bytes, file: "fuzz.swift")
        let parsed = !parse(bytes).hasError
        return Outcome(
            violations: violations(bytes, migration: migration, inputParses: parsed), parsed: parsed, rewritten: migration.changed)
    }

    private func violations(_ bytes: [UInt8], migration: FileMigration, inputParses: Bool) -> [Violation] {
        var found: [Violation] = []
        if let error = migration.internalError {
            found.append(Violation(kind: "internal-error", detail: error))
        }
        if !inputParses {
            if migration.changed {
                found.append(Violation(kind: "broken-input-rewritten", detail: "an input with syntax errors was changed"))
            }
            return found
        }
        guard migration.changed else { return found }
        if parse(migration.migrated).hasError {
            found.append(Violation(kind: "output-does-not-parse", detail: "the input parsed, the output does not"))
            return found
        }
        let second = engine.migrate(bytes: migration.migrated, file: "fuzz.swift")
        if second.changed || second.internalError != nil {
            let rules = Set(second.findings.filter { $0.action == .rewrite }.map(\.ruleID)).sorted()
            found.append(Violation(
                kind: "not-idempotent",
                detail: "a second run rewrites again (\(rules.joined(separator: ", ")))"
                    + (second.internalError.map { "; \($0)" } ?? "")))
        }
        if migration.internalError == nil, !ByteSearch.contains(bytes, "swiftui-migrate:") {
            found.append(contentsOf: replayViolations(bytes, expected: migration.migrated))
        }
        return found
    }

    /// Replays the engine's passes with the rules' edits and checks untouched bytes stay identical.
    private func replayViolations(_ original: [UInt8], expected: [UInt8]) -> [Violation] {
        var text = original
        var clean = [CleanSpan(current: 0, original: 0, count: original.count)]
        guard ByteSearch.containsAny(text, engine.triggerWords) else { return [] }
        // The first pass's findings decide, as in the engine, which Groups' modifiers no pass rewrites.
        var reported: [Finding] = []
        var pending = rewriteEdits(in: text, clean: clean, reported: &reported)
        var pass = 0
        while !pending.isEmpty && pass < MigrationEngine.maximumPasses {
            pass += 1
            let application = EditApplication(text: text, groups: pending)
            clean = CleanSpan.after(application.appliedEdits, clean)
            text = application.text
            if parse(text).hasError { return [] }  // the engine gives up here too (an internal error)
            pending = rewriteEdits(in: text, clean: clean, reported: &reported)
        }
        if text != expected {
            return [Violation(
                kind: "engine-differs-from-its-edits",
                detail: "replaying the rules' edits gives \(text.count) bytes, the engine \(expected.count)")]
        }
        for span in clean where span.count > 0 {
            if text[span.current..<span.current + span.count] != original[span.original..<span.original + span.count] {
                return [Violation(
                    kind: "bytes-outside-edits-changed",
                    detail: "original bytes \(span.original)..<\(span.original + span.count) changed")]
            }
        }
        return []
    }

    /// The rewrites' edits of one pass over `text`, without those the engine leaves out
    /// (`OneFindingPerModifier`); `reported` is empty on the first pass, which fills it.
    private func rewriteEdits(in text: [UInt8], clean: [CleanSpan], reported: inout [Finding]) -> [[ByteEdit]] {
        let tree = parse(text)
        let context = RuleContext(tree: tree, bytes: text, file: "fuzz.swift", configuration: engine.configuration)
        let found = engine.rules.flatMap { $0.findings(in: context) }
        let first = reported.isEmpty
        if first { reported = found }
        // An offset in text no edit touched is where it was in the original; rewritten text maps nowhere.
        let original: (Int) -> Int = { offset in
            clean.first { $0.current <= offset && offset < $0.current + $0.count }.map { $0.original + offset - $0.current } ?? -1
        }
        return OneFindingPerModifier.withoutRewritesOnReportedGroups(found, reported: reported, in: tree, original: first ? { $0 } : original)
            .filter { $0.action == .rewrite && !$0.edits.isEmpty }
            .map(\.edits)
    }

    private func parse(_ bytes: [UInt8]) -> SourceFileSyntax {
        bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    }
}

/// A run of bytes of the current text that no edit has touched, and where it was in the original.
struct CleanSpan: Equatable {
    var current: Int
    var original: Int
    var count: Int

    /// The spans still clean after `edits` (sorted, non-overlapping, in current coordinates).
    static func after(_ edits: [ByteEdit], _ spans: [CleanSpan]) -> [CleanSpan] {
        var result: [CleanSpan] = []
        for span in spans {
            var pieces = [span]
            for edit in edits {
                pieces = pieces.flatMap { piece -> [CleanSpan] in
                    let start = piece.current
                    let end = piece.current + piece.count
                    let cutStart = max(start, edit.range.lowerBound)
                    let cutEnd = min(end, edit.range.upperBound)
                    if edit.range.isEmpty {
                        guard edit.range.lowerBound > start && edit.range.lowerBound < end else { return [piece] }
                        let left = edit.range.lowerBound - start
                        return [
                            CleanSpan(current: start, original: piece.original, count: left),
                            CleanSpan(current: edit.range.lowerBound, original: piece.original + left, count: piece.count - left),
                        ]
                    }
                    guard cutStart < cutEnd else { return [piece] }
                    var parts: [CleanSpan] = []
                    if cutStart > start { parts.append(CleanSpan(current: start, original: piece.original, count: cutStart - start)) }
                    if cutEnd < end {
                        parts.append(CleanSpan(current: cutEnd, original: piece.original + (cutEnd - start), count: end - cutEnd))
                    }
                    return parts
                }
            }
            result.append(contentsOf: pieces)
        }
        // Move every span by the size change of the edits before it.
        return result.map { span in
            var moved = span
            for edit in edits where edit.range.upperBound <= span.current {
                moved.current += edit.replacement.utf8.count - edit.range.count
            }
            return moved
        }
    }
}
