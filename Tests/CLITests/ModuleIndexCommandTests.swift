import Foundation
import XCTest

/// Decisions that rest on another file of the module, as a user meets them: `scan` of a package
/// whose view models and views are in files of their own.
final class ModuleIndexCommandTests: XCTestCase {
    private static let manifest = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(name: "Pantry", platforms: [.iOS(.v16)], targets: [.target(name: "Pantry")])

        """

    /// A shelf model: `restock` loads the jars the views show; `printLabels` sends them to a printer.
    private static let shelf = """
        import Foundation

        final class PantryShelf: ObservableObject {
            @Published var jars: [String] = []
            @Published var title = "Pantry"
            private let store = JarStore()

            func restock() async -> Int {
                let found = await store.jars()
                jars = found.sorted()
                return found.count
            }

            func printLabels() async -> Int {
                await store.sendToPrinter(jars)
                return jars.count
            }
        }

        """

    /// A view that keeps what `await shelf.<call>()` returns, owns no state, and shows `shelf.<shown>`.
    private static func shelfView(_ name: String, call: String, shows shown: String) -> String {
        """
        import SwiftUI

        struct \(name): View {
            @ObservedObject var shelf: PantryShelf

            var body: some View {
                Text("\\(shelf.\(shown).count)")
                    .onAppear {
                        Task {
                            let count = await shelf.\(call)()
                            print(count)
                        }
                    }
            }
        }

        """
    }

    /// A book whose `open` sets the phase its views branch on before it awaits, and `reindex` after.
    private static let book = """
        import Foundation

        @MainActor
        final class RecipeBook: ObservableObject {
            enum Phase { case waiting, ready }

            @Published var phase = Phase.waiting
            @Published var recipes: [String] = []

            func open() async {
                phase = .ready
                recipes = await RecipeService.shared.all()
            }

            func reindex() async {
                let fresh = await RecipeService.shared.all()
                recipes = fresh
                phase = .ready
            }
        }

        """

    /// A view shown while the book waits, starting `book.<call>()`.
    private static func waitingView(_ name: String, call: String) -> String {
        """
        import SwiftUI

        struct \(name): View {
            @StateObject private var book = RecipeBook()

            var body: some View {
                if book.phase == .waiting {
                    Text("Opening the book…")
                        .onAppear {
                            Task { await book.\(call)() }
                        }
                } else {
                    List(book.recipes, id: \\.self) { Text($0) }
                }
            }
        }

        """
    }

    /// The findings of `scan --format json` in `folder`, by file.
    private func findings(in folder: TemporaryFolder, _ paths: [String] = ["."]) throws -> [String: [String: Any]] {
        let result = try ToolProcess.run(["scan", "--format", "json"] + paths, in: folder.path)
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], result.stderr)
        return Dictionary(uniqueKeysWithValues: findings.map { ($0["file"] as! String, $0) })
    }

    func testAViewModelInAnotherFileDecidesBothWays() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", Self.manifest)
        try folder.write("Sources/Pantry/PantryShelf.swift", Self.shelf)
        try folder.write("Sources/Pantry/ShelfView.swift", Self.shelfView("ShelfView", call: "restock", shows: "jars"))
        try folder.write("Sources/Pantry/LabelView.swift", Self.shelfView("LabelView", call: "printLabels", shows: "title"))
        let byFile = try findings(in: folder)
        // restock keeps what it awaits and fills the jars the view shows: the view's own load.
        XCTAssertEqual(byFile["Sources/Pantry/ShelfView.swift"]?["reasonID"] as? String, "onappear-task/move-into-task")
        // printLabels drops what it awaits and fills nothing: the work changes no state the view shows, a keep.
        XCTAssertEqual(byFile["Sources/Pantry/LabelView.swift"]?["reasonID"] as? String, "onappear-task/no-owned-state")
        XCTAssertEqual(byFile["Sources/Pantry/LabelView.swift"]?["action"] as? String, "keep")

        // Scanning the one file reads the rest of its module too.
        let alone = try findings(in: folder, ["Sources/Pantry/ShelfView.swift"])
        XCTAssertEqual(alone["Sources/Pantry/ShelfView.swift"]?["action"] as? String, "rewrite")
    }

    func testAMethodInAnotherFileIsReadForWhatItSetsBeforeItAwaits() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", Self.manifest)
        try folder.write("Sources/Pantry/RecipeBook.swift", Self.book)
        try folder.write("Sources/Pantry/OpenView.swift", Self.waitingView("OpenView", call: "open"))
        try folder.write("Sources/Pantry/IndexView.swift", Self.waitingView("IndexView", call: "reindex"))
        let byFile = try findings(in: folder)
        XCTAssertEqual(byFile["Sources/Pantry/OpenView.swift"]?["reasonID"] as? String, "onappear-task/object-method-removes-host")
        XCTAssertEqual(
            byFile["Sources/Pantry/OpenView.swift"]?["reason"] as? String,
            "the host shows only while book.phase == .waiting, and the work calls book.open(), which sets phase before it "
                + "awaits: as task, starting the work would remove the host and cancel the work")
        XCTAssertEqual(byFile["Sources/Pantry/IndexView.swift"]?["action"] as? String, "rewrite", "reindex sets phase only after it awaits")
    }

    func testAMethodOutsideTheModuleIsStillCheckedByAPersonAndSaysWhy() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", Self.manifest)
        // The book's class lives in another target: not this module.
        try folder.write("Sources/Library/RecipeBook.swift", Self.book)
        try folder.write("Sources/Pantry/OpenView.swift", Self.waitingView("OpenView", call: "open"))
        let byFile = try findings(in: folder)
        XCTAssertEqual(byFile["Sources/Pantry/OpenView.swift"]?["reasonID"] as? String, "onappear-task/object-method-unseen")
        XCTAssertTrue(
            (byFile["Sources/Pantry/OpenView.swift"]?["reason"] as? String ?? "").contains(
                "which neither this file nor the rest of its module declares; it may be a framework's or another package's "
                    + "method, or an inherited one"),
            "\(byFile)")
    }

    func testAStandardLibraryMethodIsNeverAnUndeclaredObjectsMethod() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", Self.manifest)
        try folder.write("Sources/Pantry/TagCloud.swift", """
            import SwiftUI

            struct TagCloud: View {
                @State private var tags: [String] = []
                @State private var summary = ""

                var body: some View {
                    if tags.isEmpty {
                        Text(summary)
                            .onAppear {
                                Task {
                                    let shouted = tags.map { $0.uppercased() }
                                    summary = await TagService.shared.describe(shouted)
                                }
                            }
                    }
                }
            }

            """)
        let byFile = try findings(in: folder)
        XCTAssertEqual(byFile["Sources/Pantry/TagCloud.swift"]?["action"] as? String, "rewrite", "tags.map() changes no tag")
    }

    /// A Group whose `.transition` keeps it from becoming a container, with the app's own `modifier`.
    private static func shelf(_ name: String, modifier: String) -> String {
        """
        import SwiftUI

        struct \(name): View {
            let isOpen: Bool
            @State private var opened: String?
            @State private var count = 0

            var body: some View {
                Group {
                    if isOpen {
                        Text("Open")
                    } else {
                        Text("Closed")
                    }
                }
                .transition(.opacity)
                .\(modifier)
                .onAppear { count += 1 }
            }
        }

        """
    }

    func testACustomModifierInAnotherFileIsWhatItsBodyApplies() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", Self.manifest)
        try folder.write("Sources/Pantry/PantryModifiers.swift", """
            import SwiftUI

            struct PantryCard: ViewModifier {
                func body(content: Content) -> some View {
                    content
                        .padding(8)
                        .background(.thinMaterial)
                }
            }

            extension View {
                func pantryCard() -> some View {
                    modifier(PantryCard())
                }

                func recipeSheet(_ recipe: Binding<String?>) -> some View {
                    sheet(item: recipe) { Text($0) }
                }
            }

            """)
        try folder.write("Sources/Pantry/CardShelf.swift", Self.shelf("CardShelf", modifier: "pantryCard()"))
        try folder.write("Sources/Pantry/SheetShelf.swift", Self.shelf("SheetShelf", modifier: "recipeSheet($opened)"))
        try folder.write("Sources/Pantry/ToastShelf.swift", Self.shelf("ToastShelf", modifier: "toast($opened)"))
        let byFile = try findings(in: folder)
        // pantryCard only pads and draws a background: the chain is copied onto each member.
        XCTAssertEqual(byFile["Sources/Pantry/CardShelf.swift"]?["reasonID"] as? String, "group-lifecycle/distribute")
        XCTAssertEqual(byFile["Sources/Pantry/SheetShelf.swift"]?["reasonID"] as? String, "group-lifecycle/presents-or-navigates")
        XCTAssertTrue((byFile["Sources/Pantry/SheetShelf.swift"]?["reason"] as? String ?? "").contains("the chain has .recipeSheet, which presents"))
        // Declared nowhere in the module: still unknown.
        XCTAssertEqual(byFile["Sources/Pantry/ToastShelf.swift"]?["reasonID"] as? String, "group-lifecycle/unknown-modifier")
    }

    func testNoCheckoutReadsTheViewModelFromHEAD() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit([
            "Package.swift": Self.manifest,
            "Sources/Pantry/PantryShelf.swift": Self.shelf,
            "Sources/Pantry/ShelfView.swift": Self.shelfView("ShelfView", call: "restock", shows: "jars"),
        ])
        // The worktree's model no longer loads what the view shows; HEAD's does, and no-checkout goes by HEAD.
        try Self.shelf.replacingOccurrences(of: "jars = found.sorted()", with: "_ = found")
            .write(toFile: repository.path + "/Sources/Pantry/PantryShelf.swift", atomically: true, encoding: .utf8)
        let result = try ToolProcess.run(["apply", "--no-checkout", "--format", "json", "."], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("onappear-task/move-into-task"), result.stdout)
    }
}
