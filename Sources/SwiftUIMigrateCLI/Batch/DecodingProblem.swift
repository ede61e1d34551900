import Foundation

/// A `DecodingError` in words a user can act on, without Swift's debug text: which field is missing or has the
/// wrong kind of value, named by its path in the document (`repositories[2].status`).
enum DecodingProblem {
    /// `error` as one lowercase phrase: "it has no 'version'", "'totals.filesScanned' is not a number".
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "it has no '\(path(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "'\(path(context.codingPath))' is not \(kind(of: type))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : "'\(path(context.codingPath))' has a value it cannot hold"
        @unknown default:
            return "it cannot be read"
        }
    }

    /// `repositories[2].status` for a coding path.
    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "the document" : text
    }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: String(describing: type).hasPrefix("Array") ? "a list" : "an object of the expected shape"
        }
    }
}
