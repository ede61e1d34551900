import Foundation
import XCTest

@testable import GitStage

/// A temporary folder, removed when the test's reference goes away.
final class Scratch {
    let path: String

    init(_ label: String = "gitstage") throws {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/\(label)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        // Resolve /tmp symlinks (macOS) so paths compare equal to what libgit2 reports.
        path = URL(fileURLWithPath: String(cString: made)).resolvingSymlinksInPath().path
    }

    deinit {
        // Make everything writable again (tests flip modes) before removing.
        _ = try? Process.run(URL(fileURLWithPath: "/bin/chmod"), arguments: ["-R", "u+rwX", path]).waitUntilExit()
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ relative: String) -> String { "\(path)/\(relative)" }

    func write(_ relative: String, _ text: String) throws {
        try write(relative, Array(text.utf8))
    }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: file(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func read(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: file(relative))))
    }

    func mode(_ relative: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: file(relative))[.posixPermissions] as! NSNumber).intValue
    }
}

/// Runs the `git` CLI with a fixed identity and no user or system configuration, so results don't depend on the
/// machine.
@discardableResult
func git(_ arguments: [String], in folder: String, input: String? = nil, allowFailure: Bool = false) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "init.defaultBranch=main", "-c", "core.autocrlf=false"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_AUTHOR_NAME"] = "Fixture Author"
    environment["GIT_AUTHOR_EMAIL"] = "fixture@example.com"
    environment["GIT_COMMITTER_NAME"] = "Fixture Author"
    environment["GIT_COMMITTER_EMAIL"] = "fixture@example.com"
    environment["GIT_AUTHOR_DATE"] = "2024-01-01T00:00:00Z"
    environment["GIT_COMMITTER_DATE"] = "2024-01-01T00:00:00Z"
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let inputPipe = Pipe()
    process.standardInput = inputPipe
    try process.run()
    if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inputPipe.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if process.terminationStatus != 0 && !allowFailure {
        throw GitCommandFailure(
            command: "git " + arguments.joined(separator: " "),
            output: String(decoding: out, as: UTF8.self) + String(decoding: err, as: UTF8.self))
    }
    return String(decoding: out, as: UTF8.self)
}

struct GitCommandFailure: Error, CustomStringConvertible {
    let command: String
    let output: String
    var description: String { "\(command) failed: \(output)" }
}
