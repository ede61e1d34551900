import SwiftUIMigrate
import XCTest

@testable import SwiftUIMigrateCLI

/// The diagnostics the language server publishes after a change, where it copies those of the
/// findings it published before, are byte for byte what writing every diagnostic afresh gives.
final class PublishedDiagnosticsTests: XCTestCase {
    private static let view = """

        struct ShelfView{n}: View {
            @State private var isLoading = true
            @State private var hasLoaded = false

            var body: some View {
                VStack {
                    Group {
                        if isLoading { ProgressView() } else { Text("shelf {n} 📚") }
                    }
                    .onAppear {
                        guard !hasLoaded else { return }
                        hasLoaded = true
                        Task { isLoading = await load() }
                    }
                    Text("more")
                        .onAppear {
                            Task { isLoading = await load() }
                        }
                }
            }

            func load() async -> Bool { false }
        }

        """

    private let source = "import SwiftUI\n" + (1...4).map { view.replacingOccurrences(of: "{n}", with: "\($0)") }.joined()

    /// The JSON of a `publishDiagnostics` notification's diagnostics.
    private func written(_ diagnostics: [JSONValue]) -> String {
        String(decoding: JSONObjectWriter.data(["diagnostics": .array(diagnostics)]), as: UTF8.self)
    }

    private func editor(_ text: String, _ encoding: PositionEncoding) -> EditorFindings {
        EditorFindings(uri: "file:///tmp/ShelfView.swift", lines: DocumentLines(Array(text.utf8)), encoding: encoding)
    }

    func testAfterEachEditTheCopiedDiagnosticsEqualThoseWrittenAfresh() throws {
        var engine = MigrationEngine(configuration: Configuration())
        engine.memory = CheckMemory()
        let edits = [
            source.replacingOccurrences(of: "Text(\"more\")", with: "Text(\"more\") // typed"),
            source.replacingOccurrences(of: "\nstruct ShelfView3", with: "\n// a line\nstruct ShelfView3"),
            source.replacingOccurrences(of: "shelf 1 📚", with: "shelf 1 📖📖"),
            source,
        ]
        for encoding in [PositionEncoding.utf16, .utf8] {
            let published = PublishedDiagnostics()
            var (copied, sent) = (0, 0)
            for (number, text) in ([source] + edits).enumerated() {
                let findings = engine.migrate(bytes: Array(text.utf8), file: "ShelfView.swift").findings
                XCTAssertGreaterThan(findings.count, 8, "every view has findings")
                let diagnostics = published.diagnostics(findings, editor(text, encoding))
                if number > 0 { (copied, sent) = (copied + published.reused, sent + diagnostics.count) }
                XCTAssertEqual(written(diagnostics), written(PublishedDiagnostics().diagnostics(findings, editor(text, encoding))), text)
                let fresh = editor(text, encoding)
                XCTAssertEqual(written(diagnostics), written(findings.compactMap { fresh.diagnostic($0, at: fresh.place(of: $0)) }), text)
            }
            XCTAssertGreaterThan(copied, sent / 2, "the diagnostics of the views an edit did not touch are copied")
            XCTAssertLessThan(copied, sent, "those of the view it touched are written again")
        }
    }

    /// The same finding where the text before it on its line is as many UTF-8 bytes but fewer
    /// UTF-16 units: its diagnostic is written again, at the new character.
    func testAFindingWhoseCharacterMovedInUTF16IsWrittenAgain() throws {
        let finding = Finding(ruleID: "group-lifecycle", file: "A.swift", line: 1, column: 4, offset: 3, message: "move it", action: .report, reasonID: "group-lifecycle/report")
        let published = PublishedDiagnostics()
        let before = written(published.diagnostics([finding], editor("ab Group", .utf16)))
        let after = written(published.diagnostics([finding], editor("é Group", .utf16)))
        XCTAssertEqual(published.reused, 0)
        XCTAssertTrue(before.contains(#""character":3"#), before)
        XCTAssertTrue(after.contains(#""character":2"#), after)
        XCTAssertEqual(written(published.diagnostics([finding], editor("é Group", .utf16))), after)
        XCTAssertEqual(published.reused, 1)
    }
}

