/// Where and why a text is not JSON (RFC 8259), for an error a user can act on:
/// `.swiftui-migrate.json:3:14: not valid JSON: expected ',' or '}' after a value in an object`.
///
/// Foundation's parser says only "around character 57", or nothing at end of file; this reads
/// the text again when Foundation refuses it, to name the line and column (1-based, in
/// characters) and what was expected there.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters (Unicode scalars).
    public var column: Int
    /// What is wrong, lowercase: `expected ':' after an object key`.
    public var problem: String

    /// The first syntax error in `bytes`, nil when they are one JSON value (with white space around it).
    public static func find(in bytes: [UInt8]) -> JSONSyntaxError? {
        var reader = Reader(bytes: bytes)
        do throws(JSONSyntaxError) {
            reader.skipSpace()
            try reader.value()
            reader.skipSpace()
            if reader.index < bytes.count { throw reader.failure("unexpected text after the end of the JSON value") }
            return nil
        } catch {
            return error
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        /// The error at the current place.
        func failure(_ problem: String) -> JSONSyntaxError {
            let line = bytes[..<min(index, bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            return JSONSyntaxError(line: line, column: CharacterColumn.column(of: index, in: bytes), problem: problem)
        }

        func found() -> String {
            guard let byte = current else { return "the end of the file" }
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "a \(byte == 0x20 ? "space" : "control or non-ASCII character")"
        }

        mutating func value() throws(JSONSyntaxError) {
            guard let byte = current else { throw failure("expected a value, found the end of the file") }
            switch byte {
            case UInt8(ascii: "{"): try object()
            case UInt8(ascii: "["): try array()
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try word("true")
            case UInt8(ascii: "f"): try word("false")
            case UInt8(ascii: "n"): try word("null")
            default: throw failure("expected a value (an object, array, string, number, true, false or null), found \(found())")
            }
        }

        mutating func nest() throws(JSONSyntaxError) {
            depth += 1
            if depth > 512 { throw failure("nested more than 512 levels deep") }
        }

        mutating func object() throws(JSONSyntaxError) {
            try members(closing: "}", kind: "an object") { reader throws(JSONSyntaxError) in
                guard reader.current == UInt8(ascii: "\"") else {
                    throw reader.failure("expected a key in double quotes, found \(reader.found())")
                }
                try reader.string()
                reader.skipSpace()
                guard reader.current == UInt8(ascii: ":") else {
                    throw reader.failure("expected ':' after an object key, found \(reader.found())")
                }
                reader.index += 1
                reader.skipSpace()
                try reader.value()
            }
        }

        mutating func array() throws(JSONSyntaxError) {
            try members(closing: "]", kind: "an array") { reader throws(JSONSyntaxError) in try reader.value() }
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
            if current == close {
                index += 1
                depth -= 1
                return
            }
            while true {
                try member(&self)
                skipSpace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    skipSpace()
                    if current == close { throw failure("a comma before '\(closing)': remove it") }
                    continue
                }
                guard current == close else {
                    throw failure("expected ',' or '\(closing)' after a value in \(kind), found \(found())")
                }
                index += 1
                depth -= 1
                return
            }
        }

        mutating func string() throws(JSONSyntaxError) {
            let start = index
            index += 1
            while let byte = current {
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return
                case UInt8(ascii: "\\"):
                    index += 1
                    guard let escaped = current else { break }
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            index += 1
                            guard let digit = current, Self.isHexDigit(digit) else {
                                throw failure("expected four hex digits after \\u")
                            }
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                        throw failure("unknown escape '\\\(Character(Unicode.Scalar(escaped)))' in a string")
                    }
                    index += 1
                case 0x00..<0x20:
                    throw failure(byte == 0x0A ? "a line break inside a string (is a closing quote missing?)" : "a control character inside a string")
                default:
                    index += 1
                }
            }
            index = start
            throw failure("a string that is never closed")
        }

        mutating func number() throws(JSONSyntaxError) {
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, Self.isDigit(first) else { throw failure("expected a digit, found \(found())") }
            index += 1
            if first != UInt8(ascii: "0") { while let digit = current, Self.isDigit(digit) { index += 1 } }
            if current == UInt8(ascii: ".") {
                index += 1
                guard let digit = current, Self.isDigit(digit) else { throw failure("expected a digit after '.', found \(found())") }
                while let digit = current, Self.isDigit(digit) { index += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard let digit = current, Self.isDigit(digit) else { throw failure("expected a digit in the exponent, found \(found())") }
                while let digit = current, Self.isDigit(digit) { index += 1 }
            }
        }

        mutating func word(_ word: String) throws(JSONSyntaxError) {
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
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
        }
    }
}
