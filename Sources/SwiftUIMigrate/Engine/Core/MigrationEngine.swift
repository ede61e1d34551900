import Foundation
import SwiftParser
import SwiftSyntax

/// Runs the enabled rules over one file's text and applies their edits to a fixpoint.
///
/// Each pass parses the text, runs every rule, and applies the non-overlapping
/// edits together; overlapping ones wait for the next pass. The result of
/// every pass is re-parsed: a rewrite that adds a syntax error leaves the file
/// unchanged and is reported as an internal error. Files that already have
/// syntax errors are scanned but never rewritten. The last pass finds nothing
/// to rewrite, so running the engine on its own output changes nothing.
public struct MigrationEngine: Sendable {
    /// The rules that run, in registry order.
    public let rules: [any Rule]
    /// The run's configuration.
    public let configuration: Configuration
    /// Passes after which a file that still has rewrites is given up on.
    public static let maximumPasses = 8
    /// Asked about every finding (with its fingerprint, in original-file coordinates) before
    /// its edits are applied; nil allows everything. See `FindingDecision`.
    public var decide: (@Sendable (Finding) -> FindingDecision)? = nil
    /// Asked with the file's deadline: true stops the file as a spent budget does (unchanged, no
    /// findings, `timedOut` set) — an editor's newer text superseding the check of an older one.
    /// Nil never stops.
    public var isStopped: (@Sendable () -> Bool)? = nil
    /// What the check of an earlier version of the text `migrate` is given left (an editor's buffer
    /// before its latest change): each pass is parsed incrementally from that check's, and the
    /// top-level items it found unchanged are not checked again. `migrate` leaves its own check
    /// there. Nil checks from scratch.
    public var memory: CheckMemory? = nil

    /// An engine running the rules of `candidates` that `configuration` enables.
    public init(configuration: Configuration, rules candidates: [any Rule] = RuleRegistry.all) {
        self.configuration = configuration
        self.candidates = candidates
        self.rules = candidates.filter { configuration.isEnabled($0) }
        self.prefilterWords = ByteSearch.essentialWords(rules.flatMap(\.triggerWords))
        self.someRuleRequiresWords = rules.contains { !$0.requiredWords.isEmpty }
    }

    /// The rules `configuration` chose from.
    let candidates: [any Rule]

    /// This engine (the same rules to choose from, the same `decide`) with another configuration:
    /// a file whose nearest `.swiftui-migrate.json` is not the run's. Itself when nothing differs.
    public func configured(_ other: Configuration) -> MigrationEngine {
        guard other != configuration else { return self }
        var engine = MigrationEngine(configuration: other, rules: candidates)
        engine.decide = decide
        engine.isStopped = isStopped
        engine.memory = memory
        return engine
    }

    /// The words a file must contain for any enabled rule to find something.
    public var triggerWords: [String] { rules.flatMap(\.triggerWords) }
    /// `triggerWords` without duplicates and without words that contain another of them.
    private let prefilterWords: [String]
    /// True when some rule also needs words of its own (`Rule.requiredWords`).
    private let someRuleRequiresWords: Bool

    /// True when some rule may find something in `bytes`: they hold one of its trigger words and all
    /// its required words (as whole identifiers). One search for all the trigger words first, which most files fail.
    private func someRuleMayFind(_ bytes: [UInt8]) -> Bool {
        guard ByteSearch.containsAny(bytes, prefilterWords) else { return false }
        return !someRuleRequiresWords || rules.contains { rule in
            rule.requiredWords.allSatisfy { ByteSearch.containsIdentifier(bytes, $0) } && ByteSearch.containsAny(bytes, rule.triggerWords)
        }
    }

    /// Migrates `bytes`, reporting findings under the name `file`. `floor` is the file's deployment
    /// floor as found beside it (a `Package.swift`, the Xcode project); the configuration's
    /// `deploymentTarget`, when set, takes its place. `module` gives the declarations of the file's
    /// module (its other files), which the analyses read where the file alone cannot tell.
    public func migrate(
        bytes: [UInt8], file: String, floor: DeploymentFloor = .unknown, module: ModuleIndex? = nil
    ) -> FileMigration {
        let floor = configuration.deploymentTarget ?? floor
        var result = FileMigration(file: file, original: bytes, migrated: bytes, findings: [], hasSyntaxErrors: false)
        let suppression = Suppression(bytes: bytes, knownRules: candidates.map(\.id))
        result.suppressionProblems = suppression.problems
        guard !rules.isEmpty, someRuleMayFind(bytes) else { return result }
        if let excess = NestingDepth(measuring: bytes).excess {
            result.tooDeep = excess
            return result
        }
        let deadline = FileDeadline(after: configuration.fileTimeout, stoppedWhen: isStopped)

        // Needed only to place findings of a later pass; most files never get there.
        lazy var lines = LineTable(bytes: bytes)
        var memo = RememberingCheck(memory, file: file, configuration: configuration, floor: floor, module: module)
        defer { if !deadline.hasPassed { memo.commit() } }
        var parsed = memo.parse(bytes, pass: 0, after: nil)
        let first = parsed.tree
        result.hasSyntaxErrors = first.hasError
        var findings = run(on: first, bytes: bytes, file: file, floor: floor, module: module, suppression: suppression, deadline: deadline, memo: &memo)
        if deadline.hasPassed { return timedOut(result, deadline) }
        var fingerprints = FingerprintIndex(tree: first, bytes: bytes, scopes: memo.scopes)
        for index in findings.indices {
            findings[index].fingerprint = fingerprints.fingerprint(rule: findings[index].ruleID, offset: findings[index].offset)
        }
        findings = findings.compactMap(screened)
        // One finding per rule and place: a rule that reaches a site twice reports it once.
        var firstSeen = Set<FindingKey>()
        findings = findings.filter { firstSeen.insert(FindingKey(rule: $0.ruleID, offset: $0.offset)).inserted }
        findings = OneFindingPerModifier.withoutReportsOfRewrittenModifiers(
            OneFindingPerModifier.withoutRewritesOnReportedGroups(findings, reported: findings, in: first))

        if first.hasError {
            result.findings = Self.reportingRewrites(findings, .syntaxErrors)
            return result
        }

        var text = bytes
        var attribution = FixAttribution()
        var seen = Set(findings.map { FindingKey(rule: $0.ruleID, offset: $0.offset) })
        // Where each reported finding is, by key and by place, so a later pass's finding finds
        // its earlier self without a look through every finding.
        var indexByKey = Dictionary(uniqueKeysWithValues: findings.indices.map { (FindingKey(rule: findings[$0].ruleID, offset: findings[$0].offset), $0) })
        var indexByPlace = RangeIndex<Int>()
        for index in findings.indices { indexByPlace.insert(findings[index].offset..<findings[index].offset, index) }
        // Each pending rewrite with the key of the finding it is reported as.
        var pending = findings.filter { $0.action == .rewrite && !$0.edits.isEmpty }
            .map { (key: FindingKey(rule: $0.ruleID, offset: $0.offset), edits: $0.edits) }
        var pass = 0
        while !pending.isEmpty {
            pass += 1
            if pass > Self.maximumPasses {
                return failed(result, findings, "rewrites did not settle after \(Self.maximumPasses) passes")
            }
            let application = EditApplication(text: text, groups: pending.map(\.edits))
            text = application.text
            attribution.record(
                groups: application.applied.map { FixAttribution.AppliedGroup(owner: pending[$0].key, edits: pending[$0].edits) },
                appliedEdits: application.appliedEdits)
            parsed = memo.parse(text, pass: pass, after: (parsed, application.appliedEdits))
            let tree = parsed.tree
            if tree.hasError {
                return failed(result, findings, "a rewrite produced code that does not parse")
            }
            pending = []
            let found = OneFindingPerModifier.withoutRewritesOnReportedGroups(
                run(on: tree, bytes: text, file: file, floor: floor, module: module, suppression: nil, deadline: deadline, memo: &memo),
                reported: findings, in: tree, original: { attribution.originalRange($0..<$0).lowerBound })
            if deadline.hasPassed { return timedOut(result, deadline) }
            for finding in found {
                let anchor = attribution.originalRange(finding.offset..<finding.offset)
                var offset = anchor.lowerBound
                // The end maps back like the start (widened to whole edits where it lies in rewritten text).
                var end = attribution.originalRange(finding.offset..<max(finding.offset, finding.end.offset)).upperBound
                if anchor.isEmpty == false, let deferred = indexByPlace.candidates(near: anchor).map(\.value).sorted().lazy
                    .map({ findings[$0] }).first(where: { earlier in
                    earlier.ruleID == finding.ruleID && earlier.action == .rewrite && anchor.contains(earlier.offset)
                        && earlier.offset != offset && !attribution.contributors.contains(FindingKey(rule: earlier.ruleID, offset: earlier.offset))
                }) {
                    // Found again inside text an earlier pass rewrote: the rewrite deferred behind
                    // that one, at its own place.
                    offset = deferred.offset
                    end = deferred.end.offset
                }
                if suppression.silences(rule: finding.ruleID, line: lines.location(of: offset).line) { continue }
                var mapped = finding
                mapped.offset = offset
                (mapped.line, mapped.column) = lines.location(of: offset)
                mapped.end = lines.point(at: max(offset, end))
                mapped.fingerprint = fingerprints.fingerprint(rule: finding.ruleID, offset: offset)
                guard let screened = screened(mapped) else { continue }
                let key = FindingKey(rule: finding.ruleID, offset: offset)
                if screened.action == .rewrite && !finding.edits.isEmpty { pending.append((key, finding.edits)) }
                var reported = screened
                reported.edits = []
                if seen.insert(key).inserted {
                    indexByKey[key] = findings.count
                    indexByPlace.insert(offset..<offset, findings.count)
                    findings.append(reported)
                } else if reported.action == .rewrite && !finding.edits.isEmpty,
                          let index = indexByKey[key], findings[index].action != .rewrite {
                    // Skipped at first, rewritten once another rewrite changed the code around it (a
                    // Group hoisted to a container no longer swaps the host away): the rewrite is what happens.
                    findings[index] = reported
                }
            }
        }
        findings = attribution.attribute(findings, original: bytes, final: text)
        result.migrated = text
        result.findings = findings.sorted { ($0.offset, $0.ruleID) < ($1.offset, $1.ruleID) }
        return result
    }

    /// Migrates a string; a convenience for tests and examples.
    public func migrate(source: String, file: String = "<input>") -> (text: String, migration: FileMigration) {
        let migration = migrate(bytes: Array(source.utf8), file: file)
        return (String(decoding: migration.migrated, as: UTF8.self), migration)
    }

    /// The findings of every rule in `tree`; fewer when `deadline` passes (the caller then drops them).
    private func run(
        on tree: SourceFileSyntax, bytes: [UInt8], file: String, floor: DeploymentFloor, module: ModuleIndex?,
        suppression: Suppression?, deadline: FileDeadline, memo: inout RememberingCheck
    ) -> [Finding] {
        // The top-level items an earlier check found as they are now give their findings again;
        // the rules look only at the others.
        let recall = memo.recall(tree: tree, bytes: bytes)
        let context = RuleContext(
            tree: tree, bytes: bytes, file: file, configuration: configuration, floor: floor, deadline: deadline, module: module,
            recall: recall)
        var found: [Finding] = []
        for rule in rules {
            if deadline.hasPassed { break }
            found += rule.findings(in: context)
        }
        if let recall, !deadline.hasPassed { found = memo.remember(found, recall) + recall.findings }
        if let suppression { found.removeAll { suppression.silences(rule: $0.ruleID, line: $0.line) } }
        return found.sorted { ($0.offset, $0.ruleID) < ($1.offset, $1.ruleID) }
    }

    /// `finding` as `decide` wants it: nil when hidden, a `skip` when a rewrite is declined.
    private func screened(_ finding: Finding) -> Finding? {
        guard let decide else { return finding }
        switch decide(finding) {
        case .allow:
            return finding
        case .hide:
            return nil
        case .decline(let decline):
            return finding.action == .rewrite ? finding.withoutFix(decline) : finding
        }
    }

    /// What a file whose migration ran past `deadline` gives: unchanged, no findings, `timedOut` set.
    private func timedOut(_ result: FileMigration, _ deadline: FileDeadline) -> FileMigration {
        var stopped = result
        stopped.migrated = result.original
        stopped.findings = []
        stopped.timedOut = deadline.budget
        return stopped
    }

    private func failed(_ result: FileMigration, _ findings: [Finding], _ reason: String) -> FileMigration {
        var failed = result
        failed.migrated = result.original
        failed.internalError = reason
        failed.findings = Self.reportingRewrites(findings, .internalError, detail: reason)
        return failed
    }

    /// `findings` with every rewrite turned into a report without edits, as `decline` says: what a
    /// file that will not be rewritten shows.
    private static func reportingRewrites(_ findings: [Finding], _ decline: RunDecline, detail: String = "") -> [Finding] {
        findings.map { $0.action == .rewrite ? $0.withoutFix(decline, detail: detail) : $0 }
    }
}

/// Line starts of a text, for turning byte offsets into line and column.
struct LineTable: Sendable {
    private var starts: [Int] = [0]

    /// Where each line of `bytes` starts (0, then just after each line feed), found with `memchr`.
    init(bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var from = 0
            while from < buffer.count, let found = memchr(base + from, Int32(UInt8(ascii: "\n")), buffer.count - from) {
                from = base.distance(to: UnsafeRawPointer(found)) + 1
                starts.append(from)
            }
        }
    }

    /// 1-based line and UTF-8 column of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        // The last line starting at or before `offset` (the first for an offset before the text).
        let index = max(starts.prefixCount { $0 <= offset } - 1, 0)
        return (index + 1, offset - starts[index] + 1)
    }

    /// `offset` with its 1-based line and UTF-8 column.
    func point(at offset: Int) -> SourcePoint {
        let (line, column) = location(of: offset)
        return SourcePoint(line: line, column: column, offset: offset)
    }
}
