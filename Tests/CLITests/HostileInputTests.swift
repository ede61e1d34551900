import AtomicFiles
import Foundation
import GitStage
import XCTest

/// Files that break naive tools: each has a defined outcome — processed, or skipped with a one-line
/// reason — and never a crash, a hang or a damaged file. Run as a process, like a user would.
final class HostileInputTests: XCTestCase {
    private let sample = Samples.groupLifecycle

    private func bytes(_ folder: TemporaryFolder, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name)))
    }

    /// Ends by itself (no crash): a normal exit, not a signal.
    private func assertExitedNormally(_ result: ToolResult, _ allowed: Set<Int32>, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(allowed.contains(result.status), "status \(result.status): \(result.stderr)", file: file, line: line)
        XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr, file: file, line: line)
    }

    func testAHostContainerThatWouldNotCompileIsAOneLineConfigurationError() throws {
        let folder = try TemporaryFolder()
        try folder.write("ContentView.swift", sample)
        for host in ["Text", "if"] {
            try folder.write(".swiftui-migrate.json", "{\"hostContainer\": \"\(host)\"}")
            for command in [["scan"], ["apply", "--in-place", "ContentView.swift"]] {
                let result = try ToolProcess.run(command, in: folder.path)
                XCTAssertEqual(result.status, 2, result.stderr)
                XCTAssertEqual(result.stderr, "error: \(folder.path)/.swiftui-migrate.json: 'hostContainer' must be one of ZStack, VStack, "
                    + "HStack, LazyVStack, LazyHStack (a container that takes the Group's views as they are), not '\(host)'\n")
            }
            XCTAssertEqual(try folder.read("ContentView.swift"), sample, "nothing written")
        }
    }

    func testEmptyFileIsProcessedWithNothingFound() throws {
        let folder = try TemporaryFolder()
        try folder.write("Empty.swift", "")
        let result = try ToolProcess.run(["scan", "Empty.swift"], in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertFalse(result.stderr.contains("skipped"), result.stderr)
    }

    func testTenMegabyteSingleLineIsSkippedOverTheSizeLimitAndProcessedUnderARaisedOne() throws {
        let folder = try TemporaryFolder()
        let line = "let banner = \"" + String(repeating: "0123456789abcdef", count: 10 * 1024 * 1024 / 16) + "\"\n"
        try folder.write("Huge.swift", line)
        let skipped = try ToolProcess.run(["scan", "Huge.swift"], in: folder.path)
        XCTAssertEqual(skipped.status, 0, skipped.stderr)
        XCTAssertTrue(skipped.stderr.contains("skipped Huge.swift: larger than the 4194304-byte limit"), skipped.stderr)

        let small = try ToolProcess.run(["scan", "--max-file-size", "1000", "Huge.swift"], in: folder.path)
        XCTAssertTrue(small.stderr.contains("larger than the 1000-byte limit"), small.stderr)

        let processed = try ToolProcess.run(["apply", "--in-place", "--max-file-size", "20000000", "Huge.swift"], in: folder.path)
        XCTAssertEqual(processed.status, 0, processed.stderr)
        XCTAssertFalse(processed.stderr.contains("skipped"), processed.stderr)
        XCTAssertEqual(try bytes(folder, "Huge.swift"), Array(line.utf8))
    }

    func testTenThousandNestingLevelsAreScannedButNeverRewritten() throws {
        let folder = try TemporaryFolder()
        let depth = 10_000
        let text = "import SwiftUI\n\nstruct Deep: View {\n    var body: some View {\n"
            + String(repeating: "Group {\n", count: depth) + "Text(\"x\")\n" + String(repeating: "}\n", count: depth)
            + ".onAppear { print(1) }\n    }\n}\n"
        try folder.write("Deep.swift", text)
        let scan = try ToolProcess.run(["scan", "Deep.swift"], in: folder.path)
        assertExitedNormally(scan, [0, 1])
        let apply = try ToolProcess.run(["apply", "--in-place", "Deep.swift"], in: folder.path)
        assertExitedNormally(apply, [0])
        XCTAssertEqual(try bytes(folder, "Deep.swift"), Array(text.utf8), "a file past the parser's nesting limit has syntax errors")
    }

    func testInvalidUTF8AndUTF16AreSkippedWithAReasonAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        let invalid: [UInt8] = Array("import SwiftUI\n// Group ".utf8) + [0xFF, 0xC3, 0x28] + Array(" onAppear\n".utf8)
        try folder.write("Invalid.swift", bytes: invalid)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in sample.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try folder.write("Wide.swift", bytes: utf16)
        let result = try ToolProcess.run(["apply", "--in-place", "Invalid.swift", "Wide.swift"], in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: skipped Invalid.swift: not UTF-8 text"), result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: skipped Wide.swift: UTF-16 text; only UTF-8 is read"), result.stderr)
        XCTAssertEqual(try bytes(folder, "Invalid.swift"), invalid)
        XCTAssertEqual(try bytes(folder, "Wide.swift"), utf16)
    }

    func testUTF8ByteOrderMarkRoundTrips() throws {
        let folder = try TemporaryFolder()
        try folder.write("Marked.swift", bytes: [0xEF, 0xBB, 0xBF] + Array(sample.utf8))
        let result = try ToolProcess.run(["apply", "--in-place", "Marked.swift"], in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let after = try bytes(folder, "Marked.swift")
        XCTAssertEqual(Array(after.prefix(3)), [0xEF, 0xBB, 0xBF])
        XCTAssertTrue(String(decoding: after, as: UTF8.self).contains("ZStack {"))
        XCTAssertEqual(after.filter { $0 == 0xEF }.count, 1, "exactly one BOM")
    }

    func testNULBytesAreKeptWhereTheyWere() throws {
        let folder = try TemporaryFolder()
        let text = sample.replacingOccurrences(of: "print(\"appeared\")", with: "print(\"appeared\") // \u{0}")
        try folder.write("Nul.swift", text)
        let result = try ToolProcess.run(["apply", "--in-place", "Nul.swift"], in: folder.path)
        assertExitedNormally(result, [0])
        let after = try bytes(folder, "Nul.swift")
        XCTAssertEqual(after.filter { $0 == 0 }.count, 1)
        XCTAssertTrue(String(decoding: after, as: UTF8.self).contains("ZStack {"))
    }

    func testCRLFMixedLineEndingsAndNoFinalNewlineAreKept() throws {
        let folder = try TemporaryFolder()
        let crlf = sample.replacingOccurrences(of: "\n", with: "\r\n")
        var mixedLines = sample.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in mixedLines.indices where index % 2 == 1 && index < mixedLines.count - 1 { mixedLines[index] += "\r" }
        let mixed = mixedLines.joined(separator: "\n")
        let unterminated = String(sample.dropLast())
        try folder.write("Crlf.swift", crlf)
        try folder.write("Mixed.swift", mixed)
        try folder.write("Unterminated.swift", unterminated)
        let result = try ToolProcess.run(["apply", "--in-place", "Crlf.swift", "Mixed.swift", "Unterminated.swift"], in: folder.path)
        XCTAssertEqual(result.status, 0, result.stderr)

        let crlfAfter = try folder.read("Crlf.swift")
        XCTAssertTrue(crlfAfter.contains("ZStack {"))
        XCTAssertFalse(crlfAfter.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a bare LF in a CRLF file")
        let mixedAfter = try folder.read("Mixed.swift")
        XCTAssertTrue(mixedAfter.contains("ZStack {"))
        XCTAssertTrue(mixedAfter.hasPrefix("import SwiftUI\n\r\n") || mixedAfter.hasPrefix("import SwiftUI\n"), mixedAfter)
        XCTAssertEqual(mixedAfter.components(separatedBy: "\r").count, mixed.components(separatedBy: "\r").count)
        let unterminatedAfter = try folder.read("Unterminated.swift")
        XCTAssertTrue(unterminatedAfter.contains("ZStack {"))
        XCTAssertTrue(unterminatedAfter.hasSuffix("}"), "no final newline added")
    }

    func testReadOnlyFileIsAClearErrorAndTheOtherFilesAreStillWritten() throws {
        let folder = try TemporaryFolder()
        let locked = try folder.write("Locked.swift", sample)
        try folder.write("Open.swift", sample)
        XCTAssertEqual(chmod(locked, 0o444), 0)
        let result = try ToolProcess.run(["apply", "--in-place", "Locked.swift", "Open.swift"], in: folder.path)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("Locked.swift is read-only; not replacing it"), result.stderr)
        XCTAssertEqual(try folder.read("Locked.swift"), sample)
        var status = stat()
        XCTAssertEqual(stat(locked, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o444)
        XCTAssertTrue(try folder.read("Open.swift").contains("ZStack {"))
    }

    func testReadOnlyTrackedFileStopsTheGitModesAndNothingChanges() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit(["App/A.swift": sample, "App/B.swift": sample.replacingOccurrences(of: "ContentView", with: "Other")])
        XCTAssertEqual(chmod(repository.path + "/App/B.swift", 0o444), 0)
        let before = try repository.snapshot()
        let result = try ToolProcess.run(["apply"], in: repository.path)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("App/B.swift is read-only; not replacing it"), result.stderr)
        XCTAssertEqual(try repository.snapshot(), before, "rolled back: A.swift restored, no branch, HEAD and index as they were")
    }

    func testAFileChangedOrDeletedBetweenReadingAndWritingIsNotOverwritten() throws {
        let folder = try TemporaryFolder()
        let changed = try folder.write("Changed.swift", sample)
        let deleted = try folder.write("Deleted.swift", sample)
        try folder.write("Changed.swift", "// edited meanwhile\n")
        XCTAssertEqual(unlink(deleted), 0)
        XCTAssertThrowsError(try AtomicFileWrite.write(Array("new".utf8), to: changed, expecting: Array(sample.utf8))) {
            XCTAssertEqual($0 as? FileWriteError, .changedOnDisk(path: changed))
        }
        XCTAssertThrowsError(try AtomicFileWrite.write(Array("new".utf8), to: deleted, expecting: Array(sample.utf8))) {
            XCTAssertEqual($0 as? FileWriteError, .changedOnDisk(path: deleted))
        }
        XCTAssertEqual(try folder.read("Changed.swift"), "// edited meanwhile\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: deleted), "a deleted file is not brought back")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["Changed.swift"],
                       "no temporary file left")
    }

    /// A file is opened before it is stat'ed (`SourceReader`): a pipe named like a Swift file is opened without
    /// waiting for a writer, and skipped.
    func testAPipeNamedLikeASwiftFileIsSkippedWithoutWaiting() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/Real.swift", sample)
        XCTAssertEqual(mkfifo(folder.path + "/Sources/Pipe.swift", 0o644), 0)
        let result = try ToolProcess.run(["scan", "--no-git", "Sources/Pipe.swift", "Sources/Real.swift"], in: folder.path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: skipped Sources/Pipe.swift: not a regular file\n"), result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Sources/Real.swift:"), result.stdout)
    }

    func testSymbolicLinkLoopsAreSkippedOrNamedInOneLine() throws {
        let folder = try TemporaryFolder()
        try folder.write("Sources/Real.swift", sample)
        XCTAssertEqual(symlink("Loop.swift", folder.path + "/Sources/Loop.swift"), 0)
        XCTAssertEqual(symlink("..", folder.path + "/Sources/Up"), 0)
        let walk = try ToolProcess.run(["scan", "Sources"], in: folder.path)
        XCTAssertEqual(walk.status, 1, walk.stderr)
        XCTAssertEqual(walk.stdout.split(separator: "\n").count, 1, walk.stdout)
        XCTAssertTrue(walk.stdout.hasPrefix("Sources/Real.swift:"), walk.stdout)

        let named = try ToolProcess.run(["scan", "Sources/Loop.swift"], in: folder.path)
        XCTAssertEqual(named.status, 2)
        XCTAssertEqual(named.stderr, "error: Sources/Loop.swift is a symbolic link that leads nowhere (dangling, or a loop)\n")
    }

    func testSymbolicLinkOutOfTheRepositoryIsNeverWrittenThrough() throws {
        let outside = try TemporaryFolder()
        let target = try outside.write("Outside.swift", sample)
        let repository = try GitRepositoryFolder()
        try repository.folder.write("App/Inside.swift", sample)
        XCTAssertEqual(symlink(target, repository.path + "/App/Link.swift"), 0)
        try repository.git("add", "App")
        try repository.git("commit", "-q", "-m", "initial")

        // Named, the link is read through, but GitStage never writes it.
        let named = try ToolProcess.run(["apply", "App/Link.swift"], in: repository.path)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(named.stderr.contains("not written: App/Link.swift"), named.stderr)
        XCTAssertTrue(named.stderr.contains("nothing to migrate: no branch created."), named.stderr)
        XCTAssertEqual(try outside.read("Outside.swift"), sample)

        // In a folder walk of the repository, a tracked link is not a tracked regular file: not looked at.
        let staged = try ToolProcess.run(["apply"], in: repository.path)
        XCTAssertEqual(staged.status, 0, staged.stderr)
        XCTAssertFalse(staged.stderr.contains("Link.swift"), staged.stderr)
        XCTAssertEqual(try repository.git("diff", "--cached", "--name-only"), "App/Inside.swift\n")
        XCTAssertEqual(try outside.read("Outside.swift"), sample)

        let inPlace = try ToolProcess.run(["apply", "--in-place", "App/Link.swift"], in: repository.path)
        XCTAssertEqual(inPlace.status, 2, inPlace.stderr)
        XCTAssertTrue(inPlace.stderr.contains("is a symbolic link; not writing through it"), inPlace.stderr)
        XCTAssertEqual(try outside.read("Outside.swift"), sample)
        var status = stat()
        XCTAssertEqual(lstat(repository.path + "/App/Link.swift", &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFLNK, "the link is still a link")
    }

    func testPathsWithSpacesAndUnicodeAreMigratedAndStaged() throws {
        let repository = try GitRepositoryFolder()
        let name = "My Views/Café ☕️ Screen.swift"
        try repository.commit([name: sample])
        let result = try ToolProcess.run(["apply"], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try repository.git("-c", "core.quotepath=false", "diff", "--cached", "--name-only"), name + "\n")
        XCTAssertTrue(try repository.folder.read(name).contains("ZStack {"))
        let scan = try ToolProcess.run(["scan", "My Views"], in: repository.path)
        XCTAssertEqual(scan.status, 0, scan.stderr)
    }

    func testABrokenRepositoryIsAnErrorNotAWalkThatTakesUntrackedFiles() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit(["Tracked.swift": Samples.groupLifecycle])
        try repository.folder.write("Untracked.swift", Samples.groupLifecycle)
        let healthy = try ToolProcess.run(["scan", "--list-files", "."], in: repository.path)
        XCTAssertEqual(healthy.stdout, "Tracked.swift\n", "only tracked files, while git can read the repository")
        try repository.folder.write(".git/index", "not an index")
        for command in [["scan", "."], ["diff", "."], ["apply", "--in-place", "."]] {
            let broken = try ToolProcess.run(command, in: repository.path)
            XCTAssertEqual(broken.status, 2, command.joined(separator: " "))
            XCTAssertTrue(
                broken.stderr.hasPrefix("error: cannot list the files git tracks in \(repository.path): git: cannot "),
                broken.stderr)
            XCTAssertEqual(broken.stderr.filter { $0 == "\n" }.count, 1, broken.stderr)
            XCTAssertEqual(broken.stdout, "", "no file was looked at")
        }
        XCTAssertEqual(try repository.folder.read("Untracked.swift"), Samples.groupLifecycle)
    }

    func testAFolderNamedLikeASwiftFileIsWalkedAsAFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("Odd.swift/Inner.swift", sample)
        let walked = try ToolProcess.run(["scan", "."], in: folder.path)
        XCTAssertEqual(walked.status, 1, walked.stderr)
        XCTAssertTrue(walked.stdout.hasPrefix("Odd.swift/Inner.swift:7:9:"), walked.stdout)
        let named = try ToolProcess.run(["apply", "--in-place", "Odd.swift"], in: folder.path)
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(try folder.read("Odd.swift/Inner.swift").contains("ZStack {"))
    }
}
