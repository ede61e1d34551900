import Foundation
import SwiftUIMigrate
import XCTest

/// The baseline file: what it records, how it reads back, and how paths are kept.
final class BaselineTests: XCTestCase {
    private func finding(_ rule: String, _ file: String, _ fingerprint: String) -> Finding {
        var finding = Finding(ruleID: rule, file: file, line: 3, column: 5, message: "do it", action: .rewrite, reasonID: "\(rule)/test")
        finding.fingerprint = fingerprint
        return finding
    }

    func testAddingRecordsFileAndFingerprintSortedWithoutDuplicates() {
        let findings = [finding("b-rule", "Z.swift", "00ff"), finding("a-rule", "A.swift", "11aa"), finding("a-rule", "A.swift", "11aa")]
        let baseline = Baseline().adding(findings) { "Sources/" + $0.file }
        XCTAssertEqual(baseline.findings.map(\.file), ["Sources/A.swift", "Sources/Z.swift"])
        XCTAssertTrue(baseline.contains(file: "Sources/A.swift", fingerprint: "11aa"))
        XCTAssertFalse(baseline.contains(file: "A.swift", fingerprint: "11aa"), "the path is part of the key")
        XCTAssertFalse(baseline.contains(file: "Sources/A.swift", fingerprint: "00ff"))
        let more = baseline.adding([finding("c-rule", "C.swift", "22bb")]) { $0.file }
        XCTAssertEqual(more.findings.count, 3, "adding keeps what was there")
    }

    func testEncodedFileReadsBackAndHasNoLineNumbers() throws {
        let baseline = Baseline().adding([finding("group-lifecycle", "App/View.swift", "4b1f0c9e2d7a8e31")]) { $0.file }
        let text = String(decoding: baseline.encoded(), as: UTF8.self)
        XCTAssertEqual(text, """
            {
              "findings" : [
                {
                  "file" : "App/View.swift",
                  "fingerprint" : "4b1f0c9e2d7a8e31",
                  "message" : "do it",
                  "rule" : "group-lifecycle"
                }
              ],
              "tool" : "swiftui-migrate",
              "version" : 1
            }

            """)
        XCTAssertEqual(try Baseline(json: Data(text.utf8), source: "b.json"), baseline)
    }

    func testSaveAndLoad() throws {
        let path = NSTemporaryDirectory() + "baseline-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let baseline = Baseline().adding([finding("r", "f.swift", "aa")]) { $0.file }
        try Data(baseline.encoded()).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Baseline.load(path: path), baseline)
    }

    func testUnreadableOrForeignFilesAreOneLineErrors() {
        XCTAssertThrowsError(try Baseline(json: Data("[]".utf8), source: "b.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("b.json: not a swiftui-migrate baseline"), "\(error)")
        }
        XCTAssertThrowsError(try Baseline(json: Data(#"{"version": 2, "findings": []}"#.utf8), source: "b.json")) { error in
            XCTAssertEqual("\(error)", "b.json: baseline version 2 is not supported (expected 1)")
        }
        XCTAssertThrowsError(try Baseline.load(path: "/no/such/baseline.json")) { error in
            XCTAssertEqual("\(error)", "/no/such/baseline.json: cannot read the baseline file")
        }
    }

    func testRelativePaths() {
        XCTAssertEqual(Baseline.relativePath(of: "/repo/Sources/A.swift", from: "/repo"), "Sources/A.swift")
        XCTAssertEqual(Baseline.relativePath(of: "/repo/A.swift", from: "/repo/ci"), "../A.swift")
        XCTAssertEqual(Baseline.relativePath(of: "/other/A.swift", from: "/repo/ci"), "../../other/A.swift")
        XCTAssertEqual(Baseline.relativePath(of: "/A.swift", from: "/"), "A.swift")
    }
}
