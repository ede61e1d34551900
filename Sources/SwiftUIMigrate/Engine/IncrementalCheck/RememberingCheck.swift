import SwiftParser
import SwiftSyntax

/// One check's use of a `CheckMemory`: it parses each pass from what the earlier check left,
/// recalls the findings of the top-level items that are as they were, and collects what the next
/// check will use. Without a memory it parses every pass as a run over files does and recalls nothing.
struct RememberingCheck {
    private let memory: CheckMemory?
    /// What the earlier check left.
    private let earlier: CheckMemory.Check
    /// True when the earlier check's findings were decided as this check's are.
    private let earlierDecides: Bool
    /// What this check leaves.
    private var next: CheckMemory.Check

    init(_ memory: CheckMemory?, file: String, configuration: Configuration, floor: DeploymentFloor, module: ModuleIndex?) {
        self.memory = memory
        earlier = memory?.check ?? CheckMemory.Check()
        next = CheckMemory.Check(file: file, configuration: configuration, floor: floor, module: module)
        earlierDecides = earlier.decides(next)
    }

    /// Leaves this check in the memory for the next one.
    func commit() {
        var next = next
        if let scopes { next.scopes = scopes.found }
        memory?.check = next
    }

    /// The scopes of the first pass's findings, for their fingerprints; nil without a memory.
    private(set) var scopes: ScopeMemo?

    /// Edits after which a pass's text is parsed afresh rather than incrementally: SwiftParser
    /// looks through every edit for each node it considers reusing, so an incremental parse
    /// after many edits costs their number times the file's nodes, while a full parse costs the file.
    static let incrementalParseEditLimit = 16

    /// Parses `bytes`, the text of pass `pass` (0: the text given): incrementally from the previous
    /// pass's parse when its edits were few, else from the same pass of the earlier check, else from
    /// scratch. The parser reuses every node the edits did not touch, so checking a small change
    /// costs a fraction of a full parse (SwiftParser's incremental parse yields the tree a full parse would).
    mutating func parse(
        _ bytes: [UInt8], pass: Int, after previous: (result: IncrementalParseResult, edits: [ByteEdit])?
    ) -> IncrementalParseResult {
        var from: (result: IncrementalParseResult, edits: [ByteEdit], reuses: Int)?
        if let previous, previous.edits.count <= Self.incrementalParseEditLimit {
            from = (previous.result, previous.edits, (next.parses.last?.reuses ?? 0) + 1)
        } else if pass < earlier.parses.count, let earlier = earlier.parses[pass].reusable {
            from = (earlier.result, [earlier.edit(to: bytes)], earlier.reuses + 1)
        }
        let transition = from.flatMap { from -> IncrementalParseTransition? in
            let edits = from.edits.map { edit in
                SourceEdit(
                    range: AbsolutePosition(utf8Offset: edit.range.lowerBound)..<AbsolutePosition(utf8Offset: edit.range.upperBound),
                    replacement: Array(edit.replacement.utf8))
            }
            guard let concurrent = try? ConcurrentEdits(concurrent: edits) else { return nil }
            return IncrementalParseTransition(previousIncrementalParseResult: from.result, edits: concurrent)
        }
        let result = bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
        if memory != nil {
            next.parses.append(ParsedText(bytes: bytes, result: result, reuses: transition == nil ? 0 : from?.reuses ?? 0))
        }
        return result
    }

    /// What a pass over `tree` takes from the earlier check.
    struct Recall {
        /// The tree's top-level items.
        let units: TopLevelUnits
        /// The indices of the items the rules must look at.
        let unchecked: [Int]
        /// The findings of the others, where they are now.
        let findings: [Finding]
        /// The style of the tree's text.
        let style: SourceStyle
        /// The line table of the tree's text (the rules' context shares it).
        let lines: LineTable

        /// The nodes of the items the rules must look at.
        var uncheckedItems: [CodeBlockItemSyntax] { unchecked.map { units.units[$0].item } }
    }

    /// The findings of the items of `tree` that an earlier pass or check found as they are now;
    /// nil without a memory (then the rules look at everything).
    mutating func recall(tree: SourceFileSyntax, bytes: [UInt8]) -> Recall? {
        guard memory != nil else { return nil }
        var names = next.names
        let earlierNames = earlier.names
        let lines = LineTable(bytes: bytes)
        let units = TopLevelUnits(tree: tree, bytes: bytes, lines: lines) { unit in
            let known = names[unit.text] ?? earlierNames[unit.text] ?? UnitNames(unit.item)
            names[unit.text] = known
            return known
        }
        next.names = names
        let style = SourceStyle(inferringFrom: bytes)
        var unchecked: [Int] = []
        var recalled: [Finding] = []
        for (index, unit) in units.units.enumerated() {
            let key = RememberedUnit.Key(unit, style: style)
            let dependencies = units.dependencies[index].map { units.units[$0] }
            if let remembered = next.units[key] ?? (earlierDecides ? earlier.units[key] : nil),
               remembered.matches(dependencies: dependencies) {
                recalled += remembered.findings(at: unit.range.lowerBound)
                next.units[key] = remembered
            } else {
                unchecked.append(index)
            }
        }
        if scopes == nil { scopes = ScopeMemo(units: units, earlier: earlier.scopes) }
        return Recall(units: units, unchecked: unchecked, findings: recalled, style: style, lines: lines)
    }

    /// Keeps `found`, the findings of the rules over `recall`'s unchecked items, by item, and gives
    /// those of the unchecked items (a rule that looked further finds what is recalled again). An
    /// item whose findings reach outside it (an edit elsewhere) is not kept: it is checked again next time.
    mutating func remember(_ found: [Finding], _ recall: Recall) -> [Finding] {
        let units = recall.units
        guard !recall.unchecked.isEmpty else { return [] }
        // Each unchecked item's place among the unchecked ones, by its index among all items.
        let position = Dictionary(uniqueKeysWithValues: recall.unchecked.enumerated().map { ($1, $0) })
        var byItem = [[Finding]](repeating: [], count: recall.unchecked.count)
        var escaped = Set<Int>()
        var kept: [Finding] = []
        for finding in found {
            guard let index = units.index(holding: finding.offset), let place = position[index] else { continue }
            kept.append(finding)
            let range = units.units[index].range
            let inside = finding.end.offset <= range.upperBound
                && finding.edits.allSatisfy { range.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= range.upperBound }
            if inside { byItem[place].append(finding) } else { escaped.insert(place) }
        }
        for (position, index) in recall.unchecked.enumerated() where !escaped.contains(position) {
            let unit = units.units[index]
            next.units[RememberedUnit.Key(unit, style: recall.style)] = RememberedUnit(
                dependencies: units.dependencies[index].map { (units.units[$0].text, units.units[$0].start) },
                findings: byItem[position].map { $0.moved(by: -unit.range.lowerBound) })
        }
        return kept
    }
}
