import Foundation
import XCTest

/// A folder of git repositories in every state a batch meets, built with the git CLI:
///
/// | name | state | scan | apply (no-checkout) |
/// |---|---|---|---|
/// | `clean` | nothing to migrate | clean | clean |
/// | `findings` | a Group with onAppear | pending | migrated |
/// | `applied` | `apply --no-checkout` already ran | pending | already-applied |
/// | `migrated` | `apply --commit` already ran: HEAD holds the migration | clean | clean |
/// | `dirty` | findings, plus an uncommitted edit of that file | pending | migrated (checkout untouched) |
/// | `bare.git` | a bare clone of a repository with findings | pending | migrated |
/// | `broken` | a `.git` file pointing nowhere | failed | failed |
/// | `corrupt-head` | HEAD holds garbage | failed | failed |
/// | `empty` | no commit yet | skipped | skipped |
/// | `docs` | no Swift file | skipped | skipped |
/// | `many` | 300 small Swift files, one with findings | pending | migrated |
final class BatchRepositories {
    let root: TemporaryFolder
    var path: String { root.path }

    /// Every repository name, sorted as the report sorts them.
    static let names = [
        "applied", "bare.git", "broken", "clean", "corrupt-head", "dirty", "docs", "empty", "findings", "many", "migrated",
    ]

    /// The names of the repositories that fail in every mode.
    static let failing = ["broken", "corrupt-head"]

    /// All the repositories, or only those named in `only` (for tests that need a few).
    init(only: Set<String>? = nil) throws {
        root = try TemporaryFolder()
        let wanted = { (name: String) in only?.contains(name) ?? true }
        if wanted("clean") { try makeRepository("clean", files: ["Sources/PlainView.swift": Samples.clean]) }
        if wanted("findings") { try makeRepository("findings", files: Self.withFinding) }
        if wanted("applied") {
            try makeRepository("applied", files: Self.withFinding)
            try tool(["apply", "--no-checkout"], in: "applied")
        }
        if wanted("migrated") {
            try makeRepository("migrated", files: Self.withFinding)
            try tool(["apply", "--commit"], in: "migrated")
        }
        if wanted("dirty") {
            try makeRepository("dirty", files: Self.withFinding)
            try root.write("dirty/App/ContentView.swift", Samples.groupLifecycle + "// local edit\n")
        }
        if wanted("bare.git") {
            try makeRepository("bare-source", files: Self.withFinding)
            try git(["clone", "-q", "--bare", "bare-source", "bare.git"], in: ".")
            try FileManager.default.removeItem(atPath: path + "/bare-source")
            try identity(in: "bare.git")
        }
        if wanted("broken") {
            try root.write("broken/.git", "gitdir: /nonexistent/swiftui-migrate-batch-test\n")
            try root.write("broken/App/ContentView.swift", Samples.groupLifecycle)
        }
        if wanted("corrupt-head") {
            try makeRepository("corrupt-head", files: Self.withFinding)
            try root.write("corrupt-head/.git/HEAD", "this is not a reference\n")
        }
        if wanted("empty") {
            try FileManager.default.createDirectory(atPath: path + "/empty", withIntermediateDirectories: true)
            try git(["init", "-q", "-b", "main"], in: "empty")
        }
        if wanted("docs") { try makeRepository("docs", files: ["README.md": "# Docs\n"]) }
        if wanted("many") {
            var many = ["App/ContentView.swift": Samples.groupLifecycle]
            for index in 0..<299 { many["App/Views/View\(index).swift"] = "struct View\(index) {}\n" }
            try makeRepository("many", files: many)
        }
        try FileManager.default.createDirectory(atPath: path + "/not-a-repository", withIntermediateDirectories: true)
    }

    static let withFinding = ["App/ContentView.swift": Samples.groupLifecycle, "App/PlainView.swift": Samples.clean]

    /// `git init` in `name`, a local identity, the files committed.
    func makeRepository(_ name: String, files: [String: String]) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: name)
        try identity(in: name)
        for (file, contents) in files { try root.write(name + "/" + file, contents) }
        try git(["add", "."], in: name)
        try git(["commit", "-q", "-m", "initial"], in: name)
    }

    private func identity(in name: String) throws {
        try git(["config", "user.name", "Test Author"], in: name)
        try git(["config", "user.email", "author@example.com"], in: name)
        try git(["config", "commit.gpgsign", "false"], in: name)
    }

    private func tool(_ arguments: [String], in name: String) throws {
        let result = try ToolProcess.run(arguments, in: path + "/" + name)
        guard result.status == 0 else { throw XCTSkip("could not prepare \(name): \(result.stderr)") }
    }

    /// Runs git in the repository `name` (a folder under the root; "." for the root) and returns its output.
    @discardableResult
    func git(_ arguments: [String], in name: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: path + "/" + name)
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
            throw XCTSkip("git \(arguments.joined(separator: " ")) in \(name) failed with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every file of repository `name` with its bytes, git's objects and logs left out (git may pack them; a
    /// bare repository keeps them at its top).
    func snapshot(_ name: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = URL(fileURLWithPath: path + "/" + name).resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return result
        }
        for case let url as URL in enumerator {
            let relative = String(url.resolvingSymlinksInPath().path.dropFirst(base.path.count + 1))
            let gitPath = relative.hasPrefix(".git/") ? String(relative.dropFirst(5)) : relative
            if gitPath.hasPrefix("objects/") || gitPath.hasPrefix("logs/") { continue }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            result[relative] = try Data(contentsOf: url)
        }
        return result
    }
}

/// Reading `batch --report` JSON in tests.
enum BatchReportJSON {
    /// The report as a dictionary.
    static func parse(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// The report in `file`.
    static func read(_ file: String) throws -> [String: Any] {
        try parse(String(contentsOfFile: file, encoding: .utf8))
    }

    /// Each repository object by name.
    static func repositories(_ report: [String: Any]) throws -> [String: [String: Any]] {
        let list = try XCTUnwrap(report["repositories"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", $0) })
    }

    /// Each repository's status by name.
    static func statuses(_ report: [String: Any]) throws -> [String: String] {
        try repositories(report).mapValues { $0["status"] as? String ?? "" }
    }

    /// The report re-encoded with sorted keys, without the fields that measure time or name the shard, so runs
    /// that did the same work compare equal.
    static func comparable(_ report: [String: Any]) throws -> String {
        var copy = report
        copy["elapsedSeconds"] = nil
        copy["shard"] = nil
        if var totals = copy["totals"] as? [String: Any] {
            totals["durationSeconds"] = nil
            copy["totals"] = totals
        }
        copy["repositories"] = (report["repositories"] as? [[String: Any]] ?? []).map { repository in
            var repository = repository
            repository["durationSeconds"] = nil
            return repository
        }
        let data = try JSONSerialization.data(withJSONObject: copy, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }
}
