/// Where a JSON object or array ends, found byte by byte as the bytes arrive: the brackets
/// outside strings are counted, strings and escapes skipped. A byte no JSON text can hold there —
/// a letter outside the literals, a raw line break inside a string — makes the text broken.
///
/// `MessageChannel` scans a frame's body with it, so a `Content-Length` that does not match the
/// JSON is caught where the JSON ends, and the next header is found instead of read as body.
struct JSONExtent {
    /// What the last byte fed did.
    enum Step { case more, complete, broken }

    private var depth = 0
    private var inString = false
    private var escaped = false
    private var started = false

    /// Feeds the next byte: `complete` when it closes the outermost object or array.
    mutating func feed(_ byte: UInt8) -> Step {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            } else if byte < 0x20 {
                return .broken
            }
            return .more
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            started = true
            depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard started else { return .broken }
            depth -= 1
            if depth == 0 { return .complete }
        case 0x20, 0x09, 0x0A, 0x0D:
            break
        case UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e"),
             UInt8(ascii: "E"), UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "n"):
            // A value before the outermost bracket is not a message.
            guard started else { return .broken }
            if byte == UInt8(ascii: "\"") { inString = true }
        default:
            return .broken
        }
        return .more
    }

    /// The index just past the object or array that `bytes` starts with, nil when it does not end in them.
    static func end(of bytes: ArraySlice<UInt8>) -> Int? {
        var extent = JSONExtent()
        for index in bytes.indices {
            switch extent.feed(bytes[index]) {
            case .more: continue
            case .complete: return index + 1
            case .broken: return nil
            }
        }
        return nil
    }
}
