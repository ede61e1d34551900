import PlainText
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

final class ClosestNameTests: XCTestCase {
    func testCloseNamesAreFoundAndFarOnesAreNot() {
        let names = ["scan", "diff", "apply", "batch", "report", "rules", "explain", "init", "completion"]
        XCTAssertEqual(ClosestName.to("scna", among: names), "scan", "a swap counts once")
        XCTAssertEqual(ClosestName.to("aply", among: names), "apply")
        XCTAssertEqual(ClosestName.to("RULES", among: names), "rules", "case is not a difference")
        XCTAssertEqual(ClosestName.to("compl", among: names), "completion", "a prefix of three or more")
        XCTAssertNil(ClosestName.to("rules", among: names), "an exact name needs no hint")
        XCTAssertNil(ClosestName.to("frobnicate", among: names))
        XCTAssertNil(ClosestName.to("x", among: names))
        XCTAssertEqual(ClosestName.hint(for: "dif", among: names), "; did you mean 'diff'?")
        XCTAssertEqual(ClosestName.hint(for: "zzz", among: names), "")
    }
}
