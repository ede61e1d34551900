import Foundation
import XCTest

/// A write to stdout or stderr that fails — a full disk (`/dev/full`), a reader that went away
/// (`| head -1`) — ends the run with one `error:` line and exit 2, or quietly for a closed pipe;
/// never a crash, and never a file left half written.
final class OutputFailureTests: XCTestCase {
    /// How the process ended and what it wrote to the streams that still worked.
    struct Ending {
        var reason: Process.TerminationReason
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Where a stream of the process goes.
    enum Stream {
        /// A pipe this test reads.
        case captured
        /// `/dev/full`: every write fails with ENOSPC.
        case full
        /// A pipe whose reading end is closed before the process starts: every write fails with EPIPE.
        case closedPipe
    }

    private func run(
        _ arguments: [String], in directory: String, stdout: Stream = .captured, stderr: Stream = .captured
    ) throws -> Ending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ToolProcess.binary())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        /// The stream for the process, and the handle this test reads it from (captured streams only).
        func handle(_ stream: Stream) throws -> (Any, FileHandle?) {
            switch stream {
            case .captured:
                let pipe = Pipe()
                return (pipe, pipe.fileHandleForReading)
            case .full:
                guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
                return (full, nil)
            case .closedPipe:
                let pipe = Pipe()
                try pipe.fileHandleForReading.close()
                return (pipe, nil)
            }
        }
        let (out, outReader) = try handle(stdout)
        let (err, errReader) = try handle(stderr)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var outText = ""
        nonisolated(unsafe) var errText = ""
        DispatchQueue.global().async(group: group) {
            outText = outReader.map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        }
        DispatchQueue.global().async(group: group) {
            errText = errReader.map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        }
        group.wait()
        process.waitUntilExit()
        return Ending(reason: process.terminationReason, status: process.terminationStatus, stdout: outText, stderr: errText)
    }

    /// A folder of `count` files, each with a finding `scan` reports.
    private func folderWithFindings(_ count: Int) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for index in 0..<count {
            try folder.write("App/View\(index).swift", Samples.groupLifecycle.replacingOccurrences(of: "ContentView", with: "View\(index)"))
        }
        return folder
    }

    func testScanToAFullDiskIsOneErrorLineAndExitTwo() throws {
        let folder = try folderWithFindings(3)
        let ending = try run(["scan", "App"], in: folder.path, stdout: .full)
        XCTAssertEqual(ending.reason, .exit, "ended by signal \(ending.status): \(ending.stderr)")
        XCTAssertEqual(ending.status, 2, ending.stderr)
        let errors = ending.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        XCTAssertEqual(errors, ["error: cannot write to standard output: No space left on device"], ending.stderr)
        XCTAssertFalse(ending.stderr.contains("Fatal error"), ending.stderr)
    }

    func testEveryFormatAndCommandThatWritesStdoutFailsTheSameWay() throws {
        let folder = try folderWithFindings(1)
        for arguments in [
            ["scan", "--format", "json", "App"], ["scan", "--format", "sarif", "App"], ["scan", "--list-files", "App"],
            ["diff", "App"], ["rules"], ["explain", "group-lifecycle"], ["completion", "bash"], ["--help"], ["scan", "--help"],
        ] {
            let ending = try run(arguments, in: folder.path, stdout: .full)
            XCTAssertEqual(ending.reason, .exit, "\(arguments): ended by signal \(ending.status)")
            XCTAssertEqual(ending.status, 2, "\(arguments): \(ending.stderr)")
            XCTAssertTrue(ending.stderr.hasSuffix("error: cannot write to standard output: No space left on device\n"),
                          "\(arguments): \(ending.stderr)")
        }
    }

    func testAFullStandardErrorIsExitTwoNotACrash() throws {
        let folder = try folderWithFindings(1)
        try folder.write("App/Huge.swift", String(repeating: "// filler\n", count: 200))
        // The size warning goes to stderr, which takes nothing.
        let ending = try run(["scan", "--max-file-size", "100", "App"], in: folder.path, stderr: .full)
        XCTAssertEqual(ending.reason, .exit, "ended by signal \(ending.status)")
        XCTAssertEqual(ending.status, 2)
    }

    func testAPipeClosedEarlyEndsTheRunQuietly() throws {
        let folder = try folderWithFindings(40)
        let ending = try run(["scan", "App"], in: folder.path, stdout: .closedPipe)
        // As `git log | head -1` ends: by SIGPIPE's default action (the shell shows 141), with no message.
        XCTAssertEqual(ending.reason, .uncaughtSignal, "status \(ending.status): \(ending.stderr)")
        XCTAssertEqual(ending.status, SIGPIPE)
        XCTAssertFalse(ending.stderr.contains("error"), ending.stderr)
        XCTAssertFalse(ending.stderr.contains("Fatal"), ending.stderr)
    }

    func testPipeIntoHeadPrintsTheFirstLineAndEndsQuietly() throws {
        let folder = try folderWithFindings(200)
        let script = "\"$0\" scan App | head -1; echo \"status ${PIPESTATUS[0]}\" >&2"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, try ToolProcess.binary()]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(stdout.split(separator: "\n").count, 1, stdout)
        XCTAssertTrue(stdout.hasPrefix("App/View"), stdout)
        // 141: SIGPIPE ended it, or 1 when it finished before head closed the pipe; never a crash or an error line.
        XCTAssertTrue(stderr.hasSuffix("status 141\n") || stderr.hasSuffix("status 1\n"), stderr)
        XCTAssertFalse(stderr.contains("error:"), stderr)
    }

    func testApplyInPlaceWritesEveryFileWholeBeforeTheFailedOutputEndsIt() throws {
        let folder = try folderWithFindings(5)
        let ending = try run(["apply", "--in-place", "--format", "json", "App"], in: folder.path, stdout: .full)
        XCTAssertEqual(ending.reason, .exit)
        XCTAssertEqual(ending.status, 2, ending.stderr)
        XCTAssertTrue(ending.stderr.contains("error: cannot write to standard output: No space left on device"), ending.stderr)
        for index in 0..<5 {
            let text = try folder.read("App/View\(index).swift")
            XCTAssertTrue(text.contains("ZStack {"), "View\(index) was migrated whole: \(text)")
            XCTAssertFalse(text.contains("Group {"), text)
        }
        // No temporary file or journal is left (the lock file may stay: its flock went with the process).
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/App")
            .filter { !$0.hasSuffix(".swift") && $0 != ".swiftui-migrate.lock" }
        XCTAssertEqual(leftovers, [], "no temporary file or journal is left")
        let again = try ToolProcess.run(["apply", "--in-place", "App"], in: folder.path)
        XCTAssertEqual(again.status, 0, "the next run starts as usual: \(again.stderr)")
    }
}
