import Foundation

/// What the engine keeps of one document's last check, so that checking its next text — an
/// editor's buffer after a keystroke — costs what changed (`MigrationEngine.memory`).
///
/// It keeps each pass's parse, from which the same pass of the next text is parsed
/// incrementally, and the findings of each top-level item (`TopLevelUnits`) with the texts that
/// decided them: an item whose text, place and dependencies are unchanged is not checked again.
/// A check uses what the previous one left only when it ran with the same configuration, floor
/// and module; it replaces it when it ends, so the memory holds one check. One check at a time
/// uses a memory; reading and replacing it are locked.
public final class CheckMemory: @unchecked Sendable {
    // Unchecked: `last` is read and written under `lock`.
    private let lock = NSLock()
    private var last = Check()

    /// An empty memory: the first check parses and checks everything.
    public init() {}

    /// What one check left.
    struct Check {
        /// What the findings were decided with.
        var file = ""
        var configuration: Configuration?
        var floor = DeploymentFloor.unknown
        var module: ModuleIndex?
        /// The parse of each pass's text, the first pass first.
        var parses: [ParsedText] = []
        /// The findings of each item, by the item's text and place.
        var units: [RememberedUnit.Key: RememberedUnit] = [:]
        /// The names of each item, by its text.
        var names: [TopLevelUnits.Text: UnitNames] = [:]
        /// The scopes of the findings of each item (`ScopeMemo`).
        var scopes: ScopeMemo.Scopes = [:]

        /// True when its findings were decided as a check with these would decide them.
        func decides(_ other: Check) -> Bool {
            file == other.file && configuration == other.configuration && floor == other.floor && module === other.module
        }
    }

    /// What the last check left.
    var check: Check {
        get { lock.withLock { last } }
        set { lock.withLock { last = newValue } }
    }
}

/// The findings of one top-level item in an earlier pass, with what decided them.
struct RememberedUnit {
    /// An item's text, the line and column it starts at (reasons name lines) and the style of its
    /// file (rewrites indent in it).
    struct Key: Hashable {
        let text: TopLevelUnits.Text
        let line: Int
        let column: Int
        let style: SourceStyle

        init(_ unit: TopLevelUnits.Unit, style: SourceStyle) {
            (text, line, column, self.style) = (unit.text, unit.start.line, unit.start.column, style)
        }
    }

    /// The items its findings depended on: their texts and where they started.
    let dependencies: [(text: TopLevelUnits.Text, start: SourcePoint)]
    /// The findings, with offsets counted from the item's start.
    let findings: [Finding]

    /// True when an item with these `dependencies` in its file would be found as it was.
    func matches(dependencies others: [TopLevelUnits.Unit]) -> Bool {
        guard dependencies.count == others.count else { return false }
        return zip(dependencies, others).allSatisfy { remembered, other in
            remembered.start.line == other.start.line && remembered.start.column == other.start.column && remembered.text == other.text
        }
    }

    /// `findings` placed at `offset` (the item's start in the current text).
    func findings(at offset: Int) -> [Finding] {
        findings.map { $0.moved(by: offset) }
    }
}

extension Finding {
    /// This finding with every offset moved by `delta` bytes (lines and columns stay).
    func moved(by delta: Int) -> Finding {
        var moved = self
        moved.offset += delta
        moved.end.offset += delta
        moved.edits = edits.map { ByteEdit(range: ($0.range.lowerBound + delta)..<($0.range.upperBound + delta), replacement: $0.replacement) }
        return moved
    }
}
