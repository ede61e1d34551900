import Dispatch
import Foundation
@testable import SwiftUIMigrate
@testable import SwiftUIMigrateCLI
import XCTest

/// A file whose budget is spent inside its parse, in a run of one worker: the run hands it over as
/// timed out when the budget is spent, and another worker migrates the files after it
/// (`DeadlineWatch`); the servers' runs wait for the parse and hand over the same outcome.
final class OverdueParseTests: XCTestCase {
    private func file(_ name: String, _ text: String) -> SourceFile {
        var file = SourceFile(displayPath: name, absolutePath: "/nonexistent/" + name)
        file.buffer = Array(text.utf8)
        return file
    }

    /// The outcomes of a one-worker run over `files` and its wall time in seconds.
    private func run(_ files: [SourceFile], engine: MigrationEngine, waitsForOverdueFiles: Bool) -> ([FileOutcome], Double) {
        var outcomes: [FileOutcome] = []
        let start = DispatchTime.now().uptimeNanoseconds
        MigrationRun.stream(
            files, engine: engine, workerCount: 1, load: MigrationRun.reader(for: engine), waitsForOverdueFiles: waitsForOverdueFiles
        ) { outcomes.append($0) }
        return (outcomes, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    func testAFileOverdueInItsParseIsHandedOverAndAnotherWorkerTakesTheRest() {
        var configuration = Configuration()
        configuration.fileTimeout = .milliseconds(50)
        let engine = MigrationEngine(configuration: configuration)
        let files = [
            file("Large.swift", FileTimeoutTests.largeFile(bytes: 300_000)),
            file("A.swift", Samples.groupLifecycle), file("B.swift", Samples.groupLifecycle),
        ]
        let (waited, waitedSeconds) = run(files, engine: engine, waitsForOverdueFiles: true)
        let (handedOver, seconds) = run(files, engine: engine, waitsForOverdueFiles: false)

        for outcomes in [waited, handedOver] {
            XCTAssertEqual(outcomes.map(\.file.displayPath), ["Large.swift", "A.swift", "B.swift"])
            XCTAssertNil(outcomes[0].migration)
            XCTAssertEqual(outcomes[0].skipReason, "took longer than the 50ms limit per file (fileTimeout, --file-timeout)")
            XCTAssertEqual(outcomes[1...].map { $0.migration?.changed }, [true, true], "the files after it are migrated")
        }
        XCTAssertLessThan(seconds, waitedSeconds / 2, "the run did not wait for the parse (\(waitedSeconds) s when it does)")
    }
}
