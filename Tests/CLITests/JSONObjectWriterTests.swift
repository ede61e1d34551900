import Foundation
import SwiftUIMigrate
@testable import SwiftUIMigrateCLI
import XCTest

/// The servers' JSON writer gives what `JSONSerialization` reads back as the same message: strings with
/// quotes, backslashes, control characters and non-ASCII text, booleans kept apart from integers, `null`, nesting,
/// and a number a client sent (a request id) echoed back.
final class JSONObjectWriterTests: XCTestCase {
    func testWhatItWritesReadsBackAsTheSameMessage() throws {
        let parsedID = try XCTUnwrap(JSONValue(json: Array(#"{"id": 7}"#.utf8)[...])["id"])
        let message: JSONValue = [
            "jsonrpc": "2.0", "id": parsedID, "result": .null, "fraction": .number(1.5),
            "params": [
                "uri": "file:///tmp/a b/Feed.swift",
                "diagnostics": [
                    ["message": "keep \"the\" Task: a\\b\nnext\tline \u{1}\u{1F} — Group { } ✓", "severity": 2,
                     "data": ["preserving": false, "count": 0, "nothing": .null]],
                    [:],
                ],
                "empty": [],
                "flags": [true, false, 1, 0],
            ],
        ]
        let bytes = JSONObjectWriter.data(message)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("\\/"), "slashes are not escaped: \(text)")
        XCTAssertTrue(text.contains(#""flags":[true,false,1,0]"#), text)
        XCTAssertTrue(text.contains(#""result":null"#) && text.contains(#""id":7"#) && text.contains(#""fraction":1.5"#), text)
        let back = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
        XCTAssertEqual(try JSONValue(json: bytes[...]), message)
        XCTAssertEqual(back["jsonrpc"] as? String, "2.0")
    }
}
