import Foundation
import XCTest

/// SIGKILL — which no handler can defer — at random points of a large `apply`, in branch mode (stage, and stage and
/// commit) and `--in-place`: afterwards the repository is original, complete, or holds the run's journal; then a new
/// run refuses and names the state of every file, and `apply --resume` or `apply --abort` reaches the complete or the
/// original state. Every state is checked with the git CLI.
final class KillRecoveryTests: XCTestCase {
    /// Files in the repository and kill points per mode (SWIFTUI_MIGRATE_KILL_FILES / _KILL_POINTS override them).
    private let fileCount = Int(ProcessInfo.processInfo.environment["SWIFTUI_MIGRATE_KILL_FILES"] ?? "") ?? 150
    private let pointsPerMode = Int(ProcessInfo.processInfo.environment["SWIFTUI_MIGRATE_KILL_POINTS"] ?? "") ?? 6
    private let branch = "refs/heads/swiftui-migrate/lifecycle"

    private enum Mode: String, CaseIterable {
        case stage, commit, inPlace = "in-place"
        var arguments: [String] {
            switch self {
            case .stage: ["apply"]
            case .commit: ["apply", "--commit"]
            case .inPlace: ["apply", "--in-place"]
            }
        }
    }

    private enum State: String { case original, complete }

    private func fileName(_ index: Int) -> String { "App/Screen\(index).swift" }

    private func source(_ index: Int) -> String {
        Samples.groupLifecycle.replacingOccurrences(of: "ContentView", with: "Screen\(index)View")
    }

    private func template() throws -> GitRepositoryFolder {
        let template = try GitRepositoryFolder()
        var files: [String: String] = [:]
        for index in 0..<fileCount { files[fileName(index)] = source(index) }
        try template.commit(files)
        return template
    }

    func testSIGKILLAtRandomPointsIsResumedOrAbortedToACleanState() throws {
        let template = try template()
        var durations: [Mode: Double] = [:]
        var migrated: [String: [UInt8]] = [:]
        for mode in Mode.allCases {
            let reference = try template.copy()
            let started = Date()
            let full = try ToolProcess.run(mode.arguments, in: reference.path)
            durations[mode] = Date().timeIntervalSince(started)
            XCTAssertEqual(full.status, 0, full.stderr)
            for index in 0..<fileCount { migrated[fileName(index)] = try reference.bytes(fileName(index)) }
        }
        XCTAssertNotEqual(migrated[fileName(0)], Array(source(0).utf8))

        var generator = SplitMix(seed: 20)
        var tally: [String: Int] = [:]
        for point in 0..<(pointsPerMode * Mode.allCases.count) {
            let mode = Mode.allCases[point % Mode.allCases.count]
            let slot = point / Mode.allCases.count
            let delay = durations[mode]! * 1.05 * (Double(slot) + generator.unit()) / Double(pointsPerMode)
            let repository = try template.copy()
            let process = try ChildProcess.start(try ToolProcess.binary(), mode.arguments, in: repository.path)
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let context = "\(mode.rawValue), killed at \(String(format: "%.2f", delay)) s"
            let journal = repository.path + "/.git/swiftui-migrate-journal"
            guard FileManager.default.fileExists(atPath: journal) else {
                // Before the first write, or after the last: nothing to recover. A kill while the journal itself was
                // being written leaves its temporary file in the git directory (out of the worktree, so `git add -A`
                // cannot pick it up); the next run sweeps it at start.
                let strayJournal = try FileManager.default.contentsOfDirectory(atPath: repository.path + "/.git")
                    .filter { $0.hasPrefix(".swiftui-migrate-journal.swiftui-migrate-") }
                if !strayJournal.isEmpty {
                    let next = try ToolProcess.run(["apply", "--resume"], in: repository.path)
                    XCTAssertEqual(next.status, 2, "\(next.stderr) \(context)")
                    XCTAssertTrue(next.stderr.hasPrefix("error: nothing to resume"), "\(next.stderr) \(context)")
                    tally["\(mode.rawValue): journal's own temporary file, swept by the next run", default: 0] += 1
                }
                let state = try verify(repository, mode: mode, expected: nil, migrated: migrated, context: context)
                tally["\(mode.rawValue): \(state.rawValue), no journal", default: 0] += 1
                continue
            }
            let before = try snapshot(repository)
            let refused = try ToolProcess.run(mode.arguments, in: repository.path)
            XCTAssertEqual(refused.status, 2, "a new run over the journal: \(context)")
            XCTAssertTrue(refused.stderr.hasPrefix("error: an interrupted apply"), "\(refused.stderr) \(context)")
            XCTAssertTrue(refused.stderr.contains("'swiftui-migrate apply --resume'"), context)
            XCTAssertTrue(refused.stderr.contains("'swiftui-migrate apply --abort'"), context)
            let named = (0..<fileCount).filter { refused.stderr.contains(fileName($0) + ": ") }
            XCTAssertEqual(named.count, fileCount, "every file's state is named: \(context)")
            XCTAssertEqual(try snapshot(repository), before, "the refused run changed something: \(context)")

            let resuming = generator.unit() < 0.5
            let recovery = try ToolProcess.run(["apply", resuming ? "--resume" : "--abort"], in: repository.path)
            XCTAssertEqual(recovery.status, 0, "\(recovery.stderr) \(context)")
            XCTAssertTrue(
                recovery.stderr.contains(resuming ? "resumed the interrupted apply" : "aborted the interrupted apply"),
                "\(recovery.stderr) \(context)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: journal), "journal left after recovery: \(context)")
            let state = try verify(
                repository, mode: mode, expected: resuming ? .complete : .original, migrated: migrated, context: context)
            tally["\(mode.rawValue): journal, \(resuming ? "resumed" : "aborted") to \(state.rawValue)", default: 0] += 1
            // The next run: "already applied" after a resume (from main), a fresh complete run after an abort.
            if mode == .commit {
                if resuming { _ = try RepositoryWholeness.git(["switch", "-q", "main"], in: repository.path) }
                let again = try ToolProcess.run(mode.arguments, in: repository.path)
                XCTAssertEqual(again.status, 0, "\(again.stderr) \(context)")
                XCTAssertEqual(again.stderr.contains("already applied"), resuming, "\(again.stderr) \(context)")
            }
        }
        print("kill recovery: \(pointsPerMode * Mode.allCases.count) SIGKILLs over a \(fileCount)-file apply ("
            + Mode.allCases.map { "\($0.rawValue) \(String(format: "%.1f", durations[$0]!)) s" }.joined(separator: ", ")
            + "): " + tally.keys.sorted().map { "\($0) ×\(tally[$0]!)" }.joined(separator: "; "))
        XCTAssertGreaterThan(tally.keys.filter { $0.contains("journal,") }.count, 0, "no kill landed mid-write")
    }

    func testAFileEditedSinceIsNamedWithTheCommandsThatKeepOrDropTheEdit() throws {
        let repository = try template().copy()
        let journal = repository.path + "/.git/swiftui-migrate-journal"
        let first = try killMidWrite(repository, ["apply", "--commit"], journal: journal)
        let edit = "// edited since\n"
        try Data(edit.utf8).write(to: URL(fileURLWithPath: repository.path + "/" + first))
        let before = try snapshot(repository)
        let keep = "mv \(first) \(first).mine && git checkout -- \(first) && swiftui-migrate apply --abort && mv \(first).mine \(first)"
        for recovery in ["abort", "resume"] {
            let refused = try ToolProcess.run(["apply", "--" + recovery], in: repository.path)
            XCTAssertEqual(refused.status, 2, refused.stderr)
            let tool = "swiftui-migrate apply --\(recovery)"
            XCTAssertEqual(refused.stderr, """
                error: cannot \(recovery): a file the interrupted apply wrote was edited since (neither the text it found nor the one it \
                wrote): \(first); nothing was changed
                  to keep your edit: \(keep.replacingOccurrences(of: "apply --abort", with: "apply --\(recovery)"))
                  to drop your edit: git checkout -- \(first) && \(tool)

                """)
            XCTAssertEqual(try snapshot(repository), before, "a refused --\(recovery) changed something")
        }
        // The first command as printed: the run is undone and the edit is kept, nothing else changed.
        let kept = try Self.shell(keep, in: repository.path)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertEqual(try repository.read(first), edit)
        let git = { (arguments: [String]) throws -> String in try RepositoryWholeness.git(arguments, in: repository.path).stdout }
        XCTAssertEqual(try git(["status", "--porcelain"]), " M \(first)\n")
        XCTAssertEqual(try git(["branch", "--list", "--format=%(refname)"]), "refs/heads/main\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: journal))

        // Killed again and edited: the second command drops the edit, and the run is finished.
        _ = try git(["checkout", "-q", "--", first])
        let second = try killMidWrite(repository, ["apply", "--commit"], journal: journal)
        let migrated = try repository.bytes(second)
        try Data(edit.utf8).write(to: URL(fileURLWithPath: repository.path + "/" + second))
        let dropped = try Self.shell("git checkout -- \(second) && swiftui-migrate apply --resume", in: repository.path)
        XCTAssertEqual(dropped.status, 0, dropped.stderr)
        XCTAssertEqual(try repository.bytes(second), migrated)
        XCTAssertEqual(try git(["status", "--porcelain"]), "", "the migration is committed")
        XCTAssertEqual(try git(["diff", "--name-only", "main", branch]).split(separator: "\n").count, fileCount)
        try RepositoryWholeness.assertWhole(repository.path, "after resume")
    }

    func testADamagedJournalIsSetAsideWithAMessageAndTheNextRunGoesOn() throws {
        let repository = try template().copy()
        let journal = repository.path + "/.git/swiftui-migrate-journal"
        _ = try killMidWrite(repository, ["apply", "--commit"], journal: journal)
        try Data("{\"version\": 1, \"cut".utf8).write(to: URL(fileURLWithPath: journal))
        let refused = try ToolProcess.run(["apply", "--abort"], in: repository.path)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertEqual(refused.stderr, "error: the journal \(journal) is damaged: an interrupted apply left it, but it cannot be read; "
            + "it is set aside as \(journal).damaged. Every file it covered is whole (each write is atomic), holding the text the "
            + "run found or the one it wrote: check them ('git status', and 'git branch' for a branch the run created), then run "
            + "apply again\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: journal))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: journal + ".damaged")), Data("{\"version\": 1, \"cut".utf8))
        // Not a dead end: what the message says to check, then a new run.
        let git = { (arguments: [String]) throws -> String in try RepositoryWholeness.git(arguments, in: repository.path).stdout }
        try RepositoryWholeness.assertWhole(repository.path, "after setting the journal aside")
        XCTAssertTrue(try git(["branch", "--list"]).contains("swiftui-migrate/lifecycle"))
        _ = try git(["reset", "-q", "--hard"])
        _ = try git(["switch", "-q", "main"])
        _ = try git(["branch", "-q", "-D", "swiftui-migrate/lifecycle"])
        let again = try ToolProcess.run(["apply", "--commit"], in: repository.path)
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    /// Runs `command` with /bin/sh in `directory`, with the tested binary first on PATH as `swiftui-migrate`.
    private static func shell(_ command: String, in directory: String) throws -> ToolResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        let binary = try ToolProcess.binary()
        precondition(binary.hasSuffix("/swiftui-migrate"))
        environment["PATH"] = URL(fileURLWithPath: binary).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
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

    func testInPlaceOutsideGitKeepsItsJournalInTheFolderAndResumes() throws {
        let folder = try TemporaryFolder()
        for index in 0..<fileCount { try folder.write(fileName(index), source(index)) }
        let journal = folder.path + "/.swiftui-migrate-journal"
        _ = try killMidWrite(folder, ["apply", "--in-place"], journal: journal)
        let refused = try ToolProcess.run(["apply", "--in-place"], in: folder.path)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("left its journal \(journal)"), refused.stderr)
        let resumed = try ToolProcess.run(["apply", "--resume"], in: folder.path)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: journal))
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.contains("swiftui-migrate") }
        XCTAssertEqual(leftovers, [])
        let again = try ToolProcess.run(["diff", "--exit-code"], in: folder.path)
        XCTAssertEqual(again.status, 0, "the resumed run left something to migrate: \(again.stdout)")
    }

    func testRecoveryWithoutAJournalIsAnError() throws {
        let repository = try template().copy()
        for recovery in ["--resume", "--abort"] {
            let result = try ToolProcess.run(["apply", recovery], in: repository.path)
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(
                result.stderr,
                "error: nothing to \(recovery.dropFirst(2)): no interrupted apply left a journal (\(repository.path)/.git/swiftui-migrate-journal)\n")
        }
        let mixed = try ToolProcess.run(["apply", "--resume", "--commit"], in: repository.path)
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stderr.contains("--resume takes only a path"), mixed.stderr)
    }

    // MARK: - Helpers

    /// Starts `arguments`, waits until the journal exists and a file holds its migration, and SIGKILLs the run;
    /// returns the first migrated file's path.
    private func killMidWrite(_ folder: TemporaryFolder, _ arguments: [String], journal: String) throws -> String {
        let process = try ChildProcess.start(try ToolProcess.binary(), arguments, in: folder.path)
        let first = fileName(0)
        let original = Array(source(0).utf8)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: journal), let now = try? folder.bytes(first), now != original {
                break
            }
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertTrue(FileManager.default.fileExists(atPath: journal), "the run ended before it could be killed mid-write")
        return first
    }

    /// Checks the repository is whole and in `expected` (or, when nil, in either state); says which.
    private func verify(
        _ repository: TemporaryFolder, mode: Mode, expected: State?, migrated: [String: [UInt8]], context: String
    ) throws -> State {
        let git = { (arguments: [String]) throws -> String in try RepositoryWholeness.git(arguments, in: repository.path).stdout }
        try RepositoryWholeness.assertWhole(repository.path, context)
        let branches = try git(["branch", "--list", "--format=%(refname)"]).split(separator: "\n").map(String.init)
        let head = try git(["symbolic-ref", "HEAD"])
        let original = (0..<fileCount).allSatisfy { (try? repository.bytes(fileName($0))) == Array(source($0).utf8) }
        let state: State = original && branches == ["refs/heads/main"] ? .original : .complete
        if let expected { XCTAssertEqual(state, expected, context) }
        switch state {
        case .original:
            XCTAssertEqual(head, "refs/heads/main\n", context)
            XCTAssertEqual(try git(["status", "--porcelain"]), "", context)
        case .complete:
            for index in 0..<fileCount {
                XCTAssertEqual(try repository.bytes(fileName(index)), migrated[fileName(index)], "\(fileName(index)): \(context)")
            }
            if mode == .inPlace {
                XCTAssertEqual(branches, ["refs/heads/main"], context)
                XCTAssertEqual(head, "refs/heads/main\n", context)
                let modified = try git(["status", "--porcelain"]).split(separator: "\n")
                XCTAssertEqual(modified.count, fileCount, context)
                XCTAssertTrue(modified.allSatisfy { $0.hasPrefix(" M ") }, context)
                break
            }
            XCTAssertEqual(branches, ["refs/heads/main", branch], context)
            XCTAssertEqual(head, branch + "\n", context)
            XCTAssertEqual(try git(["diff", "--name-only"]), "", "worktree differs from the index: \(context)")
            if mode == .commit {
                XCTAssertEqual(try git(["status", "--porcelain"]), "", "not all committed: \(context)")
                XCTAssertEqual(try git(["rev-parse", branch + "^"]), try git(["rev-parse", "main"]), context)
                XCTAssertEqual(try git(["diff", "--name-only", "main", branch]).split(separator: "\n").count, fileCount, context)
            } else {
                XCTAssertEqual(try git(["diff", "--cached", "--name-only"]).split(separator: "\n").count, fileCount, context)
            }
        }
        return state
    }

    /// The worktree's files and git's refs, HEAD and index, byte for byte (objects and reflogs left out, and what every
    /// run may tidy: the flock file and the temporary files of the killed run's writes, which are swept).
    private func snapshot(_ repository: TemporaryFolder) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for relative in try FileManager.default.subpathsOfDirectory(atPath: repository.path)
        where !relative.hasPrefix(".git/objects") && !relative.hasPrefix(".git/logs")
            && relative != ".git/swiftui-migrate.lock" && !relative.contains(".swiftui-migrate-") {
            let path = repository.path + "/" + relative
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return result
    }
}
