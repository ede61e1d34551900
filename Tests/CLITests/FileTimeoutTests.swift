import Foundation
import XCTest

/// The per-file time budget (`--file-timeout`, `fileTimeout`): a file whose migration takes longer
/// is skipped with a warning naming it, left as it was, and the run goes on with the other files.
final class FileTimeoutTests: XCTestCase {
    /// `views` views in one file, each with a Group lifecycle site and a Task started in onAppear.
    private func denseFile(views: Int) -> String {
        "import SwiftUI\n\n" + (0..<views).map { index in
            """
            struct Dense\(index): View {
                @State private var isLoading = true
                @State private var items: [String] = []

                var body: some View {
                    VStack {
                        Group {
                            if isLoading {
                                ProgressView()
                            } else {
                                Text("\(index)")
                            }
                        }
                        .onAppear {
                            print("shown \(index)")
                        }
                        Text("\\(items.count)")
                            .onAppear {
                                Task { items = await Store.shared.items(\(index)) }
                            }
                    }
                }
            }

            """
        }.joined()
    }

    func testAFileOverItsBudgetIsSkippedWithAWarningAndTheRunGoesOn() throws {
        let repository = try GitRepositoryFolder()
        let dense = denseFile(views: 200)
        try repository.commit([
            "App/Dense/Dense.swift": dense,
            // The nearest configuration sets the budget of the files below it.
            "App/Dense/.swiftui-migrate.json": "{\"fileTimeout\": \"1ms\"}\n",
            "App/Small.swift": Samples.groupLifecycle,
        ])
        let warning = "warning: skipped App/Dense/Dense.swift: took longer than the 1ms limit per file (fileTimeout, --file-timeout)\n"

        let scan = try ToolProcess.run(["scan", "App"], in: repository.path)
        XCTAssertEqual(scan.status, 1, "the small file still has its finding: " + scan.stderr)
        XCTAssertTrue(scan.stderr.contains(warning), scan.stderr)
        XCTAssertTrue(scan.stdout.contains("App/Small.swift:"), scan.stdout)
        XCTAssertFalse(scan.stdout.contains("Dense.swift"), scan.stdout)

        let apply = try ToolProcess.run(["apply", "--in-place", "App"], in: repository.path)
        XCTAssertEqual(apply.status, 0, apply.stderr)
        XCTAssertTrue(apply.stderr.contains(warning), apply.stderr)
        XCTAssertEqual(try repository.git("status", "--porcelain"), " M App/Small.swift\n", "the dense file is left as it was")
        XCTAssertEqual(try String(contentsOfFile: repository.path + "/App/Dense/Dense.swift", encoding: .utf8), dense)

        // The flag overrides the configuration: without a limit the dense file is migrated.
        let unlimited = try ToolProcess.run(["scan", "--file-timeout", "none", "App/Dense"], in: repository.path)
        XCTAssertEqual(unlimited.status, 1, unlimited.stderr)
        XCTAssertFalse(unlimited.stderr.contains("skipped"), unlimited.stderr)
        XCTAssertEqual(unlimited.stdout.components(separatedBy: "App/Dense/Dense.swift:").count - 1, 400, "two sites per view")
        let zero = try ToolProcess.run(["scan", "--file-timeout", "0", "--format", "json", "App/Dense"], in: repository.path)
        XCTAssertEqual(zero.status, 1, zero.stderr)
        XCTAssertFalse(zero.stderr.contains("skipped"), zero.stderr)
    }

    func testTheFlagSetsTheBudgetAndRejectsWhatIsNotADuration() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit(["Dense.swift": denseFile(views: 200)])
        let scan = try ToolProcess.run(["scan", "--file-timeout", "1ms", "Dense.swift"], in: repository.path)
        XCTAssertEqual(scan.status, 0, "its only file was skipped: " + scan.stderr)
        XCTAssertEqual(scan.stdout, "")
        XCTAssertTrue(scan.stderr.contains("warning: skipped Dense.swift: took longer than the 1ms limit per file"), scan.stderr)

        for bad in ["soon", "-1s", "10 s"] {
            let result = try ToolProcess.run(["scan", "--file-timeout", bad, "Dense.swift"], in: repository.path)
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertEqual(
                result.stderr,
                "error: --file-timeout takes a duration such as 10s or 500ms, or 0 or none for no limit; not '\(bad)'\n", bad)
        }
        let defaultBudget = try ToolProcess.run(["scan", "Dense.swift"], in: repository.path)
        XCTAssertEqual(defaultBudget.status, 1, "the default budget (10s) is far above what the file takes: " + defaultBudget.stderr)
    }
}
