import Foundation
import SwiftUIMigrate
import XCTest

/// The formats behind `FindingsFormat`: a format that says it streams gives, file by file, the same text as for
/// the whole run at once (so `scan` may print each file as it is done); the others are one document.
final class FindingsFormatTests: XCTestCase {
    private let files: [FileMigration] = ["A.swift", "B.swift"].map { name in
        let source = """
            import SwiftUI

            struct V: View {
                var body: some View {
                    Group { Text("a"); Text("b") }.onAppear { print("x") }
                }
            }

            """
        return MigrationEngine(configuration: Configuration()).migrate(source: source, file: name).migration
    }

    func testAStreamingFormatGivesTheSameTextFileByFileAsAtOnce() {
        XCTAssertTrue(files.allSatisfy { !$0.findings.isEmpty })
        let context = ReportContext(toolVersion: "9.9.9", hunk: { finding, _ in "@@ \(finding.line) @@\n" })
        for name in ReportFormat.allCases {
            let format = name.format
            let whole = format.render(files, context)
            let pieces = files.map { format.render([$0], context) }.joined()
            XCTAssertEqual(whole == pieces, format.streams, "\(name): streams is \(format.streams)")
        }
        XCTAssertEqual(ReportFormat.allCases.filter { $0.format.streams }, [.xcode, .github])
    }

    func testJSONListsEveryFindingWithTheHunkTheContextMakes() throws {
        let text = JSONFormat().render(files, ReportContext(toolVersion: "0", hunk: { finding, file in "\(file.file):\(finding.line)" }))
        let records = try JSONDecoder().decode([FindingRecord].self, from: Data(text.utf8))
        XCTAssertEqual(records.count, files.flatMap(\.findings).count)
        XCTAssertEqual(records.map(\.hunk), files.flatMap { file in file.findings.map { "\(file.file):\($0.line)" } })
        XCTAssertEqual(ReportFormat.allCases.filter { $0.format.listsEveryFinding }, [.json])
        XCTAssertEqual(ReportFormat.allCases.filter { $0.format.namesFilesFromRoot }, [.sarif, .github, .markdown])
    }
}
