import Synchronization
import SwiftParser
import SwiftSyntax
import SwiftUIMigrate
import XCTest

/// The module index: which files it reads, which it parses, and what it finds in them.
final class ModuleIndexTests: XCTestCase {
    private static let files: [String: String] = [
        "Kitchen/Pantry.swift": """
            final class Pantry: ObservableObject {
                @Published var jars: [String] = []
                func restock() async { jars = await JarStore.all() }
            }
            """,
        "Kitchen/Pantry+Labels.swift": """
            extension Kitchen.Pantry {
                func printLabels() async {}
            }
            """,
        "Kitchen/PantryView.swift": """
            struct PantryView: View {
                let pantry: Pantry
                var body: some View { Text("\\(pantry.jars.count)").pantryCard() }
            }
            """,
        "Kitchen/Modifiers.swift": """
            struct PantryCard: ViewModifier {
                func body(content: Content) -> some View { content.padding() }
            }
            extension View {
                func pantryCard() -> some View { modifier(PantryCard()) }
            }
            """,
    ]

    func testTypesExtensionsAndModifiersAreFoundAcrossFiles() {
        let index = ModuleIndex(files: { Array(Self.files.keys) }) { Self.files[$0].map { Array($0.utf8) } }
        let methods = index.memberBlocks(ofType: "Pantry").flatMap { $0.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text } }
        XCTAssertEqual(methods, ["printLabels", "restock"], "the class and its extension, in path order")
        XCTAssertEqual(index.memberBlocks(ofType: "Cellar").count, 0)
        XCTAssertEqual(index.viewModifiers(named: "pantryCard").map(\.name.text), ["pantryCard"])
        XCTAssertEqual(index.viewModifiers(named: "PantryCard").map(\.name.text), ["body"], "a ViewModifier's body(content:)")
    }

    func testFilesAreListedAndReadOnceAndOnlyWhenAsked() {
        let reads = Mutex(0)
        let index = ModuleIndex(files: { Array(Self.files.keys) }) { path in
            reads.withLock { $0 += 1 }
            return Self.files[path].map { Array($0.utf8) }
        }
        XCTAssertEqual(reads.withLock { $0 }, 0, "nothing is read before a lookup")
        _ = index.memberBlocks(ofType: "Pantry")
        _ = index.memberBlocks(ofType: "Pantry")
        _ = index.viewModifiers(named: "pantryCard")
        XCTAssertEqual(reads.withLock { $0 }, Self.files.count)
    }

    func testAPlaceIsTheFileAndLineOfANodeTheIndexParsed() throws {
        let index = ModuleIndex(files: { Array(Self.files.keys) }) { Self.files[$0].map { Array($0.utf8) } }
        let declarations = index.declarations(ofType: "Pantry")
        XCTAssertEqual(declarations.map(\.path), ["Kitchen/Pantry+Labels.swift", "Kitchen/Pantry.swift"])
        let restock = try XCTUnwrap(declarations[1].members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first { $0.name.text == "restock" })
        XCTAssertEqual(index.place(of: restock).map { [$0.path, String($0.line)] }, ["Kitchen/Pantry.swift", "3"])
        XCTAssertNil(index.place(of: Parser.parse(source: "let x = 1")), "a tree the index did not parse")
    }

    func testARunsNameOfAFileMatchesTheIndexsPathOfIt() {
        XCTAssertTrue(ModuleIndex.samePath("./App/Panel.swift", "App/Panel.swift"))
        XCTAssertTrue(ModuleIndex.samePath("/repo/App/Panel.swift", "App/Panel.swift"))
        XCTAssertTrue(ModuleIndex.samePath("App/Panel.swift", "Panel.swift"))
        XCTAssertFalse(ModuleIndex.samePath("App/Panel+Work.swift", "App/Panel.swift"))
        XCTAssertFalse(ModuleIndex.samePath("App/MyPanel.swift", "Panel.swift"), "a path ends with the name, not with its tail")
    }

    func testADeclarationIsFoundByItsKeywordNotByAnyUseOfTheName() {
        func declares(_ text: String, _ name: String) -> Bool {
            ModuleIndex.declares(Array(text.utf8), name, after: ["class", "struct", "extension"])
        }
        XCTAssertTrue(declares("final class Source: Codable {", "Source"))
        XCTAssertTrue(declares("extension Feed.Model {", "Model"))
        XCTAssertTrue(declares("struct  Source<T> {", "Source"))
        XCTAssertFalse(declares("let source: Source = .init()", "Source"))
        XCTAssertFalse(declares("struct SourceView: View {", "Source"))
        XCTAssertFalse(declares("class OpenSource {", "Source"))
        XCTAssertTrue(declares("public extension App.Feed.Model {", "Model"))
        // A member reached through a dot is a use, not a declaration: a file calling `.modifier` declares no `modifier`.
        XCTAssertFalse(declares("        .modifier(GlassBackground())", "modifier"))
        XCTAssertFalse(declares("        content.modifier(GlassBackground())", "modifier"))
        XCTAssertFalse(declares("extension Array where Element == Feed.Model {", "Model"))
        XCTAssertFalse(ModuleIndex.declares(Array("extension View { func glass() { self.modifier(Glass()) } }".utf8), "modifier", after: ["func", "struct"]))
        XCTAssertTrue(ModuleIndex.declares(Array("extension View { func modifier() {} }".utf8), "modifier", after: ["func", "struct"]))
    }
}
