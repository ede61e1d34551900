import Foundation
import XCTest

/// A temporary git repository driven with the `git` CLI, for tests that check what `apply` did.
final class GitRepositoryFolder {
    let folder: TemporaryFolder
    var path: String { folder.path }

    /// An empty repository with a local identity, independent of the machine's git config.
    init() throws {
        folder = try TemporaryFolder()
        try git("init", "-q", "-b", "main")
        try git("config", "user.name", "Test Author")
        try git("config", "user.email", "author@example.com")
        try git("config", "commit.gpgsign", "false")
    }

    /// Runs git in the repository and returns its standard output.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        try git(arguments)
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: path)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw XCTSkip("git \(arguments.joined(separator: " ")) failed with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes the files and commits them.
    func commit(_ files: [String: String], message: String = "initial") throws {
        for (name, contents) in files { try folder.write(name, contents) }
        try git(["add"] + files.keys.sorted())
        try git("commit", "-q", "-m", message)
    }

    /// Every file under the repository (including .git's refs, HEAD and index) with its bytes, for
    /// byte-identical before/after comparisons. Object files are left out (git may pack them).
    func snapshot() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let root = URL(fileURLWithPath: path)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return result
        }
        for case let url as URL in enumerator {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if relative.hasPrefix(".git/objects") || relative.hasPrefix(".git/logs") { continue }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            result[relative] = try Data(contentsOf: url)
        }
        return result
    }
}

/// Runs the `git` CLI in `directory`, failing the test when it fails: for a repository a test lays out by hand.
func runGit(_ arguments: [String], in directory: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)", file: file, line: line)
}
