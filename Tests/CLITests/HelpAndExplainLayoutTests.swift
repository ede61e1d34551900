import XCTest

/// What `--help` and `explain` look like on a terminal: the overview's columns line up, each
/// command's help has one usage line, and `explain` wraps its paragraphs to the width (COLUMNS,
/// else 80 when standard output is not a terminal) without losing a word or touching code.
final class HelpAndExplainLayoutTests: XCTestCase {
    func testTheOverviewAlignsEveryCommandsAbstract() throws {
        let overview = try ToolProcess.run(["--help"])
        let lines = overview.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(lines.firstIndex(of: "COMMANDS:")) + 1
        let rows = lines[start...].prefix { !$0.isEmpty }
        XCTAssertTrue(rows.contains { $0.hasPrefix("  completion ") }, "\(rows)")
        let columns = Set(rows.map { row in
            let name = row.dropFirst(2).prefix { $0 != " " }
            return 2 + name.count + row.dropFirst(2 + name.count).prefix { $0 == " " }.count
        })
        XCTAssertEqual(columns.count, 1, "abstracts start in one column:\n\(rows.joined(separator: "\n"))")
        let longest = rows.map { $0.dropFirst(2).prefix { $0 != " " }.count }.max() ?? 0
        XCTAssertEqual(columns.first, 2 + longest + 2, "two spaces after the longest name")
    }

    func testEveryCommandsHelpHasOneUsageLine() throws {
        for command in ["scan", "diff", "apply", "batch", "report", "rules", "explain", "init", "completion", "lsp", "mcp"] {
            let help = try ToolProcess.run([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            let usages = help.stdout.split(separator: "\n").filter { $0.contains("USAGE:") }
            XCTAssertEqual(usages.count, 1, "\(command):\n\(help.stdout)")
        }
        let report = try ToolProcess.run(["report", "--help"])
        XCTAssertTrue(
            report.stdout.contains("USAGE: swiftui-migrate report merge <report.json> ... [--report <file>] [--summary <file>]\n"),
            report.stdout)
    }

    /// The lines of `text` that are prose (outside code fences, not indented code).
    private func proseLines(_ text: String) -> [Substring] {
        var inFence = false
        return text.split(separator: "\n").filter { line in
            if line.hasPrefix("```") {
                inFence.toggle()
                return false
            }
            return !inFence && !line.hasPrefix("    ")
        }
    }

    func testExplainWrapsParagraphsToTheWidthAndKeepsEveryWord() throws {
        let wide = try ToolProcess.run(["explain", "group-lifecycle"], environment: ["COLUMNS": "100000"])
        XCTAssertEqual(wide.status, 0)
        XCTAssertTrue(proseLines(wide.stdout).contains { $0.count > 300 }, "unwrapped, a paragraph is one long line")
        for (environment, width) in [(["COLUMNS": "60"], 60), (["COLUMNS": ""], 80)] {
            let result = try ToolProcess.run(["explain", "group-lifecycle"], environment: environment)
            XCTAssertEqual(result.status, 0)
            let long = proseLines(result.stdout).filter { $0.count > width }
            XCTAssertEqual(long, [], "\(environment): prose wider than \(width)")
            XCTAssertEqual(
                result.stdout.split(whereSeparator: \.isWhitespace), wide.stdout.split(whereSeparator: \.isWhitespace),
                "\(environment): the same words in the same order")
            let code = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("    ") } }
            XCTAssertEqual(code(result.stdout), code(wide.stdout), "\(environment): examples keep their lines")
        }
    }
}
