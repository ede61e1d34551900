import Dispatch
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

    /// At least `bytes` bytes of declarations with nothing to find, then one Group lifecycle site: a
    /// file whose cost is its parse, which the engine cannot stop midway.
    static func largeFile(bytes: Int) -> String {
        var text = "import SwiftUI\n\n"
        var index = 0
        while text.utf8.count < bytes {
            text += "struct Plain\(index) {\n    var value\(index): Int = \(index)\n"
                + "    func total(_ other: Int) -> Int { value\(index) + other * \(index) }\n}\n\n"
            index += 1
        }
        return text + Samples.groupLifecycle
    }

    /// The wall time `body` takes, in seconds, with its result.
    private func timed<Result>(_ body: () throws -> Result) rethrows -> (Result, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    func testTheBudgetBoundsTheParseOfAMultiMegabyteFile() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit([
            "Large.swift": Self.largeFile(bytes: 2_000_000),
            "Quarter/Large.swift": Self.largeFile(bytes: 500_000),
        ])
        // The parse is linear in the text: the untimed run of the 2 MB file takes four times that of
        // the quarter (estimated so, since it takes seconds to run).
        let (quarter, quarterSeconds) = try timed {
            try ToolProcess.run(["scan", "--file-timeout", "none", "Quarter/Large.swift"], in: repository.path)
        }
        XCTAssertEqual(quarter.status, 1, "the site at its end is found: " + quarter.stderr)
        let untimedSeconds = 4 * quarterSeconds
        // 500 ms, or less where the parse is fast (a source build of SwiftSyntax): an eighth of the untimed run.
        let budget = max(1, min(500, Int(untimedSeconds * 1000 / 8)))
        let warning = "warning: skipped Large.swift: took longer than the \(budget)ms limit per file (fileTimeout, --file-timeout)\n"
        for command in [["scan"], ["diff"], ["apply", "--in-place"]] {
            let (result, seconds) = try timed {
                try ToolProcess.run(command + ["--file-timeout", "\(budget)ms", "Large.swift"], in: repository.path)
            }
            XCTAssertEqual(result.status, 0, "\(command): its only file was skipped: " + result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix(warning), "\(command): " + result.stderr)
            XCTAssertEqual(result.stdout, "", "\(command)")
            XCTAssertLessThan(seconds, untimedSeconds / 2, "\(command) waited for the parse (\(untimedSeconds) s untimed)")
        }
        XCTAssertEqual(try repository.git("status", "--porcelain"), "", "apply --in-place left the file as it was")
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
