import Foundation
import PlainText

/// `batch --timeout DURATION`: how long one repository may take — `90s`, `5m`, `1h`, `500ms`, or a number of seconds.
struct TimeLimit: Sendable, Equatable, CustomStringConvertible {
    /// The limit in seconds.
    var seconds: Double

    /// Parses a duration; a unit-less number is seconds.
    init(parsing text: String) throws {
        guard let duration = DurationText.parse(text), duration > .zero else {
            throw CommandError("invalid --timeout '\(text)': expected a duration such as 90s, 5m or 1h")
        }
        seconds = duration / .seconds(1)
    }

    /// `90s`, `1.5s`, `5m`.
    var description: String {
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))m" }
        if seconds == seconds.rounded() { return "\(Int(seconds))s" }
        return String(format: "%gs", seconds)
    }
}
