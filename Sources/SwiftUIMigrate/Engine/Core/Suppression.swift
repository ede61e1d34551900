/// The `// swiftui-migrate:` comments of a file and the findings they silence.
///
/// - `// swiftui-migrate:disable-next-line [rule …]` silences the next line.
/// - `// swiftui-migrate:disable [rule …]` … `// swiftui-migrate:enable [rule …]` silences a region.
/// - `// swiftui-migrate:disable-file [rule …]` silences the whole file.
/// With no rule named (or `all`), every rule is silenced; a bare `enable` ends every open region.
/// SwiftLint's spellings are accepted too: `disable:next`, `disable:this`, `disable:previous`, and
/// ` - ` before a reason (`// swiftui-migrate:disable:next group-lifecycle - reviewed`).
/// A rule name no rule has, or a directive not among these, is a `SuppressionProblem`.
struct Suppression: Sendable {
    private struct Region { var rule: String?; var lines: ClosedRange<Int> }
    private var regions: [Region] = []
    /// The comments that name an unknown rule or directive, in line order.
    private(set) var problems: [SuppressionProblem] = []

    static let marker = "swiftui-migrate:"

    /// The directives, SwiftLint's spellings included.
    static let directives = [
        "disable-next-line", "disable-this-line", "disable-file", "disable", "enable",
        "disable:next", "disable:this", "disable:previous",
    ]

    /// Reads the directives of `bytes`; cheap when the file has none. Rule names are checked
    /// against `knownRules` (nil checks none).
    init(bytes: [UInt8], knownRules: [String]? = nil) {
        guard ByteSearch.contains(bytes, Self.marker) else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        var open: [String?: Int] = [:]
        let lines = text.linesKeepingCarriageReturns
        for (index, line) in lines.enumerated() {
            let lineNumber = index + 1
            guard let comment = line.range(of: "//"), let markerRange = line.range(of: Self.marker),
                  comment.lowerBound < markerRange.lowerBound else { continue }
            let words = line[markerRange.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "," })
            guard let command = words.first else { continue }
            // SwiftLint's convention: a reason follows ` - `.
            let named = words.dropFirst().prefix { $0 != "-" }.map(String.init).filter { $0 != "all" }
            if let knownRules {
                for name in named where !knownRules.contains(name) {
                    problems.append(SuppressionProblem(line: lineNumber, kind: .unknownRule(name), known: knownRules))
                }
            }
            let rules: [String?] = named.isEmpty ? [nil] : named.map { Optional($0) }
            switch command {
            case "disable-next-line", "disable:next":
                for rule in rules { regions.append(Region(rule: rule, lines: (lineNumber + 1)...(lineNumber + 1))) }
            case "disable-this-line", "disable:this":
                for rule in rules { regions.append(Region(rule: rule, lines: lineNumber...lineNumber)) }
            case "disable:previous" where lineNumber > 1:
                for rule in rules { regions.append(Region(rule: rule, lines: (lineNumber - 1)...(lineNumber - 1))) }
            case "disable-file":
                for rule in rules { regions.append(Region(rule: rule, lines: 1...Int.max)) }
            case "disable":
                for rule in rules where open[rule] == nil { open[rule] = lineNumber }
            case "enable":
                // A bare `enable` ends every open region, also the ones a named `disable` opened.
                let closing: [String?] = named.isEmpty ? Array(open.keys) : rules
                for rule in closing {
                    if let start = open.removeValue(forKey: rule) {
                        regions.append(Region(rule: rule, lines: start...lineNumber))
                    }
                }
            default:
                if knownRules != nil, !Self.directives.contains(String(command)) {
                    problems.append(SuppressionProblem(line: lineNumber, kind: .unknownDirective(String(command)), known: Self.directives))
                }
            }
        }
        for (rule, start) in open { regions.append(Region(rule: rule, lines: start...Int.max)) }
    }

    /// True when `rule` is silenced on `line`.
    func silences(rule: String, line: Int) -> Bool {
        regions.contains { ($0.rule == nil || $0.rule == rule) && $0.lines.contains(line) }
    }
}
