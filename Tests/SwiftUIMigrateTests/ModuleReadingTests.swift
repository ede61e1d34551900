import SwiftParser
import SwiftSyntax
@testable import SwiftUIMigrate
import XCTest

/// How the module index reads other files cheaply: the names they extend listed in one search
/// (`ExtendedNames`), and the bodies a lookup cannot reach blanked before a parse (`ElidedBodies`).
final class ModuleReadingTests: XCTestCase {
    /// Texts where a name stands after a keyword, after a dot, in a comment, or only nearly so.
    private static let texts = [
        "final class Source: Codable {", "extension Feed.Model {", "struct  Source<T> {", "let source: Source = .init()",
        "struct SourceView: View {", "class OpenSource {", "public extension App.Feed.Model {", "        .modifier(GlassBackground())",
        "extension Array where Element == Feed.Model {", "extension View { func glass() { self.modifier(Glass()) } }",
        "extension View { func modifier() {} }", "struct\tPanel {}", "// struct Panel is old", "x.struct Panel", "extension struct Panel",
        "struct Panel.Row {", "extension A..Model {", "extension A.\nModel", "enum Model { case a }", "protocol Model {}",
        "actor Model {}", "funcs Model", "@MainActor struct Model: View {", "extension Model", "struct Mod\u{E9}l {}", "struct \u{212A} {}",
    ]

    func testTheExtendedNamesAreTheOnesTheByteSearchFinds() {
        let files = Self.texts.map { Array($0.utf8) }
        let listed = ExtendedNames(files)
        for name in ["Source", "Model", "Feed", "App", "Panel", "Row", "modifier", "View", "Array", "A", "K", "struct", "Element"] {
            let searched = files.indices.filter { ModuleIndex.declares(files[$0], name, after: ["extension"]) }
            XCTAssertEqual(listed.files(extending: name), searched, name)
        }
    }

    func testBodiesThatCannotHoldTheNameAreBlankedKeepingEveryPlace() throws {
        let text = """
            import SwiftUI

            struct Shelf: View {
                let books: [String]
                var body: some View {
                    List { ForEach(books, id: \\.self) { Row(title: $0).padding() } }
                }
                func count() -> Int { books.filter { $0.isEmpty }.count }
            }

            struct Other: View {
                var body: some View { Text("{ not a brace \\(1 + { 2 }()) }") /* { */ }
            }
            """
        let bytes = Array(text.utf8)
        let elided = try XCTUnwrap(ElidedBodies.text(bytes, keeping: "Row", wholeDeclarations: false))
        XCTAssertEqual(elided.count, bytes.count)
        XCTAssertEqual(elided.indices.filter { elided[$0] == UInt8(ascii: "\n") }, bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") })
        let kept = String(decoding: elided, as: UTF8.self)
        XCTAssertTrue(kept.contains("List { ForEach(books, id: \\.self) { Row(title: $0).padding() } }"), "the call and what holds it")
        XCTAssertFalse(kept.contains("isEmpty"), "a body without the name")
        XCTAssertFalse(kept.contains("not a brace"), "a struct without the name")
        let tree = Parser.parse(source: kept)
        XCTAssertFalse(tree.hasError)
        let original = Parser.parse(source: text)
        let row = { (tree: SourceFileSyntax) in tree.tokens(viewMode: .sourceAccurate).first { $0.text == "Row" }?.position }
        XCTAssertEqual(row(tree), row(original))

        let whole = try XCTUnwrap(ElidedBodies.text(bytes, keeping: "Shelf", wholeDeclarations: true))
        let declaration = String(decoding: whole, as: UTF8.self)
        XCTAssertTrue(declaration.contains("func count() -> Int { books.filter { $0.isEmpty }.count }"), "the declaration whole")
        XCTAssertFalse(declaration.contains("not a brace"))
        XCTAssertNil(ElidedBodies.text(Array("struct A { \"unclosed\n }".utf8), keeping: "A", wholeDeclarations: true), "braces that do not pair")
    }

    func testALookupThroughBlankedBodiesFindsWhatTheWholeFileHolds() throws {
        let files: [String: String] = [
            "App/Shelf.swift": """
                struct Shelf: View {
                    var body: some View { Form { Row() } }
                    func other() { print("no") }
                }
                struct Unrelated { func work() { print(1) } }
                """,
            "App/Row.swift": "struct Row: View {\n    var body: some View { Group { Text(\"a\") }.onAppear {} }\n}\n",
            "App/Row+Work.swift": "extension Row {\n    func load() { print(2) }\n}\nstruct Else { var x: Int { 3 } }\n",
        ]
        let index = ModuleIndex(files: { Array(files.keys) }) { files[$0].map { Array($0.utf8) } }
        let calls = index.constructions(of: "Row", outside: "App/Row.swift")
        XCTAssertEqual(calls.map(\.path), ["App/Shelf.swift"])
        let call = try XCTUnwrap(calls.first?.call)
        XCTAssertEqual(call.trimmedDescription, "Row()")
        XCTAssertEqual(index.place(of: call)?.line, 2)
        let parts = index.extensions(ofType: "Row", outside: "App/Shelf.swift", holdingAnyOf: ["func load"])
        XCTAssertEqual(parts.map(\.path), ["App/Row+Work.swift"])
        XCTAssertEqual(parts.first?.members.trimmedDescription, "func load() { print(2) }")
    }
}
