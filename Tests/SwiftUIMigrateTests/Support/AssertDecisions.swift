import SwiftUIMigrate
import XCTest

/// One decision a test expects: where the finding starts (a marker such as `1️⃣` in the source) and its
/// decision id (`guard-flag-load/no-identity`), optionally its action and safety label, and the facts its
/// words must name, each as a whole (a property, a line number, a container: never a sentence). `Finding`
/// carries no typed facts, so a fact is looked for in its headline and reason.
struct DecisionSpec: CustomStringConvertible {
    var marker: String
    var id: String
    var action: FindingAction?
    var safety: SafetyLabel?
    var facts: [String]

    init(_ marker: String, _ id: String, action: FindingAction? = nil, safety: SafetyLabel? = nil, facts: [String] = []) {
        self.marker = marker
        self.id = id
        self.action = action
        self.safety = safety
        self.facts = facts
    }

    var description: String { "\(marker) \(id)" }
}

/// A source with position markers (`1️⃣` … `9️⃣`, `🔟`) taken out: the text and where each marker stood.
struct MarkedSource {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

    /// The source without its markers.
    var text = ""
    /// Each marker's UTF-8 offset in `text`.
    var offsets: [String: Int] = [:]

    init(_ marked: String) {
        var offset = 0
        for character in marked {
            let string = String(character)
            if Self.markers.contains(string) {
                precondition(offsets[string] == nil, "\(string) is marked twice")
                offsets[string] = offset
                continue
            }
            text.append(character)
            offset += string.utf8.count
        }
    }

    /// `text` with each offset's marker put back: what a failure shows of where the findings are.
    static func marking(_ text: String, _ marks: [(offset: Int, label: String)]) -> String {
        var bytes = Array(text.utf8)
        for mark in marks.sorted(by: { $0.offset > $1.offset }) where mark.offset <= bytes.count {
            bytes.insert(contentsOf: Array("⟨\(mark.label)⟩".utf8), at: mark.offset)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Runs `rules` (turned on unless `configuration` turns one off) over `marked` with its markers taken out, as the file `path` of the module `module` holds,
/// checks the run (no internal error; a second run on the output changes and rewrites nothing), and asserts its
/// findings are exactly `expected`, in source order: each starts at its marker and has its
/// decision id, and the action, safety label and facts the spec gives. `after`, when given, is the whole
/// rewritten text. Every rewrite carries its edits, unless `mergesFixes` (a rewrite whose fix the engine
/// merged into another finding's over the fixpoint's passes keeps its place without edits: `FixAttribution`).
/// A failure prints the source with every finding's place and id marked. Returns the run, for asserting the edits.
@discardableResult
func assertDecisions(
    _ marked: String, rules: [any Rule], configuration: Configuration = Configuration(), module: ModuleIndex? = nil,
    path: String = "<input>", _ expected: [DecisionSpec], after: String? = nil, mergesFixes: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) -> (text: String, findings: [Finding]) {
    let source = MarkedSource(marked)
    let (text, findings) = decisionRun(
        source.text, rules: rules, configuration: configuration, module: module, path: path, file: file, line: line)
    if !mergesFixes {
        let editless = findings.filter { $0.action == .rewrite && $0.edits.isEmpty }.map(\.reasonID)
        XCTAssertEqual(editless, [], "a rewrite without edits", file: file, line: line)
    }
    let actual = findings.sorted { ($0.offset, $0.reasonID) < ($1.offset, $1.reasonID) }
    let wanted = expected.sorted { (source.offsets[$0.marker] ?? -1, $0.id) < (source.offsets[$1.marker] ?? -1, $1.id) }
    var matches = actual.count == wanted.count
    for (finding, spec) in zip(actual, wanted) {
        guard let offset = source.offsets[spec.marker] else {
            XCTFail("\(spec.marker) is not in the source", file: file, line: line)
            continue
        }
        matches = matches && finding.offset == offset && finding.reasonID == spec.id
        if let action = spec.action { XCTAssertEqual(finding.action, action, "\(spec)", file: file, line: line) }
        if let safety = spec.safety { XCTAssertEqual(finding.safety, safety, "\(spec)", file: file, line: line) }
        assertWords(of: finding, name: spec.facts, "\(spec)", file: file, line: line)
    }
    if !matches {
        let marks = actual.map { (offset: $0.offset, label: $0.reasonID) }
        XCTFail("""
            expected \(wanted.map(\.description)), found \(actual.map { "\($0.line):\($0.column) \($0.reasonID)" }):
            \(MarkedSource.marking(source.text, marks))
            """, file: file, line: line)
    }
    if let after { XCTAssertEqual(text, after, file: file, line: line) }
    return (text, actual)
}

/// Asserts the words of `finding` (its headline and reason) name each of `facts` as a whole; `label` names it in a failure.
func assertWords(of finding: Finding?, name facts: [String], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
    let words = (finding?.message ?? "") + "\n" + (finding?.reason ?? "")
    for fact in facts {
        XCTAssertTrue(names(words, fact), "\(label): its words do not name \(fact)", file: file, line: line)
    }
}

/// True when `words` hold `fact` as a whole: not inside a longer name or number (`7` is not in `17`).
private func names(_ words: String, _ fact: String) -> Bool {
    func isNamePart(_ character: Character?) -> Bool { character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
    var rest = words[...]
    while let range = rest.range(of: fact) {
        let before = range.lowerBound == words.startIndex ? nil : words[words.index(before: range.lowerBound)]
        let after = range.upperBound == words.endIndex ? nil : words[range.upperBound]
        if !(isNamePart(before) && isNamePart(fact.first)) && !(isNamePart(after) && isNamePart(fact.last)) { return true }
        rest = words[range.upperBound...]
    }
    return false
}

/// `assertDecisions` for one decision at the marker 1️⃣ of `source`: `id`, with the action, safety label and facts
/// given; `unchanged`: the text stays as it is (a keep, a skip or a report).
@discardableResult
func assertOneDecision(
    _ source: String, rules: [any Rule], configuration: Configuration = Configuration(), _ id: String,
    action: FindingAction? = nil, safety: SafetyLabel? = nil, facts: [String] = [], unchanged: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) -> (text: String, findings: [Finding]) {
    assertDecisions(source, rules: rules, configuration: configuration, [
        DecisionSpec("1️⃣", id, action: action, safety: safety, facts: facts),
    ], after: unchanged ? MarkedSource(source).text : nil, file: file, line: line)
}

/// `assertDecisions` for a source with no finding: it is left as it is, and nothing is decided.
func assertNoDecisions(
    _ source: String, rules: [any Rule], configuration: Configuration = Configuration(), module: ModuleIndex? = nil,
    path: String = "<input>", file: StaticString = #filePath, line: UInt = #line
) {
    assertDecisions(
        source, rules: rules, configuration: configuration, module: module, path: path, [], after: MarkedSource(source).text,
        file: file, line: line)
}

/// The run `assertDecisions` checks: no internal error, and a second run on the output changes nothing and
/// rewrites nothing.
private func decisionRun(
    _ source: String, rules: [any Rule], configuration: Configuration, module: ModuleIndex?, path: String, file: StaticString, line: UInt
) -> (text: String, findings: [Finding]) {
    var configuration = configuration
    for rule in rules where configuration.rules[rule.id] == nil { configuration.rules[rule.id] = true }
    let engine = MigrationEngine(configuration: configuration, rules: rules)
    let migration = engine.migrate(bytes: Array(source.utf8), file: path, module: module)
    let text = String(decoding: migration.migrated, as: UTF8.self)
    XCTAssertNil(migration.internalError, file: file, line: line)
    let again = engine.migrate(bytes: Array(text.utf8), file: path, module: module)
    XCTAssertEqual(String(decoding: again.migrated, as: UTF8.self), text, "not idempotent", file: file, line: line)
    XCTAssertFalse(again.findings.contains { $0.action == .rewrite }, "a second run rewrites again", file: file, line: line)
    return (text, migration.findings)
}
