import Foundation
import XCTest

/// `scan`, `diff` and `apply` with `--stdin-filepath PATH`: the text on standard input is the file
/// at PATH — the same configuration, suppressions, baseline and floor as the file on disk, and
/// byte for byte the same output — and `apply` writes the migrated text to stdout, nothing to disk.
final class StandardInputTests: XCTestCase {
    /// The fixture folders copied for the comparison: every rule's pairs, the fuzz regressions
    /// (odd line endings, a BOM, truncated code) and the golden project.
    static let fixtureFolders = FindingRangeTests.allRules.split(separator: ",").map(String.init)
        + ["fuzz-regressions", "golden-project/App"]

    /// Every fixture in a folder of its own, with its configuration (`<name>.json`) as the
    /// folder's `.swiftui-migrate.json`, so the run finds it as it finds a project's.
    private func fixtureCopy() throws -> (TemporaryFolder, [String]) {
        let folder = try TemporaryFolder()
        let root = RepositoryFiles.root.appendingPathComponent("fixtures").path
        var files: [String] = []
        for name in Self.fixtureFolders {
            for file in try FileManager.default.contentsOfDirectory(atPath: root + "/" + name).sorted() where file.hasSuffix(".swift") {
                let stem = file.replacingOccurrences(of: ".before.swift", with: "").replacingOccurrences(of: ".after.swift", with: "")
                let config = root + "/" + name + "/" + stem + ".json"
                let relative = "\(name)/\(stem)/\(file)"
                try folder.write(relative, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + name + "/" + file))))
                if FileManager.default.fileExists(atPath: config) {
                    try folder.write("\(name)/\(stem)/.swiftui-migrate.json", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: config))))
                }
                files.append(relative)
            }
        }
        return (folder, files)
    }

    func testEveryFixtureGivesOnStandardInputExactlyWhatItGivesOnDisk() throws {
        let (copy, files) = try fixtureCopy()
        let root = copy.path
        XCTAssertGreaterThan(files.count, 250)
        nonisolated(unsafe) var mismatches: [String] = []
        let lock = NSLock()
        // A folder's files one after another: `apply --in-place` holds a lock on the folder.
        let folders = Dictionary(grouping: files) { URL(fileURLWithPath: $0).deletingLastPathComponent().path }.values.map { $0.sorted() }
        DispatchQueue.concurrentPerform(iterations: folders.count) { index in
            let problems = folders[index].flatMap { file in
                do {
                    return try Self.differences(file, in: root)
                } catch {
                    return ["\(file): \(error)"]
                }
            }
            lock.withLock { mismatches += problems }
        }
        XCTAssertEqual(mismatches.count, 0, mismatches.prefix(5).joined(separator: "\n"))
        withExtendedLifetime(copy) {}
    }

    /// What differs between `file` read from disk and its bytes given on stdin as it: the output
    /// of `scan --format json` and `diff` (stdout, stderr, status), and what `apply --in-place`
    /// writes against what `apply --stdin-filepath` prints.
    private static func differences(_ file: String, in root: String) throws -> [String] {
        var problems: [String] = []
        func shown(_ status: Int32, _ output: [UInt8]) -> String { "\(status) \(String(decoding: output, as: UTF8.self).prefix(300))" }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + file)))
        for command in [["scan", "--format", "json"], ["diff"]] {
            let disk = try ToolProcess.runForBytes(command + [file], in: root)
            let piped = try ToolProcess.runForBytes(command + ["--stdin-filepath", file], in: root, stdin: bytes)
            if disk.status != piped.status || disk.stdout != piped.stdout || disk.stderr != piped.stderr {
                problems.append("\(command.joined(separator: " ")) \(file): on disk \(shown(disk.status, disk.stdout + disk.stderr)) | stdin \(shown(piped.status, piped.stdout + piped.stderr))")
            }
        }
        // apply: what --in-place writes (on a copy of the file) is what --stdin-filepath prints.
        let copy = file + ".copy.swift"
        try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + copy))
        let inPlace = try ToolProcess.runForBytes(["apply", "--in-place", copy], in: root)
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + copy)))
        try FileManager.default.removeItem(atPath: root + "/" + copy)
        let piped = try ToolProcess.runForBytes(["apply", "--stdin-filepath", copy], in: root, stdin: bytes)
        if piped.stdout != written || piped.status != inPlace.status || piped.stderr != inPlace.stderr {
            problems.append("apply \(file): --in-place wrote \(written.count) bytes, \(shown(inPlace.status, inPlace.stderr)) | stdin printed \(piped.stdout.count), \(shown(piped.status, piped.stderr))")
        }
        if FileManager.default.fileExists(atPath: root + "/" + copy) {
            problems.append("apply --stdin-filepath \(copy) wrote the file")
        }
        return problems
    }

    /// The configuration, a Package.swift floor, a suppression comment and a baseline all apply to
    /// a path that does not exist, as they do to the file once it is written there.
    func testAPathThatDoesNotExistGetsTheProjectsConfigurationFloorAndBaseline() throws {
        let folder = try TemporaryFolder()
        try folder.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", platforms: [.iOS(.v14)], targets: [.target(name: "App")])
            """)
        try folder.write(".swiftui-migrate.json", #"{"ruleOptions": {"group-lifecycle": {"strategy": "report"}}}"#)
        let source = """
            import SwiftUI
            struct FeedView: View {
                @State private var items: [String] = []
                var body: some View {
                    Group { Text("a") }.onAppear { print("shown") }
                    Text("b").onAppear { Task { items = await load() } }
                }
                func load() async -> [String] { [] }
            }

            """
        let path = "Sources/App/Views/FeedView.swift"
        let piped = try ToolProcess.run(["scan", "--format", "json", "--stdin-filepath", path], in: folder.path, stdin: source)
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(piped.stdout.utf8)) as? [[String: Any]], piped.stderr)
        XCTAssertEqual(records.map { $0["file"] as? String }, [path, path])
        XCTAssertEqual(records.map { $0["action"] as? String }, ["report", "keep"], "the config's strategy, and iOS 14 from Package.swift")
        XCTAssertTrue((records[1]["reason"] as? String)?.contains("iOS 15") ?? false, "\(records[1])")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/" + path))

        // A baseline recorded from the file on disk hides the same findings of the text on stdin.
        try folder.write(path, source)
        let written = try ToolProcess.run(["scan", "--write-baseline", "baseline.json", path], in: folder.path)
        XCTAssertEqual(written.status, 0, written.stderr)
        try FileManager.default.removeItem(atPath: folder.path + "/" + path)
        let hidden = try ToolProcess.run(["scan", "--baseline", "baseline.json", "--stdin-filepath", path], in: folder.path, stdin: source)
        XCTAssertEqual(hidden.status, 0, hidden.stderr)
        XCTAssertEqual(hidden.stdout, "")

        // A suppression comment in the text.
        let suppressed = "// swiftui-migrate:disable-file group-lifecycle onappear-task\n" + source
        let quiet = try ToolProcess.run(["scan", "--stdin-filepath", path], in: folder.path, stdin: suppressed)
        XCTAssertEqual(quiet.status, 0, quiet.stdout + quiet.stderr)
    }

    func testApplyPrintsTheMigratedTextAndLeavesTheFileOnDiskAlone() throws {
        let folder = try TemporaryFolder()
        let onDisk = "// the file on disk, not the buffer\n"
        try folder.write("Shelf.swift", onDisk)
        let buffer = "import SwiftUI\nstruct Shelf: View {\n    var body: some View {\n        Group { Text(\"a\") }.onAppear { print(1) }\n    }\n}\n"
        let result = try ToolProcess.run(["apply", "--stdin-filepath", "Shelf.swift"], in: folder.path, stdin: buffer)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, buffer.replacingOccurrences(of: "Group {", with: "ZStack {"))
        XCTAssertTrue(result.stderr.contains("Shelf.swift  rewritten 1"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: folder.path + "/Shelf.swift", encoding: .utf8), onDisk)
    }

    func testTextThatCannotBeMigratedComesBackAsItWentIn() throws {
        let folder = try TemporaryFolder()
        let latin1: [UInt8] = Array("let café = 1\n".utf8).map { $0 } .filter { $0 < 0x80 } + [0xE9, 0x0A]
        let result = try ToolProcess.runForBytes(["apply", "--stdin-filepath", "A.swift"], in: folder.path, stdin: latin1)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, latin1, "the input, unchanged")
        XCTAssertEqual(String(decoding: result.stderr, as: UTF8.self), "warning: skipped A.swift: not UTF-8 text\nno findings\n")

        let halfTyped = "import SwiftUI\nstruct A: View {\n    var body: some View {\n        Group { Text(\"a\") }.onAppear { print(1) }\n        Group {\n"
        let broken = try ToolProcess.run(["apply", "--stdin-filepath", "A.swift"], in: folder.path, stdin: halfTyped)
        XCTAssertEqual(broken.status, 0, broken.stderr)
        XCTAssertEqual(broken.stdout, halfTyped, "a file with syntax errors is never rewritten")
        XCTAssertTrue(broken.stderr.contains("syntax errors"), broken.stderr)
    }

    func testStandardInputTakesNoPathsAndNoWritingFlags() throws {
        for (arguments, message) in [
            (["scan", "--stdin-filepath", "A.swift", "B.swift"], "--stdin-filepath reads one file from standard input; drop the paths"),
            (["apply", "--stdin-filepath", "A.swift", "--in-place"], "--stdin-filepath writes the migrated text to standard output and nothing else, so --in-place does not apply"),
            (["apply", "--stdin-filepath", "A.swift", "--commit"], "--stdin-filepath writes the migrated text to standard output and nothing else, so --commit does not apply"),
            (["apply", "--stdin-filepath", "A.swift", "--format", "json"], "--stdin-filepath writes the migrated text to standard output and nothing else, so --format does not apply"),
            (["diff", "--stdin-filepath", "A.swift", "--interactive"], "--interactive reviews files on disk; it does not take --stdin-filepath"),
        ] {
            let result = try ToolProcess.run(arguments, stdin: "")
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, "error: \(message)\n")
        }
    }

    func testStandardInputThatIsClosedOrAFolderIsOneLineAndExitTwo() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit(["App/A.swift": Samples.groupLifecycle, ".swiftui-migrate.json": #"{"ruleOptions": {"group-lifecycle": {"strategy": "report"}}}"#])
        let before = try repository.snapshot()
        for command in ["scan", "diff", "apply"] {
            for (redirection, reason) in [
                ("<&-", "it is closed; pipe the file's text into the command"),
                ("< /", "it is a folder, not a file's text"),
            ] {
                let result = try Self.runInShell([command, "--stdin-filepath", "App/A.swift"], redirection: redirection, in: repository.path)
                XCTAssertEqual(result.status, 2, "\(command) \(redirection): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", "\(command) \(redirection)")
                XCTAssertEqual(result.stderr, "error: cannot read standard input: \(reason)\n", "\(command) \(redirection)")
            }
        }
        let job = try Self.runInShell(["batch-job"], redirection: "<&-", in: repository.path)
        XCTAssertEqual(job.status, 2, job.stderr)
        XCTAssertEqual(job.stderr, "error: cannot read standard input: it is closed; pipe the file's text into the command\n")
        XCTAssertEqual(try repository.snapshot(), before, "nothing was changed")
    }

    /// The tool run by `/bin/sh` with `redirection` applied to its standard input (`<&-` closes it),
    /// which `Process` cannot do itself.
    private static func runInShell(_ arguments: [String], redirection: String, in directory: String) throws -> ToolResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" \(redirection)", try ToolProcess.binary()] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolResult(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                          stderr: String(decoding: errors, as: UTF8.self))
    }
}
