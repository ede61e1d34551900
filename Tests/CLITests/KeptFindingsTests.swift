import Foundation
import XCTest

/// Quiet by default: `keep` findings (code left as it is on purpose) are left out of the text
/// formats, SARIF, the per-file summary and `--summary`, and one line counts them; `--show-kept`
/// and `"showKept": true` list them; JSON lists them always. Exit codes do not change.
final class KeptFindingsTests: XCTestCase {
    /// The golden project has one kept site (ReaderView's run-once flag with no identity).
    private let countLine = "1 site checked and left as it is (--show-kept lists it)\n"

    func testScanLeavesKeptSitesOutAndCountsThem() throws {
        let golden = try FormatTests.goldenCopy()
        for format in ["xcode", "github", "markdown", "sarif"] {
            let quiet = try ToolProcess.run(["scan", "--format", format, "App"], in: golden.path)
            XCTAssertEqual(quiet.status, 1, quiet.stderr)
            XCTAssertEqual(try keptSites(format, quiet.stdout), 0, "\(format): \(quiet.stdout)")
            XCTAssertTrue(quiet.stderr.hasSuffix(countLine), "\(format): \(quiet.stderr)")

            let shown = try ToolProcess.run(["scan", "--format", format, "--show-kept", "App"], in: golden.path)
            XCTAssertEqual(shown.status, 1, shown.stderr)
            XCTAssertEqual(try keptSites(format, shown.stdout), 1, "\(format): \(shown.stdout)")
            if format == "markdown" { XCTAssertTrue(shown.stdout.contains("### Kept as they are (1 site)"), shown.stdout) }
            XCTAssertFalse(shown.stderr.contains("checked and left as"), "\(format): \(shown.stderr)")
        }
        let json = try ToolProcess.run(["scan", "--format", "json", "App"], in: golden.path)
        XCTAssertTrue(json.stdout.contains("\"reasonID\" : \"guard-flag-load/no-identity\""), json.stdout)
        XCTAssertFalse(json.stderr.contains("checked and left as"), json.stderr)
    }

    /// How many kept sites `output` (in `format`) lists.
    private func keptSites(_ format: String, _ output: String) throws -> Int {
        // The site's own line: the Markdown summary lists it under its file, after the kind's line.
        let site = format == "markdown" ? "`App/ReaderView.swift:14` `guard-flag-load` kept" : "keep the run-once flag: no identity to key on"
        guard format == "sarif" else { return output.components(separatedBy: site).count - 1 }
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        return results.filter { ($0["properties"] as? [String: Any])?["action"] as? String == "keep" }.count
    }

    func testTheConfigurationKeyListsThemAndTheFlagWinsOverFalse() throws {
        let golden = try FormatTests.goldenCopy()
        _ = try golden.write(".swiftui-migrate.json", #"{"showKept": true}"#)
        let shown = try ToolProcess.run(["scan", "App"], in: golden.path)
        XCTAssertTrue(shown.stdout.contains("App/ReaderView.swift:14:10: note: keep the run-once flag"), shown.stdout)
        XCTAssertFalse(shown.stderr.contains("checked and left as"), shown.stderr)

        _ = try golden.write(".swiftui-migrate.json", #"{"showKept": false}"#)
        XCTAssertFalse(try ToolProcess.run(["scan", "App"], in: golden.path).stdout.contains("keep the run-once flag"))
        XCTAssertTrue(try ToolProcess.run(["scan", "--show-kept", "App"], in: golden.path).stdout.contains("keep the run-once flag"))

        _ = try golden.write(".swiftui-migrate.json", #"{"showKept": 1}"#)
        let bad = try ToolProcess.run(["scan", "App"], in: golden.path)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'showKept' must be true or false"), bad.stderr)
    }

    func testOnlyKeptSitesExitZeroAndPrintOnlyTheCountLine() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("SetupView.swift", """
            import SwiftUI

            struct SetupView: View {
                @State private var didSetUp = false
                @State private var names: [String] = []

                var body: some View {
                    Text("Setup")
                        .onAppear {
                            guard !didSetUp else { return }
                            didSetUp = true
                            names = ["a"]
                        }
                }
            }

            """)
        let result = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(result.status, 0, "a kept site asks nothing of anyone: \(result.stderr)")
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasSuffix(countLine), result.stderr)
        let quiet = try ToolProcess.run(["scan", "--quiet", "."], in: folder.path)
        XCTAssertFalse(quiet.stderr.contains("checked and left as"), quiet.stderr)
    }

    func testDiffAndApplySummariesLeaveKeptSitesOut() throws {
        let golden = try FormatTests.goldenCopy()
        let diff = try ToolProcess.run(["diff", "App"], in: golden.path)
        XCTAssertFalse(diff.stderr.contains("no identity to key on"), diff.stderr)
        XCTAssertTrue(diff.stderr.hasSuffix(countLine), diff.stderr)
        // Its table has no kept column to say "kept 0" beside the line that counts one.
        XCTAssertFalse(diff.stderr.contains(" kept "), diff.stderr)
        XCTAssertTrue(diff.stderr.contains("with findings: would rewrite 4, skipped 0, reported 1\n"), diff.stderr)
        let shown = try ToolProcess.run(["diff", "--show-kept", "App"], in: golden.path)
        XCTAssertTrue(shown.stderr.contains("no identity to key on"), shown.stderr)
        XCTAssertTrue(shown.stderr.contains("App/ReaderView.swift  would rewrite 2  kept 1  skipped 0"), shown.stderr)
        XCTAssertTrue(shown.stderr.contains("with findings: would rewrite 4, kept 1, skipped 0, reported 1\n"), shown.stderr)

        let apply = try ToolProcess.run(["apply", "--in-place", "--summary", "summary.md", "App"], in: golden.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        XCTAssertTrue(apply.stderr.contains(countLine), apply.stderr)
        XCTAssertFalse(apply.stderr.contains(" kept "), apply.stderr)
        XCTAssertFalse(try golden.read("summary.md").contains("no identity to key on"))
    }

    func testApplySummaryListsKeptSitesWhenAsked() throws {
        let golden = try FormatTests.goldenCopy()
        let apply = try ToolProcess.run(["apply", "--in-place", "--show-kept", "--summary", "summary.md", "App"], in: golden.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        let summary = try golden.read("summary.md")
        XCTAssertTrue(summary.contains("### Kept as they are (1 site)"), summary)
        XCTAssertTrue(summary.contains("no identity to key on"), summary)
    }
}
