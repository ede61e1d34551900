import Foundation
import SwiftUIMigrate

/// Writes the servers' outgoing messages as compact JSON, with keys sorted.
///
/// `JSONSerialization` bridges every dictionary and array through `NSDictionary`/`NSArray` on Linux, which made a
/// quarter of the server's time on a file with two hundred diagnostics, and `JSONEncoder` takes 1.4 times this
/// writer's time on them; this writes the same JSON directly. A number a client sent with a fraction or an
/// exponent (echoed back as a request id) is written as `JSONSerialization` writes it.
enum JSONObjectWriter {
    /// The JSON text of `value`.
    static func data(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(value, to: &output)
        return output
    }

    private static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .string(let string): writeString(string, to: &output)
        case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
        case .integer(let integer): output += Array(String(integer).utf8)
        case .written(let bytes): output += bytes
        case .null: output += Array("null".utf8)
        case .number(let number):
            output += (try? JSONSerialization.data(withJSONObject: NSNumber(value: number), options: .fragmentsAllowed)) ?? Data("null".utf8)
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(members[key]!, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let array):
            output.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        }
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
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
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
