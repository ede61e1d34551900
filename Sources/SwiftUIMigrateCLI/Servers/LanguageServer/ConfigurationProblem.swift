import Foundation
import SwiftUIMigrate

/// A configuration file that cannot be used, as the language server shows it: on the file itself
/// (a diagnostic at the line and column of a JSON syntax error, else its first line) while the
/// documents keep the last configuration that could be read.
struct ConfigurationProblem: Equatable {
    /// The configuration file's path.
    var path: String
    /// Zero-based line and column of the problem (the start of the file when not known).
    var line = 0
    var column = 0
    /// What is wrong, without the file's name.
    var message: String

    /// The problem an error reports when it names a `.json` file first (`ConfigurationError`'s
    /// form: `PATH: problem` or `PATH:LINE:COLUMN: problem`); nil for any other error.
    init?(_ error: any Error) {
        let text = "\(error)"
        guard let range = text.range(of: ".json:") else { return nil }
        path = String(text[..<text.index(range.upperBound, offsetBy: -1)])
        var rest = Substring(text[range.upperBound...])
        let numbers = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        if numbers.count == 3, let line = Int(numbers[0]), let column = Int(numbers[1]) {
            self.line = max(0, line - 1)
            self.column = max(0, column - 1)
            rest = numbers[2]
        }
        message = rest.trimmingCharacters(in: .whitespaces)
    }

    /// The `file:` URI the diagnostic is published on.
    var uri: String { URL(fileURLWithPath: path).absoluteString }

    /// The diagnostic for the file: an error saying what the documents use meanwhile.
    func diagnostic(keepsLastGood: Bool) -> JSONValue {
        let meanwhile = keepsLastGood
            ? "the open documents keep the last configuration that could be read"
            : "the open documents are not checked until it is fixed"
        return EditorFindings.pointDiagnostic(line: line, character: column, severity: 1, message: "\(message) (\(meanwhile))")
    }
}
