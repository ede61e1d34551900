import Foundation
import SwiftUIMigrate
import XCTest

@testable import SwiftUIMigrateCLI

/// The servers' reader of incoming messages (`JSONValue(json:)`, the one JSON reader, which also names a
/// configuration's syntax errors) reads what `JSONSerialization` reads, as the same values — booleans kept
/// apart from numbers — and refuses what it refuses.
final class JSONValueTests: XCTestCase {
    private func serialization(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    private func reader(_ text: String) -> JSONValue? {
        try? JSONValue(json: Array(text.utf8)[...])
    }

    /// The value read, written by the servers' writer and read back by `JSONSerialization`.
    private func roundTrip(_ value: JSONValue) -> NSObject? {
        (try? JSONSerialization.jsonObject(with: Data(JSONObjectWriter.data(value)))) as? NSObject
    }

    func testItReadsWhatJSONSerializationReadsAsTheSameValues() throws {
        let change = "import SwiftUI\n\nstruct A: View {\n\tvar body: some View { Text(\"a \\\\ b / é 📚\") }\n}\n"
        let changeJSON = String(decoding: try JSONSerialization.data(withJSONObject: ["text": change]), as: UTF8.self)
        let texts = [
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///tmp/a%20b/A.swift","version":12},"contentChanges":[\#(changeJSON)]}}"#,
            #" { "id" : 7 , "result" : null , "flags" : [ true , false , 0 , -12 , 123456789012345678 ] , "empty" : { } , "none" : [ ] } "#,
            #"{"escapes":"\"\\\/\b\f\n\r\t \u0041\u00e9\u4e2d \ud83d\udcda end","plain":"é📚","nested":[[[{"a":[{}]}]]]}"#,
            #"[1, "two", {"three": [3]}]"#,
            #"{"a": 1.5, "b": 1e3, "c": -0, "d": 1234567890123456789, "e": [1, 2,], "f": 1, "f": 2,}"#,
        ]
        for text in texts {
            let expected = try XCTUnwrap(serialization(text) as? NSObject, text)
            let read = try XCTUnwrap(reader(text), text)
            XCTAssertEqual(roundTrip(read), expected, text)
        }
        let message = try XCTUnwrap(reader(texts[0]))
        XCTAssertEqual(message["params"]?["contentChanges"]?.array?.first?["text"]?.string, change)
        XCTAssertEqual(message["params"]?["textDocument"]?["version"]?.integer, 12)
        XCTAssertEqual(reader(texts[1])?["flags"], [true, false, 0, -12, 123456789012345678])
        XCTAssertEqual(reader(texts[4])?["f"], 2, "a repeated key: the last one counts")
    }

    func testWhatJSONSerializationRefusesItRefuses() {
        for text in [#"{"a": 1"#, #"{"a": 1} x"#, #"{"a": 01}"#, #"{"a": tru}"#, "{\"a\": \"line\nbreak\"}", #"{"a": "\x"}"#,
                     #"{"a": "\ud83d"}"#, #"{"a": "\udcda"}"#, #"{a: 1}"#, #"[1 2]"#, "", #"{"a": 1e400}"#, #"[-1e999]"#] {
            XCTAssertNil(reader(text), text)
            XCTAssertNil(serialization(text), text)
        }
        XCTAssertNil(try? JSONValue(json: [UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")][...]), "not UTF-8")
    }

    /// An array or object read as one kind of value throughout, or not at all; a number as a `Double`.
    func testElementsAndMembersAreAllOfOneKind() {
        let value: JSONValue = ["names": ["a", "b"], "mixed": ["a", 1], "flags": ["x": true], "odd": ["x": true, "y": 0]]
        XCTAssertEqual(value["names"]?.elements(\.string), ["a", "b"])
        XCTAssertNil(value["mixed"]?.elements(\.string))
        XCTAssertEqual(value["flags"]?.members(\.bool), ["x": true])
        XCTAssertNil(value["odd"]?.members(\.bool), "0 is not false")
        XCTAssertNil(value["flags"]?.elements(\.bool), "an object is not an array")
        XCTAssertEqual(JSONValue.integer(9_007_199_254_740_993).double, 9_007_199_254_740_992, "rounded to the nearest Double")
        XCTAssertEqual(JSONValue.number(2.5).double, 2.5)
        XCTAssertNil(JSONValue.bool(true).double)
    }
}
