import Foundation

/// Writes the server's outgoing messages — dictionaries and arrays of strings, integers, booleans, `NSNull` and
/// values written before (`JSONFragment`) — as compact JSON, with keys sorted.
///
/// `JSONSerialization` bridges every dictionary and array through `NSDictionary`/`NSArray` on Linux, which made a
/// quarter of the server's time on a file with two hundred diagnostics; this writes the same JSON directly. A value
/// of any other kind (a number a client sent, echoed back as a request id) is written by `JSONSerialization`.
enum JSONObjectWriter {
    /// The JSON text of `object`; nil when a value cannot be written as JSON.
    static func data(_ object: [String: Any]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        return write(object, to: &output) ? output : nil
    }

    private static func write(_ value: Any, to output: inout [UInt8]) -> Bool {
        switch value {
        case let string as String where type(of: value) == String.self:
            writeString(string, to: &output)
        case let flag as Bool where type(of: value) == Bool.self:
            output += Array((flag ? "true" : "false").utf8)
        case let integer as Int where type(of: value) == Int.self:
            output += Array(String(integer).utf8)
        // Checked by type, before the casts below: a cast of a value that is not a collection still costs a look at its type.
        case _ where type(of: value) == JSONFragment.self:
            output += (value as! JSONFragment).bytes
        case let dictionary as [String: Any]:
            output.append(UInt8(ascii: "{"))
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                guard write(dictionary[key]!, to: &output) else { return false }
            }
            output.append(UInt8(ascii: "}"))
        case let array as [Any]:
            output.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                guard write(element, to: &output) else { return false }
            }
            output.append(UInt8(ascii: "]"))
        // Checked by type: `is NSNull` would bridge every dictionary and array it is asked about to Foundation first.
        case _ where type(of: value) == NSNull.self:
            output += Array("null".utf8)
        default:
            guard let fragment = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
            else { return false }
            output += Array(fragment)
        }
        return true
    }

    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        // Most strings need no escape: copied in one piece.
        let plain = string.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if plain {
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// A value already written as JSON (by `JSONObjectWriter`), copied into a message as it is.
struct JSONFragment {
    let bytes: [UInt8]
}
