import SwiftUIMigrate
import XCTest

/// The shared text helpers: FNV-1a against its reference values, trimming, Markdown cells.
final class PlainTextTests: XCTestCase {
    func testFNV1aMatchesTheReferenceValues() {
        XCTAssertEqual(FNV1a.hash(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(FNV1a.hash("foobar"), 0x8594_4171_f739_67e8)
    }

    func testTrimmingRemovesSpacesTabsAndLineBreaksAtBothEnds() {
        XCTAssertEqual(" \t a b \r\n".trimmingWhitespace(), "a b")
        XCTAssertEqual("\n\n".trimmingWhitespace(), "")
        XCTAssertEqual("x,  y ".split(separator: ",").map { $0.trimmingWhitespace() }, ["x", "y"])
    }

    func testMarkdownCellsKeepTheTableAndCodeSpansWhole() {
        XCTAssertEqual(MarkdownCell.escape("a|b`c\nd\r\ne"), "a\\|b'c d e")
    }
}
