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

    func testDurationsReadWithTheirUnitAndPrintTheWayTheyRead() {
        XCTAssertEqual(DurationText.parse("10s"), .seconds(10))
        XCTAssertEqual(DurationText.parse("10"), .seconds(10), "a bare number is seconds")
        XCTAssertEqual(DurationText.parse("250ms"), .milliseconds(250))
        XCTAssertEqual(DurationText.parse("1.5s"), .milliseconds(1500))
        XCTAssertEqual(DurationText.parse("2m"), .seconds(120))
        XCTAssertEqual(DurationText.parse("1h"), .seconds(3600))
        XCTAssertEqual(DurationText.parse("0"), .zero)
        XCTAssertEqual(DurationText.parse("0.0001s"), .milliseconds(1), "above zero is at least a millisecond")
        for bad in ["", "s", "ms", "-1s", "ten", "10 s", "10sec", "inf", "nan", "1e400s", " 5"] {
            XCTAssertNil(DurationText.parse(bad), bad)
        }
        XCTAssertEqual(DurationText.describe(.seconds(10)), "10s")
        XCTAssertEqual(DurationText.describe(.milliseconds(250)), "250ms")
        XCTAssertEqual(DurationText.describe(.milliseconds(1500)), "1.5s")
    }

    func testMarkdownCellsKeepTheTableAndCodeSpansWhole() {
        XCTAssertEqual(MarkdownCell.escape("a|b`c\nd\r\ne"), "a\\|b'c d e")
    }

    func testSwiftInProseGoesInCodeSpansAndTheRestIsEscaped() {
        XCTAssertEqual(
            MarkdownCell.prose("several properties could key the task (items: Array<Int>, pageID); use .task(id:) or Task.detached"),
            "several properties could key the task (items: `Array<Int>`, `pageID`); use `.task(id:)` or `Task.detached`")
        XCTAssertEqual(MarkdownCell.prose("guard !isLoading, @State flag_name *x* [y] <b> a|b"),
                       "guard `!isLoading`, `@State` `flag_name` \\*x\\* \\[y\\] \\<b\\> a\\|b")
        XCTAssertEqual(MarkdownCell.prose("iOS 15+ SDK builds, e.g. on macOS; SwiftUI runs once"), "iOS 15+ SDK builds, e.g. on macOS; SwiftUI runs once")
        XCTAssertEqual(MarkdownCell.prose("calls `load()` and f(a | b)"), "calls `load()` and `f(a \\| b)`")
    }

    func testLongCellsAreShortenedAtAWordWithAnEllipsis() {
        let reason = String(repeating: "word ", count: 60)
        let short = MarkdownCell.shortened(reason, limit: 160)
        XCTAssertLessThanOrEqual(short.count, 160)
        XCTAssertTrue(short.hasSuffix("word…"), short)
        XCTAssertEqual(MarkdownCell.shortened("short text", limit: 160), "short text")
    }

    func testWrappingKeepsWordsWholeWithinTheWidth() {
        XCTAssertEqual("one two three four".wrapped(width: 9), ["one two", "three", "four"])
        XCTAssertEqual("a b c".wrapped(width: 5, firstIndent: "- ", indent: "  "), ["- a b", "  c"])
        XCTAssertEqual("x https://example.com/a/very/long/path y".wrapped(width: 10), ["x", "https://example.com/a/very/long/path", "y"])
        XCTAssertEqual("".wrapped(width: 10), [])
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

    func testAPathIsInsideAFolderOnlyAtAPathSeparator() {
        XCTAssertEqual(PathText.inside("App/View.swift", ""), "App/View.swift", "every path is inside the root")
        XCTAssertEqual(PathText.inside("App/View.swift", "App"), "View.swift")
        XCTAssertEqual(PathText.inside("App/View.swift", "App/"), "View.swift")
        XCTAssertEqual(PathText.inside("App/Sub/View.swift", "App"), "Sub/View.swift")
        XCTAssertEqual(PathText.inside("App", "App"), "", "the folder itself")
        XCTAssertEqual(PathText.inside("App/", "App/"), "")
        XCTAssertNil(PathText.inside("AppKit/View.swift", "App"), "a longer name is another folder")
        XCTAssertNil(PathText.inside("App", "App/"))
        XCTAssertNil(PathText.inside("Other/View.swift", "App"))
        XCTAssertEqual(PathText.relative("Other/View.swift", to: "App"), "Other/View.swift")
    }

    func testRemainderAfterAPrefixComparesBytesAndThenCanonicalSpellings() {
        XCTAssertEqual("/repo/App/View.swift".remainder(after: "/repo/"), "App/View.swift")
        XCTAssertNil("/repository/View.swift".remainder(after: "/repo/"))
        XCTAssertEqual("/repo/".remainder(after: "/repo/"), "")
        XCTAssertEqual("/repo/Café/Menu.swift".remainder(after: "/repo/Café/"), "Menu.swift")
        // The folder's name composed in one path and decomposed in the other: the same folder.
        XCTAssertEqual("/repo/Cafe\u{301}/Menu.swift".remainder(after: "/repo/Caf\u{E9}/"), "Menu.swift")
        XCTAssertEqual("/repo/Caf\u{E9}/Menu.swift".remainder(after: "/repo/Cafe\u{301}/"), "Menu.swift")
        XCTAssertNil("/repo/Cafe/Menu.swift".remainder(after: "/repo/Caf\u{E9}/"))
    }
}
