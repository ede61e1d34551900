import Foundation
import XCTest

@testable import GitStage

/// A real repository made with the `git` CLI in a temporary folder, with a local identity so libgit2 and git agree
/// without reading the machine's configuration.
final class FixtureRepository {
    let scratch: Scratch
    let path: String

    /// A repository on branch `main` with `files` committed as "base" (no commit when `files` is empty).
    init(_ files: [String: String] = [:], identity: Bool = true) throws {
        scratch = try Scratch("gitstage-repo")
        path = scratch.path + "/repo"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try git("init", "-q")
        if identity {
            try git("config", "user.name", "Repo Owner")
            try git("config", "user.email", "owner@example.com")
        }
        for (name, text) in files { try write(name, text) }
        if !files.isEmpty {
            try git("add", ".")
            try git("commit", "-q", "-m", "base")
        }
    }

    @discardableResult
    func git(_ arguments: String...) throws -> String { try GitStageTests.git(arguments, in: path) }

    func trimmedGit(_ arguments: String...) throws -> String {
        try GitStageTests.git(arguments, in: path).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func file(_ relative: String) -> String { path + "/" + relative }

    func write(_ relative: String, _ text: String) throws { try write(relative, Array(text.utf8)) }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: file(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func read(_ relative: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: file(relative)))) }

    func open() throws -> Repository { try Repository.discover(from: path) }

    /// Bytes of HEAD, refs (files and folders), packed-refs, the index, state files and every worktree file with its
    /// mode: equal snapshots mean the run changed nothing a user could see.
    func snapshot() throws -> [String: String] {
        var state: [String: String] = [:]
        let manager = FileManager.default
        func add(_ relative: String) throws {
            let full = path + "/" + relative
            let attributes = try manager.attributesOfItem(atPath: full)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
            switch attributes[.type] as? FileAttributeType {
            case .typeSymbolicLink?: state[relative] = "link -> " + (try manager.destinationOfSymbolicLink(atPath: full))
            case .typeDirectory?: state[relative] = "folder"
            default:
                let data = try Data(contentsOf: URL(fileURLWithPath: full))
                state[relative] = "mode \(String(mode, radix: 8)) " + data.base64EncodedString()
            }
        }
        for name in ["HEAD", "logs/HEAD", "packed-refs", "index", "index.lock", "MERGE_HEAD", "config"]
        where manager.fileExists(atPath: path + "/.git/" + name) {
            try add(".git/" + name)
        }
        for root in [".git/refs", ".git/logs/refs"] where manager.fileExists(atPath: path + "/" + root) {
            for item in try manager.subpathsOfDirectory(atPath: path + "/" + root) { try add(root + "/" + item) }
        }
        for item in try manager.subpathsOfDirectory(atPath: path)
        where item != ".git" && !item.hasPrefix(".git/") && !item.contains("/.git/") && !item.hasSuffix("/.git") {
            try add(item)
        }
        return state
    }
}

/// Asserts two snapshots are equal, naming the entries that differ.
func assertUnchanged(_ before: [String: String], _ after: [String: String], file: StaticString = #filePath,
                     line: UInt = #line) {
    let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    XCTAssertTrue(changed.isEmpty, "changed: \(changed)", file: file, line: line)
}

/// Base class: every test runs with libgit2 reading no global or system configuration.
class GitStageTestCase: XCTestCase {
    private var emptyConfiguration: Scratch?

    override func setUpWithError() throws {
        let folder = try Scratch("gitstage-config")
        emptyConfiguration = folder
        try Libgit2.setConfigurationSearchPath(folder.path)
    }

    override func tearDownWithError() throws {
        try Libgit2.setConfigurationSearchPath(nil)
        emptyConfiguration = nil
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
