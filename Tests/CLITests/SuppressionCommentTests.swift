import XCTest

/// `// swiftui-migrate:` comments: SwiftLint's spellings (`disable:next`, `disable:this`,
/// `disable:previous`, a ` - reason`) silence as ours do; a comment naming an unknown rule or directive
/// silences nothing for it and is a warning with the closest name.
final class SuppressionCommentTests: XCTestCase {
    private let view = """
        import SwiftUI

        struct V: View {
            var body: some View {
                VStack {
                    // swiftui-migrate:disable:next group-lifecycle - reviewed, runs once on purpose
                    Group { Text("a") }.onAppear { print(1) }
                    // swiftui-migrate:disable-next-line group-lifecyle
                    Group { Text("b") }.onAppear { print(2) }
                    // swiftui-migrate:disable-next group-lifecycle
                    Group { Text("c") }.onAppear { print(3) }
                    Group { Text("d") }.onAppear { print(4) } // swiftui-migrate:disable:this
                    Group { Text("e") }.onAppear { print(5) }
                    // swiftui-migrate:disable:previous all
                }
            }
        }

        """

    func testSwiftLintSpellingsSilenceAndUnknownNamesAreWarnings() throws {
        let folder = try TemporaryFolder()
        try folder.write("V.swift", view)
        for command in ["scan", "diff"] {
            let result = try ToolProcess.run([command, "V.swift"], in: folder.path)
            let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("V.swift:") }
            if command == "scan" {
                XCTAssertEqual(lines.map { $0.prefix { $0 != " " } }, ["V.swift:9:13:", "V.swift:11:13:"], result.stdout)
            }
            let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
            XCTAssertEqual(warnings, [
                "warning: V.swift:8: the swiftui-migrate comment names no rule 'group-lifecyle'; did you mean "
                    + "'group-lifecycle'? (it silences nothing for it)",
                "warning: V.swift:10: unknown swiftui-migrate directive 'disable-next'; did you mean 'disable:next'? "
                    + "(the comment silences nothing)",
            ], "\(command): \(result.stderr)")
        }
    }

    func testACommentIsCheckedInAFileNoRuleLooksAt() throws {
        let folder = try TemporaryFolder()
        try folder.write("Plain.swift", "// swiftui-migrate:disable-file onappear-tsk\nlet x = 1\n")
        try folder.write("Fine.swift", "// swiftui-migrate:disable-file onappear-task\nlet y = 2\n")
        let result = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(
            result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") },
            ["warning: Plain.swift:1: the swiftui-migrate comment names no rule 'onappear-tsk'; did you mean 'onappear-task'? "
                + "(it silences nothing for it)"])
    }
}
