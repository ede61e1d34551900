import SwiftUIMigrate
import XCTest

/// Inserted code follows the file's indentation unit and line ending.
final class SourceStyleTests: XCTestCase {
    private func style(_ text: String) -> SourceStyle { SourceStyle(inferringFrom: Array(text.utf8)) }

    func testTabs() {
        let text = "struct A: View {\n\tvar body: some View {\n\t\tText(\"a\")\n\t}\n}\n"
        XCTAssertEqual(style(text).indentUnit, "\t")
        XCTAssertEqual(style(text).lineEnding, "\n")
    }

    func testTwoSpaces() {
        let text = "struct A: View {\n  var body: some View {\n    VStack {\n      Text(\"a\")\n    }\n  }\n}\n"
        XCTAssertEqual(style(text).indentUnit, "  ")
    }

    func testFourSpaces() {
        let text = "struct A: View {\n    var body: some View {\n        Text(\"a\")\n            .padding()\n    }\n}\n"
        XCTAssertEqual(style(text).indentUnit, "    ")
    }

    func testThreeSpacesAndContinuationLines() {
        let text = "struct A {\n   func f() {\n      g(a,\n        b)\n      h()\n   }\n}\n"
        XCTAssertEqual(style(text).indentUnit, "   ")
    }

    func testCRLF() {
        let text = "struct A: View {\r\n    var body: some View {\r\n        Text(\"a\")\r\n    }\r\n}\r\n"
        XCTAssertEqual(style(text).lineEnding, "\r\n")
        XCTAssertEqual(style(text).indentUnit, "    ")
        let mostlyLF = "a\r\nb\nc\nd\n"
        XCTAssertEqual(style(mostlyLF).lineEnding, "\n")
    }

    func testTabsWithCRLF() {
        let style = style("struct A {\r\n\tlet a = 1\r\n\tfunc f() {\r\n\t\tg()\r\n\t}\r\n}\r\n")
        XCTAssertEqual(style.indentUnit, "\t")
        XCTAssertEqual(style.lineEnding, "\r\n")
    }

    func testBlankLinesDoNotCount() {
        let text = "struct A {\n    let a = 1\n\n    \n        \n    let b = 2\n}\n"
        XCTAssertEqual(style(text).indentUnit, "    ")
    }

    func testDefaultsWithoutIndentation() {
        XCTAssertEqual(style("let a = 1\nlet b = 2\n"), SourceStyle())
        XCTAssertEqual(style(""), SourceStyle(indentUnit: "    ", lineEnding: "\n"))
    }

    func testIndentLevels() {
        XCTAssertEqual(SourceStyle(indentUnit: "\t").indent(2), "\t\t")
        XCTAssertEqual(SourceStyle(indentUnit: "  ").indent(3), "      ")
        XCTAssertEqual(SourceStyle().indent(-1), "")
    }
}
