import Foundation

/// `batch --timeout DURATION`: how long one repository may take — `90s`, `5m`, `1h`, `500ms`, or a number of seconds.
struct TimeLimit: Sendable, Equatable, CustomStringConvertible {
    /// The limit in seconds.
    var seconds: Double

    /// Parses a duration; a unit-less number is seconds.
    init(parsing text: String) throws {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let unit = units.first { text.hasSuffix($0.suffix) && Double(text.dropLast($0.suffix.count)) != nil }
        let number = Double(unit.map { String(text.dropLast($0.suffix.count)) } ?? text)
        guard let number, number.isFinite, number > 0 else {
            throw CommandError("invalid --timeout '\(text)': expected a duration such as 90s, 5m or 1h")
        }
        seconds = number * (unit?.seconds ?? 1)
    }

    /// `90s`, `1.5s`, `5m`.
    var description: String {
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))m" }
        if seconds == seconds.rounded() { return "\(Int(seconds))s" }
        return String(format: "%gs", seconds)
    }
}
