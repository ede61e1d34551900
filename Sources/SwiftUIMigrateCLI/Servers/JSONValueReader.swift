import Foundation

/// Reads a message's JSON as `JSONSerialization` gives it — objects as `[String: Any]`, arrays as
/// `[Any]`, strings as `String`, integers and booleans as `NSNumber`, `null` as `NSNull` — in one pass
/// over the bytes, so an editor's whole-text change (tens of kilobytes in one string) costs a copy.
///
/// It reads strict JSON only, and not all of it: a number with a fraction or an exponent, an integer
/// of more than 18 digits, `-0`, a repeated key, a lone surrogate escape, bytes that are not UTF-8, or
/// anything malformed give nil, and `JSONSerialization` reads (or rejects) the message instead.
struct JSONValueReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// Nesting deeper than this is left to `JSONSerialization`.
    private static let maximumDepth = 256

    /// The value `bytes` hold, nil when this reader does not read it.
    static func value(of bytes: ArraySlice<UInt8>) -> Any? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONValueReader(bytes: buffer)
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipWhitespace()
            return reader.index == buffer.count ? value : nil
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    /// Consumes `literal` when the bytes go on with it.
    private mutating func consume(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func value(depth: Int) -> Any? {
        skipWhitespace()
        guard index < bytes.count, depth < Self.maximumDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return consume("true") ? NSNumber(value: true) : nil
        case UInt8(ascii: "f"): return consume("false") ? NSNumber(value: false) : nil
        case UInt8(ascii: "n"): return consume("null") ? NSNull() : nil
        default: return integer()
        }
    }

    private mutating func object(depth: Int) -> Any? {
        index += 1
        var object: [String: Any] = [:]
        skipWhitespace()
        if consume("}") { return object }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard consume(":"), let value = value(depth: depth + 1), object.updateValue(value, forKey: key) == nil else { return nil }
            skipWhitespace()
            if consume("}") { return object }
            guard consume(",") else { return nil }
        }
    }

    private mutating func array(depth: Int) -> Any? {
        index += 1
        var array: [Any] = []
        skipWhitespace()
        if consume("]") { return array }
        while true {
            guard let value = value(depth: depth + 1) else { return nil }
            array.append(value)
            skipWhitespace()
            if consume("]") { return array }
            guard consume(",") else { return nil }
        }
    }

    /// An integer without a fraction or an exponent, of at most 18 digits, with no leading zero.
    private mutating func integer() -> Any? {
        let negative = consume("-")
        let digits = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        let count = index - digits
        guard count > 0, count <= 18, count == 1 || bytes[digits] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
        var value = 0
        for offset in digits..<index { value = value * 10 + Int(bytes[offset] - UInt8(ascii: "0")) }
        if negative && value == 0 { return nil }
        return NSNumber(value: negative ? -value : value)
    }

    /// The string that starts at the quote under the cursor, its escapes undone.
    private mutating func string() -> String? {
        index += 1
        var runStart = index
        var unescaped: [UInt8] = []
        var escapes = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                if !escapes { return String(validating: run, as: UTF8.self) }
                unescaped.append(contentsOf: run)
                return String(validating: unescaped, as: UTF8.self)
            }
            guard byte >= 0x20 else { return nil }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            escapes = true
            unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            index += 1
            guard index < bytes.count else { return nil }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
            case UInt8(ascii: "b"): unescaped.append(0x08)
            case UInt8(ascii: "f"): unescaped.append(0x0C)
            case UInt8(ascii: "n"): unescaped.append(0x0A)
            case UInt8(ascii: "r"): unescaped.append(0x0D)
            case UInt8(ascii: "t"): unescaped.append(0x09)
            case UInt8(ascii: "u"):
                guard let scalar = unicodeEscape() else { return nil }
                unescaped.append(contentsOf: String(Character(scalar)).utf8)
            default: return nil
            }
            runStart = index
        }
        return nil
    }

    /// The scalar of a `\u` escape whose four hex digits are under the cursor: a surrogate pair
    /// when a high surrogate's low one follows, nil for a lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let unit = hexUnit() else { return nil }
        switch unit {
        case 0xD800...0xDBFF:
            guard consume("\\u"), let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        case 0xDC00...0xDFFF:
            return nil
        default:
            return Unicode.Scalar(unit)
        }
    }

    /// Four hex digits as a number.
    private mutating func hexUnit() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt32(digit)
            index += 1
        }
        return unit
    }
}
