@testable import SwiftUIMigrate
import XCTest

/// GitHub Actions workflow commands: the command, the properties and GitHub's escaping rules.
final class GitHubFormatTests: XCTestCase {
    func testEscapingFollowsTheActionsToolkit() {
        XCTAssertEqual(GitHubFormat.escapeData("50% done\r\nnext: a, b"), "50%25 done%0D%0Anext: a, b")
        XCTAssertEqual(GitHubFormat.escapeProperty("50% done\nnext: a, b"), "50%25 done%0Anext%3A a%2C b")
    }

    func testWarningForActionNoticeOtherwiseWithCodePointColumns() {
        let original = Array("let café = 1; load()\n".utf8)
        let offset = Array("let café = 1; ".utf8).count
        let rewrite = Finding(
            ruleID: "r", file: "App/Main, v2.swift", line: 1, column: offset + 1, offset: offset,
            message: "use task", action: .rewrite, safety: .behaviorChange("cancelled on disappear"), reasonID: "r/test")
        XCTAssertEqual(
            GitHubFormat.line(for: rewrite, original: original),
            "::warning file=App/Main%2C v2.swift,line=1,col=15,title=swiftui-migrate%3A r::use task (behavior-change: cancelled on disappear)")
        let kept = Finding(
            ruleID: "r", file: "a.swift", line: 1, column: 1, offset: 0, message: "keep the flag", action: .keep,
            reason: "kept: no identity to key on\nsee docs", reasonID: "r/test")
        XCTAssertEqual(
            GitHubFormat.line(for: kept, original: original),
            "::notice file=a.swift,line=1,col=1,title=swiftui-migrate%3A r::keep the flag: kept: no identity to key on%0Asee docs")
    }

    func testRenderWritesOneLinePerFinding() {
        var migration = FileMigration(file: "a.swift", original: Array("x\ny\n".utf8), migrated: [], findings: [], hasSyntaxErrors: false)
        migration.findings = [
            Finding(ruleID: "r", file: "a.swift", line: 1, column: 1, offset: 0, message: "m", action: .report, reasonID: "r/test"),
            Finding(ruleID: "r", file: "a.swift", line: 2, column: 1, offset: 2, message: "n", action: .skip, reasonID: "r/test"),
        ]
        XCTAssertEqual(GitHubFormat().render([migration], ReportContext(toolVersion: "0")), """
            ::warning file=a.swift,line=1,col=1,title=swiftui-migrate%3A r::m
            ::notice file=a.swift,line=2,col=1,title=swiftui-migrate%3A r::n

            """)
    }

    func testCharacterColumnCountsScalarsNotBytes() {
        let bytes = Array("é\n🙂ab".utf8)
        XCTAssertEqual(CharacterColumn.column(of: 0, in: bytes), 1)
        XCTAssertEqual(CharacterColumn.column(of: 2, in: bytes), 2)
        XCTAssertEqual(CharacterColumn.column(of: 3 + 4 + 1, in: bytes), 3, "after 🙂 (4 bytes) and a")
    }
}
