/// The `↓` markers of a triggering example: where each finding that asks for
/// action must land.
struct ExampleMarkers {
    /// A 1-based line and UTF-8 column.
    struct Position: Hashable, Comparable, CustomStringConvertible {
        var line: Int
        var column: Int
        static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
        var description: String { "\(line):\(column)" }
    }

    static let marker: Character = "↓"

    /// The code with the markers removed.
    var code: String
    /// Where the markers stood, in the coordinates of `code`, sorted; a place marked twice
    /// (`↓↓`) is listed twice, so it expects two findings.
    var positions: [Position]

    init(parsing text: String) {
        var code = ""
        var positions: [Position] = []
        var line = 1
        var column = 1
        for character in text {
            if character == Self.marker {
                positions.append(Position(line: line, column: column))
                continue
            }
            code.append(character)
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        self.code = code
        self.positions = positions.sorted()
    }

    /// True when the text has at least one marker.
    var hasMarkers: Bool { !positions.isEmpty }
}
