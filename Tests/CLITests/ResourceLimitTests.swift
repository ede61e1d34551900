import Foundation
import XCTest

/// The per-file size limit in every mode, and running out of file descriptors or disk space: a clear
/// error, and the repository as it was.
final class ResourceLimitTests: XCTestCase {
    private func files(_ count: Int) -> [String: String] {
        var files: [String: String] = [:]
        for index in 0..<count {
            files["App/Screen\(index).swift"] = Samples.groupLifecycle.replacingOccurrences(of: "ContentView", with: "Screen\(index)")
        }
        return files
    }

    func testTheSizeLimitSkipsLargerFilesInEveryMode() throws {
        let repository = try GitRepositoryFolder()
        let large = Samples.groupLifecycle + "// " + String(repeating: "padding ", count: 200) + "\n"
        try repository.commit([
            "App/Large.swift": large, "App/Small.swift": Samples.groupLifecycle,
            ".swiftui-migrate.json": "{\"maxFileSize\": 1000}\n",
        ])
        let reason = "skipped App/Large.swift: larger than the 1000-byte limit (maxFileSize)"

        let noCheckout = try ToolProcess.run(["apply", "--no-checkout"], in: repository.path)
        XCTAssertEqual(noCheckout.status, 0, noCheckout.stderr)
        XCTAssertTrue(noCheckout.stderr.contains(reason), noCheckout.stderr)
        XCTAssertEqual(try repository.git("diff", "--name-only", "main", "swiftui-migrate/lifecycle"), "App/Small.swift\n")
        try repository.git("branch", "-q", "-D", "swiftui-migrate/lifecycle")

        let staged = try ToolProcess.run(["apply"], in: repository.path)
        XCTAssertEqual(staged.status, 0, staged.stderr)
        XCTAssertTrue(staged.stderr.contains(reason), staged.stderr)
        XCTAssertEqual(try repository.git("diff", "--cached", "--name-only"), "App/Small.swift\n")

        // The flag overrides the file: a larger limit takes the large file in.
        let scan = try ToolProcess.run(["scan", "--max-file-size", "100000", "App"], in: repository.path)
        XCTAssertFalse(scan.stderr.contains("skipped"), scan.stderr)
        XCTAssertTrue(scan.stdout.contains("App/Large.swift:"), scan.stdout)
        let zero = try ToolProcess.run(["scan", "--max-file-size", "0"], in: repository.path)
        XCTAssertEqual(zero.status, 2)
        XCTAssertEqual(zero.stderr, "error: --max-file-size takes a positive number of bytes\n")
    }

    func testRunningOutOfFileDescriptorsIsAClearErrorAndChangesNothing() throws {
        let binary = try ToolProcess.binary()
        for limit in [4, 5] {
            let repository = try GitRepositoryFolder()
            try repository.commit(files(60))
            let before = try repository.snapshot()
            // Redirect first, then lower the limit, so only the tool runs short of descriptors.
            let script = "exec >out.txt 2>err.txt </dev/null; ulimit -n \(limit) && exec \"$0\" apply"
            let result = try ChildProcess.run("/bin/sh", ["-c", script, binary], in: repository.path)
            let stderr = try repository.folder.read("err.txt")
            try FileManager.default.removeItem(atPath: repository.path + "/out.txt")
            try FileManager.default.removeItem(atPath: repository.path + "/err.txt")
            if result.status == 0 {
                // Enough descriptors after all: then the whole migration is there.
                XCTAssertEqual(try repository.git("diff", "--cached", "--name-only").split(separator: "\n").count, 60)
                continue
            }
            XCTAssertEqual(result.status, 2, "limit \(limit): \(stderr)")
            XCTAssertTrue(stderr.contains("Too many open files"), "limit \(limit): \(stderr)")
            XCTAssertFalse(stderr.contains("undoing the partial change also failed"), stderr)
            var after = try repository.snapshot()
            after[".git/swiftui-migrate.lock"] = nil
            XCTAssertEqual(after, before, "limit \(limit): the repository changed")
        }
    }

    func testRunningOutOfDiskSpaceIsAClearErrorAndChangesNothing() throws {
        let mountPoint = try TemporaryFolder()
        let mount = try ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1200k", "tmpfs", mountPoint.path], in: "/")
        guard mount.status == 0 else {
            throw XCTSkip("cannot mount a small tmpfs here (needs root): \(mount.stderr)")
        }
        defer { _ = try? ChildProcess.run("/bin/umount", [mountPoint.path], in: "/") }
        let path = mountPoint.path + "/repo"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let git = { (arguments: [String]) throws -> ChildProcess.Result in
            try ChildProcess.run("/usr/bin/env", ["git"] + arguments, in: path)
        }
        _ = try git(["init", "-q", "-b", "main"])
        _ = try git(["config", "user.name", "Test Author"])
        _ = try git(["config", "user.email", "author@example.com"])
        let sources = files(40)
        for (name, text) in sources {
            try FileManager.default.createDirectory(
                atPath: path + "/" + (name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
        }
        _ = try git(["add", "App"])
        XCTAssertEqual(try git(["commit", "-q", "-m", "initial"]).status, 0)

        // Leave 40 KiB: enough to create the branch and write a few files, not the whole migration.
        var info = statvfs()
        XCTAssertEqual(statvfs(mountPoint.path, &info), 0)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let filler = mountPoint.path + "/filler"
        _ = FileManager.default.createFile(atPath: filler, contents: Data(count: max(free - 40 * 1024, 0)))

        for arguments in [["apply"], ["apply", "--commit"]] {
            let result = try ToolProcess.run(arguments, in: path)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(
                result.stderr.contains("not enough free space") || result.stderr.contains("No space left on device"), result.stderr)
            XCTAssertFalse(result.stderr.contains("undoing the partial change also failed"), result.stderr)
            XCTAssertEqual(try git(["symbolic-ref", "HEAD"]).stdout, "refs/heads/main\n")
            XCTAssertNotEqual(try git(["rev-parse", "--verify", "-q", "refs/heads/swiftui-migrate/lifecycle"]).status, 0)
            XCTAssertEqual(try git(["status", "--porcelain"]).stdout, "")
            XCTAssertEqual(try git(["fsck", "--no-progress", "--no-dangling"]).status, 0)
        }

        // In place, on a full disk, every file is either untouched or whole: no half-written file, no temporary
        // file left.
        XCTAssertEqual(statvfs(mountPoint.path, &info), 0)
        let rest = mountPoint.path + "/rest"
        _ = FileManager.default.createFile(atPath: rest, contents: Data(count: Int(info.f_bavail) * Int(info.f_frsize)))
        let inPlace = try ToolProcess.run(["apply", "--in-place", "App"], in: path)
        XCTAssertEqual(inPlace.status, 2, inPlace.stderr)
        XCTAssertTrue(inPlace.stderr.contains("No space left on device"), inPlace.stderr)
        for (name, text) in sources {
            let now = try String(contentsOfFile: path + "/" + name, encoding: .utf8)
            XCTAssertTrue(now == text || now.contains("ZStack {"), name)
        }
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: path).filter { $0.contains(".swiftui-migrate-") }, [])

        // With the space back, the run goes through.
        try FileManager.default.removeItem(atPath: filler)
        try FileManager.default.removeItem(atPath: rest)
        _ = try git(["checkout", "-q", "--", "."])
        let retry = try ToolProcess.run(["apply"], in: path)
        XCTAssertEqual(retry.status, 0, retry.stderr)
        XCTAssertEqual(try git(["diff", "--cached", "--name-only"]).stdout.split(separator: "\n").count, 40)
    }
}
