import Foundation

/// How every JSON file and report the tool writes is laid out: pretty-printed, keys sorted
/// (so output is stable and diffs well), slashes unescaped, ending with a line break.
public enum JSONText {
    /// `value` encoded as the tool writes JSON.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Encoding a string cannot fail.
        return String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
