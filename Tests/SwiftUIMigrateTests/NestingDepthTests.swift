import SwiftUIMigrate
import XCTest

/// The byte pass that keeps texts the parser cannot take away from it (issue 39).
final class NestingDepthTests: XCTestCase {
    private func depth(_ text: String) -> NestingDepth { NestingDepth(measuring: Array(text.utf8)) }

    func testCountsEachKindOfNesting() {
        let measured = depth("let a = [(b, { [c] })]; let d: A<B<C>> = f()")
        XCTAssertEqual(measured.deepest, 4)
        XCTAssertEqual(measured.deepestSquare, 2)
        XCTAssertEqual(measured.deepestAngle, 2)
        XCTAssertNil(measured.excess)
    }

    func testCommentsAndStringsCountForNothing() {
        let brackets = String(repeating: "[", count: 300)
        let text = """
            // \(brackets)
            /* \(brackets) /* nested */ \(brackets) */
            let a = "\(brackets)"
            let b = #"\\(\(brackets)"#
            let c = \"\"\"
                \(brackets) " \\" \(brackets)
                \"\"\"
            let d = [1]
            """
        XCTAssertEqual(depth(text).deepestSquare, 1)
        XCTAssertNil(depth(text).excess)
    }

    func testAnInterpolationNestsAsItsParenthesis() {
        let nested = String(repeating: #""\("#, count: 300) + "1" + String(repeating: #")""#, count: 300)
        XCTAssertEqual(depth("let a = " + nested).deepest, 300)
        XCTAssertEqual(depth("let a = " + nested).excess, .nesting(300))
        // The string after an interpolation closes where its quote is.
        XCTAssertEqual(depth(#"let a = "\(b)[" + [c]"#).deepestSquare, 1)
    }

    func testPastEachLimitIsAnExcess() {
        XCTAssertEqual(depth("let t = " + String(repeating: "[", count: 5000)).excess, .nesting(5000))
        XCTAssertEqual(depth("let t = " + String(repeating: "[", count: 24)).excess, .squareBrackets(24))
        XCTAssertNil(depth("let t = " + String(repeating: "[", count: NestingDepth.Limit.square)).excess)
        XCTAssertEqual(depth("let t = " + String(repeating: "A<", count: 300)).excess, .angleBrackets(300))
        XCTAssertEqual(depth(String(repeating: "#if a\n", count: 5000)).excess, .conditionals(5000))
        // #endif closes; #ifdef-like names and #if in a string are not #if.
        XCTAssertEqual(depth(String(repeating: "#if a\nlet b = 1\n#endif\n", count: 300) + "#ifx\n\"#if\"").deepestConditional, 1)
        // Comparisons end at a statement's brace or semicolon.
        XCTAssertNil(depth(String(repeating: "if a<b { }\n", count: 1000)).excess)
    }

    func testClosersWithoutOpenersDoNotUnderflow() {
        XCTAssertEqual(depth("]]] )) }} [ ( {").deepest, 3)
        XCTAssertEqual(depth("a->b> c > d").deepestAngle, 0)
    }

    func testTheEngineSkipsADeepFileUnparsed() {
        let engine = MigrationEngine(configuration: Configuration())
        let text = "Text(\"\").onAppear { }\nlet t = " + String(repeating: "[", count: 24) + String(repeating: "]", count: 24)
        let migration = engine.migrate(bytes: Array(text.utf8), file: "T.swift")
        XCTAssertEqual(migration.tooDeep, .squareBrackets(24))
        XCTAssertTrue(migration.findings.isEmpty)
        XCTAssertFalse(migration.changed)
    }
}
