import Foundation
import XCTest

/// `scan --exit-zero`, what a build phase runs (the build-tool plugin, the Xcode Run Script): findings
/// that ask for action exit 0, so the build goes on, except in files whose configuration sets
/// `"failBuild": true` (exit 1, and one error line says why); errors still exit 2.
final class ExitZeroTests: XCTestCase {
    private func failLine(_ files: Int) -> String {
        "error: \(files) file\(files == 1 ? "" : "s") with findings that ask for action, and their configuration sets \"failBuild\": true\n"
    }

    func testFindingsExitZeroWithTheSameOutput() throws {
        let golden = try FormatTests.goldenCopy()
        let plain = try ToolProcess.run(["scan", "--quiet", "App"], in: golden.path)
        XCTAssertEqual(plain.status, 1, plain.stderr)
        let warned = try ToolProcess.run(["scan", "--quiet", "--exit-zero", "App"], in: golden.path)
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertEqual(warned.stdout, plain.stdout, "the same findings: only the exit status differs")
        XCTAssertEqual(warned.stderr, "")
    }

    func testFailBuildMakesTheFindingsOfItsFilesExitOne() throws {
        let golden = try FormatTests.goldenCopy()
        _ = try golden.write(".swiftui-migrate.json", #"{"failBuild": true}"#)
        let failing = try ToolProcess.run(["scan", "--quiet", "--exit-zero", "App"], in: golden.path)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        XCTAssertEqual(failing.stdout.components(separatedBy: ": warning: ").count - 1, 5, failing.stdout)
        XCTAssertEqual(failing.stderr, failLine(2), "ReaderView and ShelfView hold findings")
        let one = try ToolProcess.run(["scan", "--quiet", "--exit-zero", "App/ReaderView.swift"], in: golden.path)
        XCTAssertEqual(one.status, 1, one.stderr)
        XCTAssertEqual(one.stderr, failLine(1))
        // A file with nothing to migrate passes under the same configuration.
        let clean = try ToolProcess.run(["scan", "--quiet", "--exit-zero", "App/ShelfLibrary.swift"], in: golden.path)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stdout + clean.stderr, "")
        // Without --exit-zero the exit status is scan's usual 1, and no line about failBuild.
        let usual = try ToolProcess.run(["scan", "--quiet", "App"], in: golden.path)
        XCTAssertEqual(usual.status, 1)
        XCTAssertEqual(usual.stderr, "")
        // --write-baseline records every finding and hides them: nothing is left to fail on.
        let recorded = try ToolProcess.run(["scan", "--exit-zero", "--write-baseline", "baseline.json", "App"], in: golden.path)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertFalse(recorded.stderr.contains("failBuild"), recorded.stderr)
        // The baseline hides them from later runs too.
        let hidden = try ToolProcess.run(["scan", "--quiet", "--exit-zero", "--baseline", "baseline.json", "App"], in: golden.path)
        XCTAssertEqual(hidden.status, 0, hidden.stderr)
        XCTAssertEqual(hidden.stdout + hidden.stderr, "")
    }

    func testANearerConfigurationDecidesForItsFiles() throws {
        let golden = try FormatTests.goldenCopy()
        _ = try golden.write(".swiftui-migrate.json", #"{"failBuild": true}"#)
        _ = try golden.write("App/.swiftui-migrate.json", #"{"failBuild": false}"#)
        let nearer = try ToolProcess.run(["scan", "--quiet", "--exit-zero", "App"], in: golden.path)
        XCTAssertEqual(nearer.status, 0, nearer.stderr)
        XCTAssertEqual(nearer.stderr, "")
        let printed = try ToolProcess.run(["scan", "--print-config", "App/ReaderView.swift"], in: golden.path)
        XCTAssertTrue(printed.stdout.contains("\"failBuild\": false"), printed.stdout)
    }

    func testFailBuildMustBeABoolean() throws {
        let golden = try FormatTests.goldenCopy()
        _ = try golden.write(".swiftui-migrate.json", #"{"failBuild": "yes"}"#)
        let bad = try ToolProcess.run(["scan", "--exit-zero", "App"], in: golden.path)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "error: \(golden.path)/.swiftui-migrate.json: 'failBuild' must be true or false\n")
    }
}
