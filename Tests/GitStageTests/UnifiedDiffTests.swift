import XCTest

@testable import GitStage

final class UnifiedDiffTests: XCTestCase {
    func testEqualBuffersGiveNoPatch() throws {
        XCTAssertEqual(try UnifiedDiff.patch(old: Array("a\n".utf8), new: Array("a\n".utf8), path: "A.swift"), "")
    }

    func testKnownPatchWithRealBlobIDs() throws {
        let old = "one\ntwo\nthree\n"
        let new = "one\n2\nthree\n"
        let patch = try UnifiedDiff.patch(old: Array(old.utf8), new: Array(new.utf8), path: "Sources/App/A.swift")
        XCTAssertEqual(patch, """
            diff --git a/Sources/App/A.swift b/Sources/App/A.swift
            index 4cb29ea..f04eb26 100644
            --- a/Sources/App/A.swift
            +++ b/Sources/App/A.swift
            @@ -1,3 +1,3 @@
             one
            -two
            +2
             three

            """)
    }

    func testMissingFinalNewlineIsMarked() throws {
        let patch = try UnifiedDiff.patch(old: Array("one\ntwo".utf8), new: Array("one\nTWO".utf8), path: "A.swift")
        XCTAssertTrue(patch.hasSuffix("""
            @@ -1,2 +1,2 @@
             one
            -two
            \\ No newline at end of file
            +TWO
            \\ No newline at end of file

            """), patch)
    }

    func testContextLines() throws {
        let old = (1...20).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 10\n", with: "line ten\n")
        let patch = try UnifiedDiff.patch(old: Array(old.utf8), new: Array(new.utf8), path: "A.swift", contextLines: 1)
        XCTAssertTrue(patch.hasSuffix("@@ -9,3 +9,3 @@ line 8\n line 9\n-line 10\n+line ten\n line 11\n"), patch)
    }

    /// The patch must be what `git diff` shows for the same change — CRLF bytes and missing newlines included.
    func testMatchesGitDiff() throws {
        let cases: [(String, [UInt8], [UInt8])] = [
            ("crlf.swift", Array("a\r\nb\r\nc\r\n".utf8), Array("a\r\nB\r\nc\r\n".utf8)),
            ("no-newline.swift", Array("x\ny\nz".utf8), Array("x\nY\nz".utf8)),
            ("gain-newline.swift", Array("x\ny".utf8), Array("x\ny\n".utf8)),
            ("Deep/Path/lines.swift", Array((1...30).map { "l\($0)\n" }.joined().utf8),
             Array((1...30).map { $0 == 3 || $0 == 25 ? "changed \($0)\n" : "l\($0)\n" }.joined().utf8)),
        ]
        let scratch = try Scratch()
        try git(["init", "-q"], in: scratch.path)
        for (path, old, _) in cases { try scratch.write(path, old) }
        try git(["add", "."], in: scratch.path)
        try git(["commit", "-q", "-m", "base"], in: scratch.path)
        for (path, old, new) in cases {
            try scratch.write(path, new)
            let expected = try git(["diff", "--no-color", "--", path], in: scratch.path)
            XCTAssertEqual(try UnifiedDiff.patch(old: old, new: new, path: path), expected, path)
        }
    }
}
