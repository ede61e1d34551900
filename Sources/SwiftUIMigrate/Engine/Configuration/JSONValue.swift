/// A JSON value (RFC 8259), typed: what the language server and the MCP server read from a client and
/// write back, so a message is taken apart by its cases, never by casts.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number without a fraction or an exponent that fits `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// JSON text written before, copied into a message as it is (never read).
    case written([UInt8])

    /// The value `bytes` hold, read as `JSONSerialization` reads them (a comma before a closing bracket is
    /// let through; a lone surrogate escape or bytes that are not UTF-8 are not); throws where they are not JSON.
    public init(json bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) {
        self = try JSONSyntaxError.read(Array(bytes), asFoundationReads: true)
    }

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    public var string: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// An integer, or a number that is one exactly (`1e2`).
    public var integer: Int? {
        switch self {
        case .integer(let integer): integer
        case .number(let number): Int(exactly: number)
        default: nil
        }
    }

    /// A JSON boolean only: never a number.
    public var bool: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }

    public var array: [JSONValue]? {
        if case .array(let array) = self { array } else { nil }
    }

    public var object: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
