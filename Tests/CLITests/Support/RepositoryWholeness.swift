import Foundation
import XCTest

/// The checks every interrupted run must pass, with the git CLI: no `index.lock` or other lock file git or libgit2
/// left (the flock file `.git/swiftui-migrate.lock` aside), no temporary file of an atomic write, `git fsck` clean.
enum RepositoryWholeness {
    static func assertWhole(_ path: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "/.git/index.lock"), "index.lock left: \(context)", file: file, line: line)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: path).filter {
            $0.contains(".swiftui-migrate-") || ($0.hasSuffix(".lock") && $0 != ".git/swiftui-migrate.lock")
        }
        XCTAssertEqual(leftovers, [], "leftover files: \(context)", file: file, line: line)
        let fsck = try git(["fsck", "--no-progress", "--no-dangling"], in: path)
        XCTAssertEqual(fsck.status, 0, "git fsck: \(fsck.stderr) \(context)", file: file, line: line)
    }

    static func git(_ arguments: [String], in path: String) throws -> ChildProcess.Result {
        try ChildProcess.run("/usr/bin/env", ["git"] + arguments, in: path)
    }
}
