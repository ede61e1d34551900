import XCTest

@testable import SwiftUIMigrateCLI

/// LSP positions of UTF-8 offsets and back, in both encodings the server negotiates: UTF-8
/// counts bytes; UTF-16 counts one unit per scalar up to U+FFFF and two (a surrogate pair) above.
final class DocumentLinesTests: XCTestCase {
    // "é" is 2 UTF-8 bytes and 1 UTF-16 unit, "😀" 4 bytes and 2 units.
    let text = Array("let a = 1\r\nText(\"é😀\"); Group {}\nend".utf8)

    func testOffsetsBecomePositionsInEitherEncoding() {
        let lines = DocumentLines(text)
        let group = text.firstIndex(of: UInt8(ascii: "G"))!
        XCTAssertEqual(lines.position(of: group, in: .utf8).line, 1)
        XCTAssertEqual(lines.position(of: group, in: .utf8).character, 16)
        XCTAssertEqual(lines.position(of: group, in: .utf16).character, 13)
        XCTAssertEqual(lines.position(of: text.count, in: .utf16).line, 2)
        XCTAssertEqual(lines.position(of: 0, in: .utf16).character, 0)
    }

    func testPositionsBecomeOffsetsAndAPastTheEndCharacterMeansTheLineEnd() {
        let lines = DocumentLines(text)
        let group = text.firstIndex(of: UInt8(ascii: "G"))!
        XCTAssertEqual(lines.offset(line: 1, character: 13, in: .utf16), group)
        XCTAssertEqual(lines.offset(line: 1, character: 16, in: .utf8), group)
        // Past the end of line 0 is its end, before the CR LF.
        XCTAssertEqual(lines.offset(line: 0, character: 99, in: .utf16), 9)
        XCTAssertEqual(lines.offset(line: 9, character: 0, in: .utf8), text.count)
        for offset in [0, 5, group, text.count] {
            for encoding in [PositionEncoding.utf8, .utf16] {
                let position = lines.position(of: offset, in: encoding)
                XCTAssertEqual(lines.offset(line: position.line, character: position.character, in: encoding), offset)
            }
        }
    }

    func testUTF8IsChosenOnlyWhenOffered() {
        XCTAssertEqual(PositionEncoding.negotiated(offered: ["utf-16", "utf-8"]), .utf8)
        XCTAssertEqual(PositionEncoding.negotiated(offered: ["utf-32", "utf-16"]), .utf16)
        XCTAssertEqual(PositionEncoding.negotiated(offered: []), .utf16)
    }
}
