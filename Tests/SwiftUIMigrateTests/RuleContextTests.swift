import SwiftParser
import SwiftSyntax
import SwiftUIMigrate
import XCTest

/// The helpers rules build their edits with.
final class RuleContextTests: XCTestCase {
    private func context(_ source: String) -> RuleContext {
        RuleContext(tree: Parser.parse(source: source), bytes: Array(source.utf8), file: "a.swift", configuration: Configuration())
    }

    private func token(_ text: String, in context: RuleContext) -> TokenSyntax {
        context.tree.tokens(viewMode: .sourceAccurate).first { $0.text == text }!
    }

    func testFindingLocationIsTheNodesFirstByte() {
        let context = context("struct A {\n\t/* é */ let x = 1\n}\n")
        let finding = context.finding("r", at: token("let", in: context), message: "m", action: .report)
        XCTAssertEqual(finding.line, 2)
        XCTAssertEqual(finding.column, 11, "UTF-8 columns: tab, comment with é")
        XCTAssertEqual(finding.offset, 21)
        XCTAssertEqual(finding.file, "a.swift")
    }

    func testReplaceAndIndentation() {
        let context = context("struct A {\n    var body: some View {\n        Text(\"a\") // note\n    }\n}\n")
        let text = token("Text", in: context)
        let call = text.parent!.parent!
        XCTAssertEqual(context.lineIndentation(of: call), "        ")
        let edit = context.replace(call, with: "EmptyView()")
        XCTAssertEqual(String(decoding: Array(context.bytes)[edit.range], as: UTF8.self), "Text(\"a\")")
        XCTAssertEqual(context.lineStart(at: edit.range.lowerBound), edit.range.lowerBound - 8)
        XCTAssertEqual(context.style.indentUnit, "    ")
    }

    func testReindentMovesLaterLinesOnly() {
        let context = context("")
        let text = "Group {\n    Text(\"a\")\n\n  odd\n}"
        XCTAssertEqual(context.reindent(text, from: "    ", to: "\t"), "Group {\n\tText(\"a\")\n\n  odd\n}")
        XCTAssertEqual(context.reindent(text, from: "", to: "  "), "Group {\n      Text(\"a\")\n\n    odd\n  }")
    }

    func testReindentKeepsCRLF() {
        let context = context("")
        let text = "Group {\r\n        Text(\"a\")\r\n    }"
        XCTAssertEqual(context.reindent(text, from: "    ", to: ""), "Group {\r\n    Text(\"a\")\r\n}")
    }

    func testTrimmingWhitespace() {
        XCTAssertEqual(" \t\r\n a b \r\n".trimmingWhitespace(), "a b")
        XCTAssertEqual(" \r\n ".trimmingWhitespace(), "")
    }
}
