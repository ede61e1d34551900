import Foundation
import XCTest

/// Every JSON finding carries its range — start and end, each as line, UTF-8 column and UTF-8
/// offset — that names the node the finding is about, and the records validate against
/// `fixtures/schemas/findings.schema.json`.
final class FindingRangeTests: XCTestCase {
    /// Every rule, opt-in ones included.
    static let allRules = "group-lifecycle,guard-flag-load,onappear-task,appear-change-load,group-modifiers,group-redundant"

    func testEveryFixtureFindingHasARangeThatMatchesItsFile() throws {
        let root = RepositoryFiles.root.path
        // The before/after pairs of each rule are in the folder named by its id.
        let folders = Self.allRules.split(separator: ",").map { "fixtures/\($0)" }
        let result = try ToolProcess.run(["scan", "--format", "json", "--rules", Self.allRules] + folders, in: root)
        XCTAssertEqual(result.status, 1, result.stderr)
        try SchemaValidator.check(result.stdout, .findings)
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertGreaterThan(records.count, 100)
        var files: [String: [UInt8]] = [:]
        for record in records {
            let path = try XCTUnwrap(record["file"] as? String)
            let bytes = try files[path] ?? Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
            files[path] = bytes
            let start = try XCTUnwrap(record["start"] as? [String: Int])
            let end = try XCTUnwrap(record["end"] as? [String: Int])
            XCTAssertEqual(start["line"], record["line"] as? Int, path)
            XCTAssertEqual(start["column"], record["column"] as? Int, path)
            for point in [start, end] {
                let (line, column) = Self.location(of: point["offset"]!, in: bytes)
                XCTAssertEqual([point["line"]!, point["column"]!], [line, column], "\(path): \(point)")
            }
            let range = start["offset"]!..<end["offset"]!
            XCTAssertFalse(range.isEmpty, "\(path):\(start["line"]!): an empty range")
            let text = String(decoding: bytes[range], as: UTF8.self)
            if start["column"] == 1 {
                // Found in a later pass inside rewritten text: the range is that text's original range.
                XCTAssertFalse(text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(path): '\(text)'")
            } else {
                // The name the finding is about (Group, onAppear, task …), without trivia.
                XCTAssertTrue(text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }, "\(path): '\(text)'")
            }
        }
    }

    func testTheSchemaRejectsARecordWithoutItsRange() throws {
        let record = #"[{"file": "a.swift", "line": 1, "column": 1, "start": {"line": 1, "column": 1, "offset": 0}, "rule": "group-lifecycle", "message": "m", "action": "report", "edits": [], "fingerprint": "f"}]"#
        XCTAssertThrowsError(try SchemaValidator.check(record, .findings)) { error in
            XCTAssertTrue("\(error)".contains("'end' is a required property"), "\(error)")
        }
    }

    /// 1-based line and UTF-8 column of `offset`.
    static func location(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        let before = bytes[..<offset]
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (line, offset - lineStart + 1)
    }
}
