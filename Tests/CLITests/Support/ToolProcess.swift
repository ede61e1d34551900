import Foundation
import XCTest

/// The result of running the built `swiftui-migrate` binary.
struct ToolResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs the real `swiftui-migrate` executable as a separate process.
enum ToolProcess {
    /// The binary: $SWIFTUI_MIGRATE_BIN (set by scripts/test), else the one next to the test bundle.
    static func binary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["SWIFTUI_MIGRATE_BIN"],
           FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("swiftui-migrate").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw XCTSkip("swiftui-migrate is not built; run scripts/test (it builds the binary first)")
    }

    /// Runs the tool with `arguments` in `directory`, with `environment` added to this process's.
    static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], stdin: String? = nil
    ) throws -> ToolResult {
        let raw = try runForBytes(arguments, in: directory, environment: environment, stdin: stdin.map { Array($0.utf8) })
        return ToolResult(
            status: raw.status, stdout: String(decoding: raw.stdout, as: UTF8.self),
            stderr: String(decoding: raw.stderr, as: UTF8.self))
    }

    /// Like `run`, with `stdin`'s bytes on standard input (the null device when nil) and the
    /// output as bytes, for comparing them exactly.
    static func runForBytes(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], stdin: [UInt8]? = nil
    ) throws -> (status: Int32, stdout: [UInt8], stderr: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try binary())
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = stdin.map { _ in Pipe() }
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        if let input, let stdin {
            // A tool that exits before reading all of it closes the pipe: that must not kill the tests.
            signal(SIGPIPE, SIG_IGN)
            DispatchQueue.global().async {
                try? input.fileHandleForWriting.write(contentsOf: Data(stdin))
                try? input.fileHandleForWriting.close()
            }
        }
        // Read both pipes while the process runs so a large output cannot block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, Array(outData), Array(errData))
    }
}

/// A temporary folder with helpers to write files into it; removed on deinit.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "swiftui-migrate-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `contents` to `relative`, creating folders.
    @discardableResult
    func write(_ relative: String, _ contents: String) throws -> String {
        try write(relative, bytes: Array(contents.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }
}

/// Swift sources the CLI tests migrate.
enum Samples {
    /// A Group whose if/else shows one view on each path, with onAppear: hoisted by group-lifecycle.
    static let groupLifecycle = """
        import SwiftUI

        struct ContentView: View {
            @State private var isLoading = true

            var body: some View {
                Group {
                    if isLoading {
                        ProgressView()
                    } else {
                        Text("Loaded")
                    }
                }
                .onAppear {
                    print("appeared")
                }
            }
        }

        """

    /// Nothing any rule looks at.
    static let clean = """
        import SwiftUI

        struct PlainView: View {
            var body: some View {
                Text("Hello")
                    .padding()
            }
        }

        """
}
