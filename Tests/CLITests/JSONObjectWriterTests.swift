import Foundation
@testable import SwiftUIMigrateCLI
import XCTest

/// The language server's JSON writer gives what `JSONSerialization` reads back as the same message: strings with
/// quotes, backslashes, control characters and non-ASCII text, booleans kept apart from integers, `NSNull`, nesting,
/// and a number a client sent (an `NSNumber` id) echoed back.
final class JSONObjectWriterTests: XCTestCase {
    func testWhatItWritesReadsBackAsTheSameMessage() throws {
        let parsedID = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(#"{"id": 7}"#.utf8)) as? [String: Any])["id"]!
        let message: [String: Any] = [
            "jsonrpc": "2.0", "id": parsedID, "result": NSNull(),
            "params": [
                "uri": "file:///tmp/a b/Feed.swift",
                "diagnostics": [
                    ["message": "keep \"the\" Task: a\\b\nnext\tline \u{1}\u{1F} — Group { } ✓", "severity": 2,
                     "data": ["preserving": false, "count": 0, "nothing": NSNull()]],
                    [:] as [String: Any],
                ],
                "empty": [] as [Any],
                "flags": [true, false, 1, 0],
            ] as [String: Any],
        ]
        let bytes = try XCTUnwrap(JSONObjectWriter.data(message))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertFalse(text.contains("\\/"), "slashes are not escaped: \(text)")
        XCTAssertTrue(text.contains(#""flags":[true,false,1,0]"#), text)
        XCTAssertTrue(text.contains(#""result":null"#) && text.contains(#""id":7"#), text)
        let back = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
        let expected = try XCTUnwrap(
            JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: message)) as? NSDictionary)
        XCTAssertEqual(back, expected)
    }
}
