import Foundation
import XCTest

/// A run that sees no file must not look clean: a folder in a git repository that gives no tracked
/// `.swift` file though it holds some is one line saying why and exit 2; `--no-git` walks the folder;
/// a named untracked folder is scanned. Real repositories made with the git CLI.
final class EmptyRunTests: XCTestCase {
    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    private func errorLines(_ result: ToolResult) -> [String] { lines(result.stderr).filter { $0.hasPrefix("error:") } }

    /// The files each line of `scan`'s output names, in order.
    private func scannedFiles(_ result: ToolResult) -> [String] {
        lines(result.stdout).map { String($0.prefix(while: { $0 != ":" })) }
    }

    /// A committed repository with a finding in App/ContentView.swift and a clean App/PlainView.swift.
    private func committedRepository() throws -> GitRepositoryFolder {
        let repository = try GitRepositoryFolder()
        try repository.commit(["App/ContentView.swift": Samples.groupLifecycle, "App/PlainView.swift": Samples.clean])
        return repository
    }

    func testAMissingIndexIsAnErrorNamingItNotACleanRun() throws {
        let repository = try committedRepository()
        try FileManager.default.removeItem(atPath: repository.path + "/.git/index")
        let before = try repository.snapshot()
        for arguments in [["scan"], ["scan", "App"], ["diff"], ["apply", "--in-place", "App"], ["apply"]] {
            let result = try ToolProcess.run(arguments, in: repository.path)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            let errors = errorLines(result)
            XCTAssertEqual(errors.count, 1, "\(arguments): \(result.stderr)")
            let folder = arguments.count > 1 && arguments.last == "App" ? "App" : "."
            XCTAssertEqual(errors.first, "error: \(folder) holds 2 .swift files but git tracks none: the repository has no index "
                + "(.git/index is missing, as after a failed checkout); run 'git reset' to rebuild it from HEAD, "
                + "or pass --no-git to scan the folder as it is on disk", "\(arguments)")
        }
        XCTAssertEqual(try repository.snapshot(), before, "nothing was changed")

        let walked = try ToolProcess.run(["scan", "--no-git"], in: repository.path)
        XCTAssertEqual(walked.status, 1, walked.stderr)
        XCTAssertEqual(scannedFiles(walked), ["App/ContentView.swift"])

        // The fix the message names works.
        try repository.git("reset", "-q")
        let repaired = try ToolProcess.run(["scan"], in: repository.path)
        XCTAssertEqual(repaired.status, 1, repaired.stderr)
        XCTAssertEqual(scannedFiles(repaired), ["App/ContentView.swift"])
    }

    func testARepositoryWithNothingAddedSaysSo() throws {
        let repository = try GitRepositoryFolder()
        try repository.folder.write("App/ContentView.swift", Samples.groupLifecycle)
        let result = try ToolProcess.run(["scan"], in: repository.path)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(errorLines(result), [
            "error: . holds 1 .swift file but git tracks none (1 untracked; nothing is committed yet); "
                + "'git add' them or name the files to scan, or pass --no-git to scan the folder as it is on disk",
        ])
    }

    func testAFolderWhoseSwiftFilesAreAllUntrackedOrIgnoredSaysWhichAndHowMany() throws {
        let repository = try committedRepository()
        try repository.commit(["Notes/README.md": "notes\n", ".gitignore": "Notes/Draft*.swift\n"], message: "notes")
        try repository.folder.write("Notes/Scratch.swift", Samples.groupLifecycle)
        try repository.folder.write("Notes/Other.swift", Samples.groupLifecycle)
        try repository.folder.write("Notes/Draft1.swift", Samples.groupLifecycle)
        let result = try ToolProcess.run(["scan", "Notes"], in: repository.path)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(errorLines(result), [
            "error: Notes holds 3 .swift files but git tracks none (2 untracked, 1 ignored); "
                + "'git add' them or name the files to scan, or pass --no-git to scan the folder as it is on disk",
        ])
        let walked = try ToolProcess.run(["scan", "--no-git", "Notes"], in: repository.path)
        XCTAssertEqual(scannedFiles(walked), ["Notes/Draft1.swift", "Notes/Other.swift", "Notes/Scratch.swift"])
    }

    func testANamedUntrackedFolderIsScannedAndTheRepositoryScanStillTakesTrackedFilesOnly() throws {
        let repository = try committedRepository()
        try repository.folder.write("NewFeature/FeatureView.swift", Samples.groupLifecycle)
        try repository.folder.write("NewFeature/Rows/RowView.swift", Samples.groupLifecycle)
        try repository.folder.write("NewFeature/.build/Generated.swift", Samples.groupLifecycle)
        try repository.folder.write(".gitignore", "*.ignored.swift\n")
        try repository.folder.write("NewFeature/Skip.ignored.swift", Samples.groupLifecycle)

        let named = try ToolProcess.run(["scan", "NewFeature"], in: repository.path)
        XCTAssertEqual(named.status, 1, named.stderr)
        XCTAssertEqual(scannedFiles(named), ["NewFeature/FeatureView.swift", "NewFeature/Rows/RowView.swift"],
                       "the untracked folder's files, less build output and what git ignores")
        let namedWithSlash = try ToolProcess.run(["scan", "NewFeature/"], in: repository.path)
        XCTAssertEqual(scannedFiles(namedWithSlash), ["NewFeature/FeatureView.swift", "NewFeature/Rows/RowView.swift"])
        let nested = try ToolProcess.run(["scan", "NewFeature/Rows"], in: repository.path)
        XCTAssertEqual(scannedFiles(nested), ["NewFeature/Rows/RowView.swift"])

        let whole = try ToolProcess.run(["scan"], in: repository.path)
        XCTAssertEqual(scannedFiles(whole), ["App/ContentView.swift"], "a folder run takes tracked files only")

        // apply --in-place writes the named untracked folder too; git state stays as it was.
        let status = try repository.git("status", "--porcelain")
        let applied = try ToolProcess.run(["apply", "--in-place", "NewFeature"], in: repository.path)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertTrue(try repository.folder.read("NewFeature/FeatureView.swift").contains("ZStack {"))
        XCTAssertEqual(try repository.folder.read("NewFeature/Skip.ignored.swift"), Samples.groupLifecycle)
        XCTAssertEqual(try repository.git("status", "--porcelain"), status)
    }

    func testANamedFolderGitIgnoresIsAnErrorUnlessNoGit() throws {
        let repository = try committedRepository()
        try repository.commit([".gitignore": "Generated/\n"], message: "ignore")
        try repository.folder.write("Generated/Model.swift", Samples.groupLifecycle)
        let result = try ToolProcess.run(["scan", "Generated"], in: repository.path)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(errorLines(result), [
            "error: Generated holds 1 .swift file but git ignores it; name a file to scan it, "
                + "or pass --no-git to scan the folder as it is on disk",
        ])
        let file = try ToolProcess.run(["scan", "Generated/Model.swift"], in: repository.path)
        XCTAssertEqual(scannedFiles(file), ["Generated/Model.swift"], "a named file is scanned, ignored or not")
        let walked = try ToolProcess.run(["scan", "--no-git", "Generated"], in: repository.path)
        XCTAssertEqual(scannedFiles(walked), ["Generated/Model.swift"])
    }

    func testAFolderWithNoSwiftFileAtAllIsStillAnEmptyCleanRun() throws {
        let repository = try committedRepository()
        try repository.commit(["Docs/README.md": "# Docs\n"], message: "docs")
        let result = try ToolProcess.run(["scan", "Docs"], in: repository.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(errorLines(result), [])
    }

    func testAConfigurationThatExcludesEveryFileIsAnErrorNotAPass() throws {
        let repository = try GitRepositoryFolder()
        try repository.commit([
            "Sources/FeedView.swift": Samples.groupLifecycle, "Other/PlainView.swift": Samples.clean,
            ".swiftui-migrate.json": #"{"exclude": ["Sources/", "Other/"]}"#,
        ])
        let before = try repository.snapshot()
        let excludesAll = "holds 2 .swift files but the configuration's include/exclude leave out every one; "
            + "nothing was checked — change the globs, or name a file to check it"
        for arguments in [["scan"], ["scan", "--no-git"], ["scan", "--format", "json"], ["diff"], ["apply"], ["apply", "--no-checkout"], ["apply", "--in-place", "."]] {
            let result = try ToolProcess.run(arguments, in: repository.path)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(lines(result.stderr), ["error: . \(excludesAll)"], "\(arguments)")
        }
        let folder = try ToolProcess.run(["scan", "Sources"], in: repository.path)
        XCTAssertEqual(folder.status, 2, folder.stderr)
        XCTAssertEqual(errorLines(folder), ["error: Sources holds 1 .swift file but the configuration's include/exclude leave it out; "
            + "nothing was checked — change the globs, or name a file to check it"])
        XCTAssertEqual(try repository.snapshot(), before, "nothing was changed")

        // A named file is checked whatever the globs say; with --force-exclude (pre-commit) it is
        // skipped, and a hook given only excluded files passes.
        let named = try ToolProcess.run(["scan", "Sources/FeedView.swift"], in: repository.path)
        XCTAssertEqual(named.status, 1, named.stderr)
        XCTAssertEqual(scannedFiles(named), ["Sources/FeedView.swift"])
        let hook = try ToolProcess.run(["scan", "--force-exclude", "Sources/FeedView.swift"], in: repository.path)
        XCTAssertEqual(hook.status, 0, hook.stderr)
        XCTAssertEqual(errorLines(hook), [])
    }

    func testABareRepositoryIsAnErrorNamingTheCommandThatReadsHEAD() throws {
        let repository = try committedRepository()
        let bare = try TemporaryFolder()
        try runGit(["clone", "-q", "--bare", repository.path, bare.path + "/App.git"], in: bare.path)
        let result = try ToolProcess.run(["scan"], in: bare.path + "/App.git")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(errorLines(result), [
            "error: . is a bare git repository, with no work tree to check; run 'swiftui-migrate batch --mode scan .' (it reads HEAD), "
                + "or 'apply --no-checkout', which commits HEAD's files, migrated, onto a new branch",
        ])
        // The command it names works there.
        let batch = try ToolProcess.run(["batch", "--mode", "scan", "."], in: bare.path + "/App.git")
        XCTAssertEqual(batch.status, 1, batch.stderr)
        XCTAssertTrue(batch.stderr.contains("pending"), batch.stderr)
    }

    func testNoGitIsRefusedInTheGitModesOfApply() throws {
        let repository = try committedRepository()
        let result = try ToolProcess.run(["apply", "--no-git"], in: repository.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(errorLines(result), [
            "error: --no-git takes untracked files, which the git modes never touch; use it with --in-place",
        ])
    }

    func testBatchReportsARepositoryWhoseSwiftFilesAreUntrackedAsFailedNotClean() throws {
        let root = try TemporaryFolder()
        func repository(_ name: String, committed: [String: String], untracked: [String: String]) throws {
            let folder = root.path + "/" + name
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (command) in [["init", "-q", "-b", "main"], ["config", "user.name", "T"], ["config", "user.email", "t@example.com"]] {
                try runGit(command, in: folder)
            }
            for (path, text) in committed.merging(untracked, uniquingKeysWith: { $1 }) { try root.write(name + "/" + path, text) }
            try runGit(["add"] + committed.keys.sorted(), in: folder)
            try runGit(["commit", "-q", "-m", "initial"], in: folder)
        }
        try repository("untracked", committed: ["README.md": "readme\n"], untracked: ["App/ContentView.swift": Samples.groupLifecycle])
        try repository("excluded", committed: [
            "App/ContentView.swift": Samples.groupLifecycle, ".swiftui-migrate.json": "{\"exclude\": [\"App/\"]}\n",
        ], untracked: [:])
        try repository("docs", committed: ["README.md": "readme\n"], untracked: [:])
        for mode in ["scan", "apply"] {
            let result = try ToolProcess.run(["batch", "--root", ".", "--mode", mode, "--report", "\(mode).json"], in: root.path)
            XCTAssertEqual(result.status, 2, result.stderr)
            let report = try BatchReportJSON.read(root.path + "/\(mode).json")
            XCTAssertEqual(try BatchReportJSON.statuses(report), ["untracked": "failed", "excluded": "skipped", "docs": "skipped"], mode)
            let reasons = try BatchReportJSON.repositories(report).mapValues { $0["reason"] as? String }
            XCTAssertEqual(reasons["excluded"], "its only Swift file excluded by the configuration", mode)
            XCTAssertEqual(reasons["docs"], "no Swift files", mode)
            let untracked = try XCTUnwrap(try BatchReportJSON.repositories(report)["untracked"])
            XCTAssertEqual(untracked["error"] as? String,
                           "HEAD has no .swift file, though the worktree holds 1 (untracked or ignored); "
                            + "commit them, or scan the folder with 'swiftui-migrate scan --no-git'")
        }
    }

    private func runGit(_ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
    }
}
