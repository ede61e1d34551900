import Foundation
import XCTest

/// SIGINT and SIGTERM at random points of a large `apply` leave either the complete result or the
/// original state: never a half-written file, a stray temporary file or a held `index.lock`.
final class InterruptionTests: XCTestCase {
    /// Files in the repository (SWIFTUI_MIGRATE_INTERRUPTION_FILES overrides; 500 is a thorough run).
    private let fileCount = Int(ProcessInfo.processInfo.environment["SWIFTUI_MIGRATE_INTERRUPTION_FILES"] ?? "") ?? 200
    private let killPoints = 20
    private let branch = "refs/heads/swiftui-migrate/lifecycle"

    private func fileName(_ index: Int) -> String { "App/Screen\(index).swift" }

    private func source(_ index: Int) -> String {
        Samples.groupLifecycle.replacingOccurrences(of: "ContentView", with: "Screen\(index)View")
    }

    func testSignalsAtRandomPointsOfALargeApplyLeaveAllOrNothing() throws {
        let template = try GitRepositoryFolder()
        var files: [String: String] = [:]
        for index in 0..<fileCount { files[fileName(index)] = source(index) }
        try template.commit(files)

        // A run to completion: the migrated bytes, and how long a run takes (to spread the kills over).
        let reference = try template.copy()
        let started = Date()
        let full = try ToolProcess.run(["apply"], in: reference.path)
        let duration = Date().timeIntervalSince(started)
        XCTAssertEqual(full.status, 0, full.stderr)
        var migrated: [String: [UInt8]] = [:]
        for index in 0..<fileCount { migrated[fileName(index)] = try reference.bytes(fileName(index)) }
        XCTAssertNotEqual(migrated[fileName(0)], Array(source(0).utf8))

        var generator = SplitMix(seed: 7)
        var tally: [String: Int] = [:]
        for point in 0..<killPoints {
            let repository = try template.copy()
            let committing = point % 2 == 1
            let signal = point % 3 == 0 ? SIGINT : SIGTERM
            let delay = duration * 1.05 * (Double(point) + generator.unit()) / Double(killPoints)
            let process = try ChildProcess.start(
                try ToolProcess.binary(), ["apply"] + (committing ? ["--commit"] : []), in: repository.path)
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let ended = process.terminationReason == .uncaughtSignal ? "killed" : "exited \(process.terminationStatus)"
            let state = try verify(repository, committing: committing, migrated: migrated, context: "kill point \(point) (\(ended), \(String(format: "%.2f", delay)) s)")
            tally["\(state), \(ended)", default: 0] += 1
        }
        print("interruption: \(killPoints) kill points over a \(fileCount)-file apply (\(String(format: "%.1f", duration)) s): "
            + tally.keys.sorted().map { "\($0) ×\(tally[$0]!)" }.joined(separator: "; "))
    }

    /// Checks the repository is whole and either untouched or completely migrated; says which.
    private func verify(
        _ repository: TemporaryFolder, committing: Bool, migrated: [String: [UInt8]], context: String
    ) throws -> String {
        let git = { (arguments: [String]) throws -> ChildProcess.Result in
            try ChildProcess.run("/usr/bin/env", ["git"] + arguments, in: repository.path)
        }
        try RepositoryWholeness.assertWhole(repository.path, context)

        let head = try git(["symbolic-ref", "HEAD"]).stdout
        let branchExists = try git(["rev-parse", "--verify", "-q", branch]).status == 0
        if !branchExists {
            XCTAssertEqual(head, "refs/heads/main\n", "HEAD moved without a branch: \(context)")
            XCTAssertEqual(try git(["status", "--porcelain"]).stdout, "", "changes without a branch: \(context)")
            for index in 0..<fileCount {
                XCTAssertEqual(try repository.bytes(fileName(index)), Array(source(index).utf8), "\(fileName(index)): \(context)")
            }
            return "original"
        }
        XCTAssertEqual(head, branch + "\n", context)
        for index in 0..<fileCount {
            XCTAssertEqual(try repository.bytes(fileName(index)), migrated[fileName(index)], "\(fileName(index)): \(context)")
        }
        XCTAssertEqual(try git(["diff", "--name-only"]).stdout, "", "worktree differs from the index: \(context)")
        if committing {
            XCTAssertEqual(try git(["status", "--porcelain"]).stdout, "", "not all committed: \(context)")
            XCTAssertEqual(try git(["rev-parse", branch + "^"]).stdout, try git(["rev-parse", "main"]).stdout, context)
            let changed = try git(["diff", "--name-only", "main", branch]).stdout.split(separator: "\n")
            XCTAssertEqual(changed.count, fileCount, "the commit holds part of the migration: \(context)")
        } else {
            let staged = try git(["diff", "--cached", "--name-only"]).stdout.split(separator: "\n")
            XCTAssertEqual(staged.count, fileCount, "part of the migration staged: \(context)")
        }
        return "complete"
    }
}

/// A child process for tests that need more than ToolProcess: a running handle, or any program.
enum ChildProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Starts `executable` with output discarded; the caller signals and waits.
    static func start(_ executable: String, _ arguments: [String], in directory: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `executable` to the end and returns its status and output.
    static func run(
        _ executable: String, _ arguments: [String], in directory: String, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A tiny seeded generator, so kill points are the same on every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
