/// A JSON value (RFC 8259), typed: what the language server and the MCP server read from a client and
/// write back, and what a configuration file holds, so a message or a setting is taken apart by its cases,
/// never by casts.
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
    /// let through; a lone surrogate escape, bytes that are not UTF-8 or a number beyond a `Double` are not); throws
    /// where they are not JSON. `bytes` are UTF-8: `JSONEncoding` reads the other encodings Foundation reads.
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

    /// A number as a `Double`: an integer rounded to the nearest one, as Foundation's `doubleValue` rounds it.
    public var double: Double? {
        switch self {
        case .integer(let integer): Double(integer)
        case .number(let number): number
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

    /// The elements of an array, each read by `read`; nil when this is not an array or `read` refuses one.
    public func elements<Element>(_ read: (JSONValue) -> Element?) -> [Element]? {
        guard let array else { return nil }
        let elements = array.compactMap(read)
        return elements.count == array.count ? elements : nil
    }

    /// The members of an object, each value read by `read`; nil when this is not an object or `read` refuses one.
    public func members<Value>(_ read: (JSONValue) -> Value?) -> [String: Value]? {
        guard let object else { return nil }
        let members = object.compactMapValues(read)
        return members.count == object.count ? members : nil
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
