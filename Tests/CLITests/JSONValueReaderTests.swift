import Foundation
import XCTest

@testable import SwiftUIMigrateCLI

/// The language server's reader of incoming messages gives what `JSONSerialization` gives — the same
/// values of the same kinds — for every message it reads, and declines (nil, so `JSONSerialization`
/// decides) what it does not read or what is not JSON.
final class JSONValueReaderTests: XCTestCase {
    private func serialization(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    private func reader(_ text: String) -> Any? {
        JSONValueReader.value(of: Array(text.utf8)[...])
    }

    func testItReadsWhatJSONSerializationReadsAsTheSameValues() throws {
        let change = "import SwiftUI\n\nstruct A: View {\n\tvar body: some View { Text(\"a \\\\ b / é 📚\") }\n}\n"
        let changeJSON = String(decoding: try JSONSerialization.data(withJSONObject: ["text": change]), as: UTF8.self)
        let texts = [
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///tmp/a%20b/A.swift","version":12},"contentChanges":[\#(changeJSON)]}}"#,
            #" { "id" : 7 , "result" : null , "flags" : [ true , false , 0 , -12 , 123456789012345678 ] , "empty" : { } , "none" : [ ] } "#,
            #"{"escapes":"\"\\\/\b\f\n\r\t \u0041\u00e9\u4e2d \ud83d\udcda end","plain":"é📚","nested":[[[{"a":[{}]}]]]}"#,
            #"[1, "two", {"three": [3]}]"#,
        ]
        for text in texts {
            let expected = try XCTUnwrap(serialization(text), text)
            let read = try XCTUnwrap(reader(text), text)
            XCTAssertEqual(read as? NSObject, expected as? NSObject, text)
            XCTAssertEqual(kinds(read), kinds(expected), text)
        }
        let message = try XCTUnwrap(reader(texts[0]) as? [String: Any])
        let params = try XCTUnwrap(message["params"] as? [String: Any])
        XCTAssertEqual((params["contentChanges"] as? [[String: Any]])?.first?["text"] as? String, change)
        XCTAssertEqual((params["textDocument"] as? [String: Any])?["version"] as? Int, 12)
    }

    /// The kind of every value in `value`, by path: what the server's casts see.
    private func kinds(_ value: Any, at path: String = "") -> [String] {
        switch value {
        case let object as [String: Any]: return [path + ": object"] + object.keys.sorted().flatMap { kinds(object[$0]!, at: path + "." + $0) }
        case let array as [Any]: return [path + ": array"] + array.enumerated().flatMap { kinds($1, at: path + "[\($0)]") }
        case let string as String: return [path + ": string " + string]
        case let number as NSNumber: return [path + ": \(type(of: number)) \(number)"]
        case is NSNull: return [path + ": null"]
        default: return [path + ": \(type(of: value))"]
        }
    }

    func testWhatItDoesNotReadIsLeftToJSONSerialization() {
        // JSON it leaves to JSONSerialization, which reads it.
        for text in [#"{"a": 1.5}"#, #"{"a": 1e3}"#, #"{"a": -0}"#, #"{"a": 1234567890123456789}"#, #"{"a": 1, "a": 2}"#, #"{"a": 1,}"#] {
            XCTAssertNil(reader(text), text)
            XCTAssertNotNil(serialization(text), text)
        }
        // Not JSON: neither reads it.
        for text in [#"{"a": 1"#, #"{"a": 1} x"#, #"{"a": 01}"#, #"{"a": tru}"#, "{\"a\": \"line\nbreak\"}", #"{"a": "\x"}"#,
                     #"{"a": "\ud83d"}"#, #"{"a": "\udcda"}"#, #"{a: 1}"#, #"[1 2]"#, ""] {
            XCTAssertNil(reader(text), text)
            XCTAssertNil(serialization(text), text)
        }
        XCTAssertNil(JSONValueReader.value(of: [UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")][...]), "not UTF-8")
    }
}
