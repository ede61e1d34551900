import Foundation
import XCTest

@testable import SwiftUIMigrateCLI

/// What a run keeps while it scans many repositories, counted through its own seams: the folders the
/// lookups and the floor search keep (`DiskFileSystem`) and the files the modules' indexes hold
/// (`ModuleIndex`). Counts, not the resident size or a timer, so nothing else on the machine can blur them:
/// a run over eight copies of a small repository keeps no more folders at once than a run over two, and a
/// module the run is past holds no file. (Before, both grew with every repository: a `scan` of 56 public
/// repositories peaked at 147 MB against 70 MB for c293982.)
final class RunMemoryTests: XCTestCase {
    /// A package whose view's decision reads the module: a view awaiting its own method in `.onAppear { Task { … } }`,
    /// the method in an extension in a file of its own (what it sets decides), and files no decision needs.
    private static let files: [String: String] = {
        var files = [
            "Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription

                let package = Package(name: "Pantry", platforms: [.iOS(.v16)], targets: [.target(name: "Pantry")])

                """,
            "Sources/Pantry/Views/ShelfView+Load.swift": """
                import Foundation

                extension ShelfView {
                    func restock() async {
                        jars = await JarStore.shared.jars()
                    }
                }

                """,
            "Sources/Pantry/Views/ShelfView.swift": """
                import SwiftUI

                struct ShelfView: View {
                    @State var jars: [String] = []

                    var body: some View {
                        Text("\\(jars.count)")
                            .onAppear {
                                Task {
                                    await restock()
                                }
                            }
                    }
                }

                """,
        ]
        for index in 0..<6 {
            files["Sources/Pantry/Rows/Row\(index).swift"] = Samples.clean.replacingOccurrences(of: "PlainView", with: "Row\(index)")
        }
        return files
    }()

    /// What one run over `copies` copies of the repository kept.
    private struct Census {
        /// The files the run checked.
        var files = 0
        /// The most folders the file system seam kept at once.
        var mostFolders = 0
        /// The most files the modules' indexes held at once, as the outcomes were handed over.
        var mostHeld = 0
        /// The most files held by modules whose last file had already been handed over.
        var mostHeldPast = 0
    }

    private func census(copies: Int) throws -> Census {
        let original = try GitRepositoryFolder()
        try original.commit(Self.files)
        let folders = try (0..<copies).map { _ in try original.copy() }
        let plan = try RunPlan(MigrationOptions(), source: .disk(folders.map(\.path)))
        var lastFile: [ModuleFiles: Int] = [:]
        for (index, file) in plan.files.enumerated() {
            if let module = file.module { lastFile[module] = index }
        }
        var census = Census(files: plan.files.count)
        var index = 0
        var findings: [String] = []
        try plan.run(into: EachOutcome { outcome in
            findings += outcome.migration?.findings.map(\.ruleID) ?? []
            census.mostHeld = max(census.mostHeld, lastFile.keys.reduce(0) { $0 + $1.index.heldFileCount })
            let past = lastFile.filter { $0.value < index }.keys.reduce(0) { $0 + $1.index.heldFileCount }
            census.mostHeldPast = max(census.mostHeldPast, past)
            index += 1
        })
        census.mostFolders = plan.settings.fileSystem.mostKeptEntries
        XCTAssertEqual(findings.filter { $0 == "onappear-task" }.count, copies, "one finding in each copy: \(findings)")
        withExtendedLifetime(folders) {}
        return census
    }

    func testWhatARunKeepsDoesNotGrowWithTheRepositoriesItScans() throws {
        let two = try census(copies: 2)
        let eight = try census(copies: 8)
        XCTAssertEqual(two.files, 2 * 9)
        XCTAssertEqual(eight.files, 8 * 9)
        // The view's decision read the module: the count below is of something.
        XCTAssertGreaterThan(two.mostHeld, 0, "no module index was read")
        XCTAssertEqual(eight.mostHeldPast, 0, "modules the run is past still hold files: \(eight)")
        XCTAssertEqual(two.mostHeldPast, 0, "modules the run is past still hold files: \(two)")
        // One repository's folders at a time (and the first folders of the next, to tell where it starts).
        XCTAssertGreaterThan(two.mostFolders, 0)
        XCTAssertLessThanOrEqual(eight.mostFolders, two.mostFolders + 4, "folders kept grew with the repositories: \(two) → \(eight)")
    }
}
