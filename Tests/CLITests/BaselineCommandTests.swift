import Foundation
import XCTest

/// `--write-baseline` and `--baseline`: recorded findings stay hidden while their code is
/// unchanged, wherever it moves in the file; new or changed findings show.
final class BaselineCommandTests: XCTestCase {
    private let shelf = """
        import SwiftUI

        struct ShelfView: View {
            var body: some View {
                Group { Text("Shelf") }.onAppear { print("shelf") }
            }
        }

        """

    private let reader = """
        import SwiftUI

        struct ReaderView: View {
            var body: some View {
                Group { Text("Reader") }.onAppear { print("reader") }
            }
        }

        """

    private func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("App/ShelfView.swift", shelf)
        return folder
    }

    func testWriteBaselineRecordsEveryFindingAndHidesThem() throws {
        let folder = try project()
        let written = try ToolProcess.run(["scan", "--write-baseline", "baseline.json", "App"], in: folder.path)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, "")
        XCTAssertTrue(written.stderr.contains("recorded 1 finding in baseline.json"), written.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(try folder.read("baseline.json").utf8)) as? [String: Any]
        XCTAssertEqual(object?["version"] as? Int, 1)
        let entries = try XCTUnwrap(object?["findings"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 1)
        XCTAssertEqual(entries[0]["file"] as? String, "App/ShelfView.swift")
        XCTAssertEqual(entries[0]["rule"] as? String, "group-lifecycle")
        XCTAssertNil(entries[0]["line"], "no line numbers")

        let scan = try ToolProcess.run(["scan", "--baseline", "baseline.json", "App"], in: folder.path)
        XCTAssertEqual(scan.status, 0, scan.stdout)
        XCTAssertEqual(scan.stdout, "")
        XCTAssertEqual(try ToolProcess.run(["scan", "App"], in: folder.path).status, 1, "without --baseline it shows")
    }

    func testInsertingLinesAboveKeepsTheFindingSuppressed() throws {
        let folder = try project()
        XCTAssertEqual(try ToolProcess.run(["scan", "--write-baseline", "baseline.json", "App"], in: folder.path).status, 0)
        let moved = shelf.replacingOccurrences(
            of: "import SwiftUI\n",
            with: "import SwiftUI\n\n// The shelf screen.\n// It lists books.\n\nlet shelfTitle = \"Shelf\"\n")
            .replacingOccurrences(of: "        Group { Text(\"Shelf\") }", with: "      Group {  Text(\"Shelf\") }")
        try folder.write("App/ShelfView.swift", moved)
        let plain = try ToolProcess.run(["scan", "App"], in: folder.path)
        XCTAssertTrue(plain.stdout.hasPrefix("App/ShelfView.swift:10:"), "the finding moved down: \(plain.stdout)")
        let scan = try ToolProcess.run(["scan", "--baseline", "baseline.json", "App"], in: folder.path)
        XCTAssertEqual(scan.status, 0, scan.stdout)
        XCTAssertEqual(scan.stdout, "")
    }

    func testANewFindingIsNotSuppressed() throws {
        let folder = try project()
        XCTAssertEqual(try ToolProcess.run(["scan", "--write-baseline", "baseline.json", "App"], in: folder.path).status, 0)
        try folder.write("App/ReaderView.swift", reader)
        try folder.write("App/ShelfView.swift", """
            import SwiftUI

            struct ShelfView: View {
                var body: some View {
                    VStack {
                        Group { Text("New") }.onAppear { print("new") }
                        Group { Text("Shelf") }.onAppear { print("shelf") }
                    }
                }
            }

            """)
        let scan = try ToolProcess.run(["scan", "--baseline", "baseline.json", "App"], in: folder.path)
        XCTAssertEqual(scan.status, 1)
        let lines = scan.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, scan.stdout)
        XCTAssertTrue(lines[0].hasPrefix("App/ReaderView.swift:5:9: warning:"), scan.stdout)
        XCTAssertTrue(lines[1].hasPrefix("App/ShelfView.swift:6:13: warning:"), scan.stdout)
    }

    func testAChangedLineIsNotSuppressed() throws {
        let folder = try project()
        XCTAssertEqual(try ToolProcess.run(["scan", "--write-baseline", "baseline.json", "App"], in: folder.path).status, 0)
        try folder.write("App/ShelfView.swift", shelf.replacingOccurrences(of: "Text(\"Shelf\")", with: "Text(\"Books\")"))
        let scan = try ToolProcess.run(["scan", "--baseline", "baseline.json", "App"], in: folder.path)
        XCTAssertEqual(scan.status, 1)
        XCTAssertTrue(scan.stdout.hasPrefix("App/ShelfView.swift:5:9: warning:"), scan.stdout)
    }

    func testDiffAndApplyLeaveBaselinedFindingsAlone() throws {
        let folder = try project()
        XCTAssertEqual(try ToolProcess.run(["scan", "--write-baseline", "baseline.json", "App"], in: folder.path).status, 0)
        try folder.write("App/ReaderView.swift", reader)
        let diff = try ToolProcess.run(["diff", "--baseline", "baseline.json", "App"], in: folder.path)
        XCTAssertEqual(diff.status, 0, diff.stderr)
        XCTAssertTrue(diff.stdout.hasPrefix("diff --git a/App/ReaderView.swift"), diff.stdout)
        XCTAssertFalse(diff.stdout.contains("ShelfView"), diff.stdout)
        XCTAssertFalse(diff.stderr.contains("ShelfView"), "hidden from the summary too: \(diff.stderr)")
        let apply = try ToolProcess.run(["apply", "--in-place", "--baseline", "baseline.json", "App"], in: folder.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        XCTAssertEqual(try folder.read("App/ShelfView.swift"), shelf)
        XCTAssertTrue(try folder.read("App/ReaderView.swift").contains("ZStack { Text(\"Reader\") }"))
    }

    func testBaselinePathsAreRelativeToTheBaselineFile() throws {
        let folder = try project()
        try FileManager.default.createDirectory(atPath: folder.path + "/ci", withIntermediateDirectories: true)
        XCTAssertEqual(try ToolProcess.run(["scan", "--write-baseline", "ci/baseline.json", "App"], in: folder.path).status, 0)
        XCTAssertTrue(try folder.read("ci/baseline.json").contains("\"file\" : \"../App/ShelfView.swift\""))
        let fromApp = try ToolProcess.run(["scan", "--baseline", "../ci/baseline.json", "."], in: folder.path + "/App")
        XCTAssertEqual(fromApp.status, 0, "same file, named from another folder: \(fromApp.stdout)")
        XCTAssertEqual(fromApp.stdout, "")
    }

    func testAMissingOrMalformedBaselineIsAnError() throws {
        let folder = try project()
        let missing = try ToolProcess.run(["scan", "--baseline", "nope.json", "App"], in: folder.path)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: nope.json: cannot read the baseline file\n")
        try folder.write("bad.json", "{\"findings\": 3}")
        let bad = try ToolProcess.run(["scan", "--baseline", "bad.json", "App"], in: folder.path)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("error: bad.json: not a swiftui-migrate baseline"), bad.stderr)
    }
}
