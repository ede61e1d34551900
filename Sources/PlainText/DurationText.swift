/// A length of time as people write it on a command line or in a configuration file:
/// `10s`, `500ms`, `2m`, `1.5h`, or a bare number of seconds (`10`, `0.25`).
public enum DurationText {
    /// The duration `text` spells; nil when it is not a non-negative number with an optional
    /// unit (`ms`, `s`, `m`, `h`).
    public static func parse(_ text: String) -> Duration? {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let unit = units.first { text.hasSuffix($0.suffix) && Double(text.dropLast($0.suffix.count)) != nil }
        let number = unit.map { String(text.dropLast($0.suffix.count)) } ?? text
        guard number.first?.isNumber == true || number.first == ".", let value = Double(number),
              value.isFinite, value >= 0 else { return nil }
        let milliseconds = (value * (unit?.seconds ?? 1) * 1000).rounded()
        guard milliseconds < Double(Int64.max) else { return nil }
        // Anything above zero is at least a millisecond, so only a written zero means none.
        return .milliseconds(value > 0 ? max(1, Int64(milliseconds)) : 0)
    }

    /// `duration` the way `parse` reads it: `10s`, `1.5s`, `250ms`.
    public static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        return "\(Double(milliseconds) / 1000)s"
    }
}
