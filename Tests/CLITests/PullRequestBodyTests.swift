import Foundation
import XCTest

/// The pull-request body (`apply --summary`, `batch --pr-body-dir`) and the commit message, against golden files in
/// `fixtures/golden-project/expected/` (SWIFTUI_MIGRATE_UPDATE_GOLDEN=1 rewrites them; then review the diff), and
/// what they promise a reviewer: only the files the change touches, one line per kind of site left, short cells,
/// a commit body wrapped at 72 columns, and `not written: <why>` for a file that was not written.
final class PullRequestBodyTests: XCTestCase {
    /// The golden project committed in a repository, with a Group whose long report reason needs shortening
    /// (`App/PhaseView.swift`).
    private func goldenRepository() throws -> GitRepositoryFolder {
        let repository = try GitRepositoryFolder()
        let golden = RepositoryFiles.root.appendingPathComponent("fixtures/golden-project/App")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: golden.path) where name.hasSuffix(".swift") {
            files["App/" + name] = try String(contentsOf: golden.appendingPathComponent(name), encoding: .utf8)
        }
        files["App/PhaseView.swift"] = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent(
                "fixtures/group-lifecycle/task-sets-chosen-member-report.before.swift"),
            encoding: .utf8)
        for (name, contents) in files { try repository.folder.write(name, contents) }
        try repository.git("add", ".")
        try repository.git("commit", "-q", "-m", "initial")
        return repository
    }

    private func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = RepositoryFiles.root.appendingPathComponent("fixtures/golden-project/expected/" + name).path
        if ProcessInfo.processInfo.environment["SWIFTUI_MIGRATE_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text, expected, "\(name) differs; SWIFTUI_MIGRATE_UPDATE_GOLDEN=1 rewrites it", file: file, line: line)
    }

    func testPullRequestBodyAndCommitMessageMatchTheirGoldenFiles() throws {
        let repository = try goldenRepository()
        let result = try ToolProcess.run(["apply", "--commit", "--summary", "summary.md"], in: repository.path + "/App")
        XCTAssertEqual(result.status, 0, result.stderr)
        let body = try repository.folder.read("App/summary.md")
        let message = try repository.git("log", "-1", "--format=%B")
        try assertGolden(body, "apply.summary.md")
        try assertGolden(message, "apply.commit-message.txt")

        // Only the files in the change, named from the root; the kept site is left out.
        let changed = try repository.git("show", "--name-only", "--format=", "HEAD").split(separator: "\n").map(String.init)
        XCTAssertEqual(changed, ["App/ReaderView.swift", "App/ShelfView.swift"])
        let tableFiles = Set(body.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.split(separator: "`")[1] })
        XCTAssertEqual(tableFiles, ["App/ReaderView.swift", "App/ShelfView.swift"])
        XCTAssertFalse(body.contains("no identity to key on"), "kept sites stay out of the body: \(body)")
        XCTAssertFalse(body.contains("PlainView"), body)
        // One line per kind of site left, with its count; long reasons shortened, in full in the details block.
        XCTAssertTrue(body.contains("- **1** × `group-lifecycle/several-members` reported: the Group shows several views at once"), body)
        for line in body.split(separator: "\n") where line.hasPrefix("|") || line.hasPrefix("- **") {
            let reason = line.hasPrefix("|") ? String(line.split(separator: "|").last ?? "") : String(line)
            XCTAssertLessThanOrEqual(reason.count, 240, "a cell or kind line too long to read: \(line)")
        }
        XCTAssertTrue(body.contains("<details>") && body.contains("`App/PhaseView.swift:17`"), body)
        XCTAssertTrue(body.contains("the chain has `.id`"), "Swift in code spans: \(body)")

        // The commit message: a subject, a short body with counts and the version, wrapped at 72 columns.
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "Migrate SwiftUI lifecycle code with swiftui-migrate")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 72 }, message)
        XCTAssertLessThanOrEqual(lines.count, 25, message)
        XCTAssertTrue(message.contains("swiftui-migrate 0.1.0 rewrote 4 lifecycle sites in 2 files"), message)
        XCTAssertFalse(message.contains("|"), "no table in the commit message: \(message)")
        XCTAssertEqual(
            try repository.git("log", "-1", "--format=%(trailers:key=Migration-rules,valueonly,unfold)"),
            "group-lifecycle, guard-flag-load, onappear-task, appear-change-load\n\n")
    }

    func testSitesOfOneReasonAreOneLineWithTheirCountAndWhatToDo() throws {
        let repository = try goldenRepository()
        // Two more Groups showing several views, whose own reasons differ only in where they are.
        let several = "import SwiftUI\n\nstruct PairView: View {\n    var body: some View {\n        Group {\n"
            + "            Text(\"a\")\n            Text(\"b\")\n        }\n        .onAppear {}\n    }\n}\n"
        try repository.folder.write("App/PairView.swift", several)
        try repository.folder.write("App/OtherPairView.swift", several.replacingOccurrences(of: "PairView", with: "OtherPairView"))
        try repository.git("add", ".")
        try repository.git("commit", "-q", "-m", "more")
        let body = try ToolProcess.run(["scan", "--format", "markdown"], in: repository.path).stdout
        let kinds = body.split(separator: "\n").filter { $0.hasPrefix("- **") }
        XCTAssertEqual(kinds.count, 2, body)
        XCTAssertTrue(kinds.contains { $0.hasPrefix("- **3** × `group-lifecycle/several-members` reported: ") && $0.contains(" To do: ") }, body)
        // Each site is still named in the details block.
        for file in ["App/PairView.swift:5", "App/OtherPairView.swift:5", "App/ShelfView.swift:22"] {
            XCTAssertTrue(body.contains("`\(file)`"), "\(file): \(body)")
        }
    }

    func testScanAndDiffSayWouldRewriteNotRewritten() throws {
        let repository = try goldenRepository()
        let scan = try ToolProcess.run(["scan", "--format", "markdown"], in: repository.path)
        XCTAssertTrue(scan.stdout.contains("| would rewrite | behavior-change |"), scan.stdout)
        XCTAssertTrue(scan.stdout.contains("would rewrite 4 lifecycle sites in 2 files"), scan.stdout)
        XCTAssertFalse(scan.stdout.contains("rewritten"), scan.stdout)
        let diff = try ToolProcess.run(["diff"], in: repository.path)
        XCTAssertTrue(diff.stderr.contains("App/ShelfView.swift   would rewrite 2  skipped 0"), diff.stderr)
        XCTAssertFalse(diff.stderr.contains("rewritten"), diff.stderr)
    }

    func testReadOnlyAndSymlinkedFilesAreNotWrittenAndSaySo() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("App/ContentView.swift", Samples.groupLifecycle)
        try folder.write("App/OtherView.swift", Samples.groupLifecycle.replacingOccurrences(of: "ContentView", with: "OtherView"))
        try folder.write("Shared/LinkedView.swift", Samples.groupLifecycle.replacingOccurrences(of: "ContentView", with: "LinkedView"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/App/LinkedView.swift", withDestinationPath: "../Shared/LinkedView.swift")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let result = try ToolProcess.run(["apply", "--in-place", "--summary", "summary.md", "App"], in: folder.path)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/ContentView.swift  not written 1  skipped 0"), result.stderr)
        XCTAssertTrue(result.stderr.contains("group-lifecycle  not written: read-only      behavior-change"), result.stderr)
        XCTAssertTrue(result.stderr.contains("group-lifecycle  not written: symbolic link  behavior-change"), result.stderr)
        XCTAssertTrue(result.stderr.contains("App/OtherView.swift    rewritten 1"), result.stderr)
        XCTAssertTrue(result.stderr.contains(": rewritten 1, not written 2, skipped 0"), result.stderr)
        let body = try folder.read("summary.md")
        XCTAssertTrue(body.contains("| `App/ContentView.swift` | 7 | `group-lifecycle` | not written: read-only |"), body)
        XCTAssertTrue(body.contains("| `App/LinkedView.swift` | 7 | `group-lifecycle` | not written: symbolic link |"), body)
        XCTAssertTrue(body.contains("rewrote 1 lifecycle site in 1 file; 2 rewrites could not be written"), body)
        XCTAssertEqual(try folder.read("App/ContentView.swift"), Samples.groupLifecycle)
        XCTAssertEqual(try folder.read("Shared/LinkedView.swift").contains("Group {"), true)
    }

    func testBatchPullRequestBodyIsTheSummaryWithItsBranch() throws {
        let folder = try BatchRepositories(only: ["findings"])
        let result = try ToolProcess.run(
            ["batch", "findings", "--mode", "apply", "--pr-body-dir", "bodies"], in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let body = try String(contentsOfFile: folder.path + "/bodies/findings.md", encoding: .utf8)
        XCTAssertTrue(body.hasPrefix("""
            ## SwiftUI lifecycle migration

            swiftui-migrate 0.1.0 rewrote 1 lifecycle site in 1 file, and left nothing for a person.

            | File | Line | Rule | Change | Safety | What changes at runtime |
            |---|---:|---|---|---|---|
            | `App/ContentView.swift` | 7 | `group-lifecycle` | rewritten | behavior-change |
            """), body)
        XCTAssertTrue(body.contains("\nBranch `swiftui-migrate/lifecycle` (commit `"), body)
        XCTAssertTrue(body.hasSuffix(") changes 1 file.\n"), body)
    }

    func testTheBodyRendersWithGitHubsMarkdownRenderer() throws {
        let repository = try goldenRepository()
        let result = try ToolProcess.run(["apply", "--commit", "--summary", "../summary.md"], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let body = try repository.folder.read("../summary.md")
        let rendered = try GitHubMarkdown.render(body)
        XCTAssertEqual(rendered.cellsPerRow, [6], "every table row keeps its cells: \(body)")
        XCTAssertTrue(rendered.html.contains("<details>") && rendered.html.contains("<summary>"), rendered.html)
        XCTAssertTrue(rendered.codeSpans.contains("pageID"), "\(rendered.codeSpans)")
        XCTAssertTrue(rendered.codeSpans.contains("App/PhaseView.swift:17"), "\(rendered.codeSpans)")
        try FileManager.default.removeItem(atPath: repository.path + "/../summary.md")
    }
}

/// Renders Markdown with cmark-gfm (GitHub's renderer, Python's `cmarkgfm`) run as a process; scripts/test installs it.
enum GitHubMarkdown {
    struct Rendered: Decodable {
        var html: String
        /// The distinct numbers of cells the table rows have.
        var cellsPerRow: [Int]
        /// The text of every code span, unescaped.
        var codeSpans: [String]
    }

    private static let script = """
        import html, json, re, sys
        try:
            import cmarkgfm
            from cmarkgfm.cmark import Options
        except ImportError:
            print("Python's cmarkgfm is missing: pip install cmarkgfm (scripts/test installs it)", file=sys.stderr)
            sys.exit(3)
        out = cmarkgfm.github_flavored_markdown_to_html(sys.stdin.read(), options=Options.CMARK_OPT_UNSAFE)
        rows = re.findall(r"<tr>(.*?)</tr>", out, re.S)
        cells = sorted({row.count("<td") + row.count("<th") for row in rows})
        spans = [html.unescape(code) for code in re.findall(r"<code>(.*?)</code>", out, re.S)]
        print(json.dumps({"html": out, "cellsPerRow": cells, "codeSpans": spans}))
        """

    struct RenderFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func render(_ markdown: String) throws -> Rendered {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(markdown.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RenderFailure(description: message) }
        return try JSONDecoder().decode(Rendered.self, from: data)
    }
}
