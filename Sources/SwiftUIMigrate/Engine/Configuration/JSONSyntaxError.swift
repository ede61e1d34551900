/// Where and why a text is not JSON (RFC 8259), for an error a user can act on:
/// `.swiftui-migrate.json:3:14: not valid JSON: expected ',' or '}' after a value in an object`.
///
/// Foundation's parser says only "around character 57", or nothing at end of file; this reads
/// the text again when it is refused (by `JSONValue(json:)` or `JSONDecoder`), to name the line and
/// column (1-based, in characters) and what was expected there.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters (Unicode scalars).
    public var column: Int
    /// What is wrong, lowercase: `expected ':' after an object key`.
    public var problem: String

    /// The first syntax error in `bytes`, nil when they are one JSON value (with white space around it).
    public static func find(in bytes: [UInt8]) -> JSONSyntaxError? {
        do throws(JSONSyntaxError) {
            _ = try read(bytes, asFoundationReads: false)
            return nil
        } catch {
            return error
        }
    }

    /// The one JSON value `bytes` hold (with white space around it). `asFoundationReads` reads what
    /// `JSONSerialization` reads: a comma before a closing bracket is let through, a string must be text (no
    /// lone surrogate escape, only UTF-8) and a number within a `Double`'s range; without it the grammar is
    /// RFC 8259's, strings and numbers unchecked.
    static func read(_ bytes: [UInt8], asFoundationReads: Bool) throws(JSONSyntaxError) -> JSONValue {
        // Read through a buffer pointer: a slice of the array per string cost a retain and a release each.
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var reader = Reader(bytes: buffer, asFoundationReads: asFoundationReads)
            reader.skipSpace()
            let value = try reader.value()
            reader.skipSpace()
            if reader.index < buffer.count { throw reader.failure("unexpected text after the end of the JSON value") }
            return value
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let asFoundationReads: Bool
        var index = 0
        var depth = 0

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        /// The error at the current place.
        func failure(_ problem: String) -> JSONSyntaxError {
            let line = bytes[..<min(index, bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            return JSONSyntaxError(line: line, column: CharacterColumn.column(of: index, in: Array(bytes)), problem: problem)
        }

        func found() -> String {
            guard let byte = current else { return "the end of the file" }
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "a \(byte == 0x20 ? "space" : "control or non-ASCII character")"
        }

        mutating func value() throws(JSONSyntaxError) -> JSONValue {
            guard let byte = current else { throw failure("expected a value, found the end of the file") }
            switch byte {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            case UInt8(ascii: "t"): return try word("true", .bool(true))
            case UInt8(ascii: "f"): return try word("false", .bool(false))
            case UInt8(ascii: "n"): return try word("null", .null)
            default: throw failure("expected a value (an object, array, string, number, true, false or null), found \(found())")
            }
        }

        mutating func nest() throws(JSONSyntaxError) {
            depth += 1
            if depth > 512 { throw failure("nested more than 512 levels deep") }
        }

        mutating func object() throws(JSONSyntaxError) -> JSONValue {
            var fields: [String: JSONValue] = [:]
            try members(closing: "}", kind: "an object") { reader throws(JSONSyntaxError) in
                guard reader.current == UInt8(ascii: "\"") else {
                    throw reader.failure("expected a key in double quotes, found \(reader.found())")
                }
                let key = try reader.string()
                reader.skipSpace()
                guard reader.current == UInt8(ascii: ":") else {
                    throw reader.failure("expected ':' after an object key, found \(reader.found())")
                }
                reader.index += 1
                reader.skipSpace()
                // A repeated key: the last one counts, as in JSONSerialization.
                fields[key] = try reader.value()
            }
            return .object(fields)
        }

        mutating func array() throws(JSONSyntaxError) -> JSONValue {
            var elements: [JSONValue] = []
            try members(closing: "]", kind: "an array") { reader throws(JSONSyntaxError) in elements.append(try reader.value()) }
            return .array(elements)
        }

        /// The members of an object or array, from its opening bracket (the current byte) to `closing`:
        /// `member` read each, separated by commas.
        mutating func members(
            closing: Unicode.Scalar, kind: String, member: (inout Reader) throws(JSONSyntaxError) -> Void
        ) throws(JSONSyntaxError) {
            try nest()
            index += 1
            skipSpace()
            let close = UInt8(ascii: closing)
            while current != close {
                try member(&self)
                skipSpace()
                guard current == UInt8(ascii: ",") else {
                    guard current == close else {
                        throw failure("expected ',' or '\(closing)' after a value in \(kind), found \(found())")
                    }
                    break
                }
                index += 1
                skipSpace()
                if current == close, !asFoundationReads { throw failure("a comma before '\(closing)': remove it") }
            }
            index += 1
            depth -= 1
        }

        /// The string that starts at the quote under the cursor, its escapes undone (checked as text only
        /// with `asFoundationReads`).
        mutating func string() throws(JSONSyntaxError) -> String {
            let start = index
            index += 1
            var run = index
            var unescaped: [UInt8] = []
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    // Most strings have no escape: read in one piece.
                    if run > start + 1 { unescaped += UnsafeBufferPointer(rebasing: bytes[run..<index]) }
                    let text = run == start + 1 ? String(validating: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                        : String(validating: unescaped, as: UTF8.self)
                    index += 1
                    if let text { return text }
                    guard !asFoundationReads else { throw failure("a string that is not UTF-8 text") }
                    return ""
                case UInt8(ascii: "\\"):
                    unescaped += UnsafeBufferPointer(rebasing: bytes[run..<index])
                    index += 1
                    guard let escaped = current else { break }
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
                    case UInt8(ascii: "b"): unescaped.append(0x08)
                    case UInt8(ascii: "f"): unescaped.append(0x0C)
                    case UInt8(ascii: "n"): unescaped.append(0x0A)
                    case UInt8(ascii: "r"): unescaped.append(0x0D)
                    case UInt8(ascii: "t"): unescaped.append(0x09)
                    case UInt8(ascii: "u"):
                        index -= 1
                        unescaped += String(try unicodeEscape()).utf8
                    default:
                        index -= 1
                        throw failure("unknown escape '\\\(Character(Unicode.Scalar(escaped)))' in a string")
                    }
                    run = index
                case 0x00..<0x20:
                    throw failure(byte == 0x0A ? "a line break inside a string (is a closing quote missing?)" : "a control character inside a string")
                default:
                    // The bytes up to the next quote, backslash or control character, in one sweep.
                    index += 1
                    while index < bytes.count, bytes[index] >= 0x20, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
                        index += 1
                    }
                }
            }
            index = start
            throw failure("a string that is never closed")
        }

        /// The scalar of the `\u` escape whose `u` is under the cursor, and of the low surrogate's escape after a
        /// high one; a lone surrogate is U+FFFD, refused with `asFoundationReads`.
        mutating func unicodeEscape() throws(JSONSyntaxError) -> Character {
            let unit = try hexUnit()
            if (0xD800...0xDBFF).contains(unit), bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
                index += 1
                let low = try hexUnit()
                if (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) {
                    return Character(scalar)
                }
            } else if let scalar = Unicode.Scalar(unit) {
                return Character(scalar)
            }
            guard !asFoundationReads else { throw failure("a lone surrogate escape in a string") }
            return "\u{FFFD}"
        }

        /// The four hex digits after the `u` under the cursor, as a number; the cursor ends past them.
        mutating func hexUnit() throws(JSONSyntaxError) -> UInt32 {
            var unit: UInt32 = 0
            for _ in 0..<4 {
                index += 1
                guard let digit = current, Self.isHexDigit(digit) else {
                    throw failure("expected four hex digits after \\u")
                }
                unit = unit << 4 | UInt32(digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : (digit | 0x20) - UInt8(ascii: "a") + 10)
            }
            index += 1
            return unit
        }

        mutating func number() throws(JSONSyntaxError) -> JSONValue {
            let start = index
            var integral = true
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, Self.isDigit(first) else { throw failure("expected a digit, found \(found())") }
            index += 1
            if first != UInt8(ascii: "0") { while let digit = current, Self.isDigit(digit) { index += 1 } }
            if current == UInt8(ascii: ".") {
                integral = false
                index += 1
                guard let digit = current, Self.isDigit(digit) else { throw failure("expected a digit after '.', found \(found())") }
                while let digit = current, Self.isDigit(digit) { index += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                integral = false
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard let digit = current, Self.isDigit(digit) else { throw failure("expected a digit in the exponent, found \(found())") }
                while let digit = current, Self.isDigit(digit) { index += 1 }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if integral, let integer = Int(text) { return .integer(integer) }
            let number = Double(text) ?? 0
            if asFoundationReads, !number.isFinite { throw failure("a number too large for a Double") }
            return .number(number)
        }

        mutating func word(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
            let start = index
            var written = ""
            while let byte = current, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") {
                written.append(Character(Unicode.Scalar(byte)))
                index += 1
            }
            guard written == word else {
                index = start
                throw failure("expected a value (an object, array, string, number, true, false or null), found '\(written)'")
            }
            return value
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
        }
    }
}
