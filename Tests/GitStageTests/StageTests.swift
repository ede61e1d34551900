import Foundation
import XCTest

@testable import GitStage

/// Staging on real repositories, each result checked with the `git` CLI.
final class StageTests: GitStageTestCase {
    static let branch = StagePlan.defaultBranch

    /// A plan rewriting `changes` (path → new text), originals read from the worktree.
    func plan(_ fixture: FixtureRepository, _ changes: [String: String], commit: CommitOptions? = nil) throws -> StagePlan {
        let rewrites = try changes.keys.sorted().map { path in
            FileRewrite(path: path, original: try fixture.read(path), migrated: Array(changes[path]!.utf8))
        }
        return StagePlan(rewrites: rewrites, commit: commit ?? CommitOptions(title: "Migrate SwiftUI lifecycle code"))
    }

    func testStageStagesExactlyTheChangedFiles() throws {
        let fixture = try FixtureRepository([
            "App/A.swift": "a\n", "App/B.swift": "b\n", "App/Same.swift": "s\n", "Other.swift": "o\n",
        ])
        try fixture.write("Other.swift", "user edit\n")
        try fixture.write("Untracked.swift", "u\n")
        let base = try fixture.trimmedGit("rev-parse", "HEAD")
        var plan = try plan(fixture, ["App/A.swift": "A\n", "App/B.swift": "B\n"])
        plan.rewrites.append(FileRewrite(path: "App/Same.swift", original: bytes("s\n"), migrated: bytes("s\n")))

        let outcome = try fixture.open().stage(plan, mode: .stage)

        XCTAssertEqual(outcome.result, .staged)
        XCTAssertEqual(outcome.changedPaths, ["App/A.swift", "App/B.swift"])
        XCTAssertEqual(outcome.base.hex, base)
        XCTAssertEqual(outcome.branch, Self.branch)
        XCTAssertEqual(try fixture.git("status", "--porcelain"), "M  App/A.swift\nM  App/B.swift\n M Other.swift\n?? Untracked.swift\n")
        XCTAssertEqual(try fixture.trimmedGit("branch", "--show-current"), Self.branch)
        XCTAssertEqual(try fixture.trimmedGit("rev-parse", "HEAD"), base)
        XCTAssertEqual(try fixture.trimmedGit("rev-parse", "main"), base)
        XCTAssertEqual(try fixture.read("App/A.swift"), bytes("A\n"))
        XCTAssertEqual(try fixture.read("Other.swift"), bytes("user edit\n"))
        XCTAssertEqual(try fixture.trimmedGit("diff", "--cached", "--stat"), """
            App/A.swift | 2 +-
             App/B.swift | 2 +-
             2 files changed, 2 insertions(+), 2 deletions(-)
            """)
    }

    func testStageAndCommitWritesMessageTrailersAndConfiguredIdentity() throws {
        let fixture = try FixtureRepository(["App/A.swift": "a\n", "Other.swift": "o\n"])
        try fixture.write("Other.swift", "staged by the user\n")
        try fixture.git("add", "Other.swift")
        let base = try fixture.trimmedGit("rev-parse", "HEAD")
        let options = CommitOptions(
            title: "Migrate SwiftUI lifecycle code", body: "App/A.swift: group-lifecycle rewritten (preserving)",
            trailers: [Trailer("Migrated-by", "swiftui-migrate 0.1.0"), Trailer("Rules", "group-lifecycle")])

        let outcome = try fixture.open().stage(plan(fixture, ["App/A.swift": "A\n"], commit: options), mode: .stageAndCommit)

        guard case .committed(let commit) = outcome.result else { return XCTFail("\(outcome)") }
        XCTAssertEqual(try fixture.trimmedGit("rev-parse", "HEAD"), commit.hex)
        XCTAssertEqual(try fixture.trimmedGit("rev-parse", "HEAD^"), base)
        XCTAssertEqual(try fixture.trimmedGit("branch", "--show-current"), Self.branch)
        XCTAssertEqual(try fixture.git("log", "-1", "--format=%an <%ae>|%cn <%ce>"), "Repo Owner <owner@example.com>|Repo Owner <owner@example.com>\n")
        XCTAssertEqual(try fixture.git("log", "-1", "--format=%B"), """
            Migrate SwiftUI lifecycle code

            App/A.swift: group-lifecycle rewritten (preserving)

            Migrated-by: swiftui-migrate 0.1.0
            Rules: group-lifecycle


            """)
        XCTAssertEqual(try GitStageTests.git(["interpret-trailers", "--parse"], in: fixture.path, input: try fixture.git("log", "-1", "--format=%B")),
                       "Migrated-by: swiftui-migrate 0.1.0\nRules: group-lifecycle\n")
        // Only the migrated file is in the commit; the user's own staged change stays staged.
        XCTAssertEqual(try fixture.git("show", "--format=", "--name-only", "HEAD"), "App/A.swift\n")
        XCTAssertEqual(try fixture.git("status", "--porcelain"), "M  Other.swift\n")
        XCTAssertEqual(try fixture.git("show", "HEAD:App/A.swift"), "A\n")
    }

    func testAuthorOverrideWithoutConfiguredIdentityCommitsAsAuthor() throws {
        let fixture = try FixtureRepository(["A.swift": "a\n"])
        try fixture.git("config", "--unset", "user.name")
        try fixture.git("config", "--unset", "user.email")
        let author = try Identity(parsing: "  Migration Bot <bot@example.com> ")
        XCTAssertEqual(author, Identity(name: "Migration Bot", email: "bot@example.com"))
        let options = CommitOptions(title: "Migrate", author: author)
        _ = try fixture.open().stage(plan(fixture, ["A.swift": "A\n"], commit: options), mode: .stageAndCommit)
        XCTAssertEqual(try fixture.git("log", "-1", "--format=%an <%ae>|%cn <%ce>|%B"), "Migration Bot <bot@example.com>|Migration Bot <bot@example.com>|Migrate\n\n")
    }

    func testAuthorOverrideKeepsConfiguredCommitter() throws {
        let fixture = try FixtureRepository(["A.swift": "a\n"])
        let options = CommitOptions(title: "Migrate", author: Identity(name: "Someone Else", email: "else@example.com"))
        _ = try fixture.open().stage(plan(fixture, ["A.swift": "A\n"], commit: options), mode: .noCheckout)
        XCTAssertEqual(try fixture.git("log", "-1", "--format=%an <%ae>|%cn <%ce>", Self.branch),
                       "Someone Else <else@example.com>|Repo Owner <owner@example.com>\n")
    }

    func testMissingIdentityIsAClearErrorAndChangesNothing() throws {
        let fixture = try FixtureRepository(["A.swift": "a\n"])
        try fixture.git("config", "--unset", "user.name")
        try fixture.git("config", "--unset", "user.email")
        let plan = try plan(fixture, ["A.swift": "A\n"])
        for mode in [StageMode.stageAndCommit, .noCheckout] {
            let before = try fixture.snapshot()
            XCTAssertThrowsError(try fixture.open().stage(plan, mode: mode)) { error in
                XCTAssertEqual(error as? GitStageError, .missingIdentity)
                XCTAssertTrue("\(error)".hasPrefix("no git identity configured"))
            }
            assertUnchanged(before, try fixture.snapshot())
        }
        XCTAssertThrowsError(try Identity(parsing: "no email")) { error in
            XCTAssertEqual(error as? GitStageError, .invalidIdentity("no email"))
        }
    }

    func testNoCheckoutOnDirtyCheckoutLeavesWorktreeIndexAndHeadAlone() throws {
        let fixture = try FixtureRepository(["App/A.swift": "a\n", "App/B.swift": "b\n"])
        try fixture.write("App/A.swift", "uncommitted edit\n")
        try fixture.write("App/B.swift", "staged edit\n")
        try fixture.git("add", "App/B.swift")
        try fixture.write("Untracked.swift", "u\n")
        let base = try fixture.trimmedGit("rev-parse", "HEAD")
        let repository = try fixture.open()
        let original = try XCTUnwrap(repository.headBlob(path: "App/A.swift"))
        let plan = StagePlan(rewrites: [FileRewrite(path: "App/A.swift", original: original, migrated: bytes("A\n"))])
        let statusBefore = try fixture.git("status", "--porcelain")
        let before = try fixture.snapshot()

        let outcome = try repository.stage(plan, mode: .noCheckout)

        let after = try fixture.snapshot().filter { !$0.key.contains(Self.branch) && $0.key != ".git/refs/heads/swiftui-migrate" && $0.key != ".git/logs/refs/heads/swiftui-migrate" }
        assertUnchanged(before, after)
        guard case .committed(let commit) = outcome.result else { return XCTFail("\(outcome)") }
        XCTAssertEqual(try fixture.git("status", "--porcelain"), statusBefore)
        XCTAssertEqual(try fixture.trimmedGit("rev-parse", "HEAD"), base)
        XCTAssertEqual(try fixture.trimmedGit("branch", "--show-current"), "main")
        XCTAssertEqual(try fixture.trimmedGit("rev-parse", Self.branch), commit.hex)
        XCTAssertEqual(try fixture.trimmedGit("rev-parse", Self.branch + "^"), base)
        XCTAssertEqual(try fixture.git("show", Self.branch + ":App/A.swift"), "A\n")
        XCTAssertEqual(try fixture.git("show", Self.branch + ":App/B.swift"), "b\n")
        XCTAssertEqual(try fixture.git("show", "--format=", "--name-only", Self.branch), "App/A.swift\n")
    }

    func testNoCheckoutInBareRepositoryAndDetachedHead() throws {
        let fixture = try FixtureRepository(["App/A.swift": "a\n"])
        try GitStageTests.git(["clone", "-q", "--bare", fixture.path, "bare.git"], in: fixture.scratch.path)
        let barePath = fixture.scratch.path + "/bare.git"
        try GitStageTests.git(["config", "user.name", "Bare Owner"], in: barePath)
        try GitStageTests.git(["config", "user.email", "bare@example.com"], in: barePath)
        let bare = try Repository.discover(from: barePath)
        let plan = StagePlan(rewrites: [FileRewrite(path: "App/A.swift", original: bytes("a\n"), migrated: bytes("A\n"))])
        XCTAssertThrowsError(try bare.stage(plan, mode: .stage)) { error in
            XCTAssertEqual(error as? GitStageError, .bareRepository(path: barePath))
        }
        let outcome = try bare.stage(plan, mode: .noCheckout)
        guard case .committed = outcome.result else { return XCTFail("\(outcome)") }
        XCTAssertEqual(try GitStageTests.git(["show", Self.branch + ":App/A.swift"], in: barePath), "A\n")
        XCTAssertEqual(try GitStageTests.git(["symbolic-ref", "HEAD"], in: barePath), "refs/heads/main\n")

        try fixture.git("checkout", "-q", "--detach")
        let detached = try fixture.open().stage(plan, mode: .noCheckout)
        guard case .committed = detached.result else { return XCTFail("\(detached)") }
        XCTAssertEqual(try fixture.trimmedGit("rev-parse", Self.branch + "^"), try fixture.trimmedGit("rev-parse", "HEAD"))
    }

    func testRerunReportsAlreadyApplied() throws {
        let fixture = try FixtureRepository(["A.swift": "a\n"])
        let plan = try plan(fixture, ["A.swift": "A\n"])
        let first = try fixture.open().stage(plan, mode: .noCheckout)
        guard case .committed(let commit) = first.result else { return XCTFail("\(first)") }
        let before = try fixture.snapshot()
        let second = try fixture.open().stage(plan, mode: .noCheckout)
        XCTAssertEqual(second.result, .alreadyApplied(commit))
        // The stage modes recognise the same commit too.
        XCTAssertEqual(try fixture.open().stage(plan, mode: .stage).result, .alreadyApplied(commit))
        XCTAssertEqual(try fixture.open().stage(plan, mode: .stageAndCommit).result, .alreadyApplied(commit))
        assertUnchanged(before, try fixture.snapshot())

        // A different migration on the same branch name is refused, naming the branch.
        let other = try self.plan(fixture, ["A.swift": "different\n"])
        XCTAssertThrowsError(try fixture.open().stage(other, mode: .noCheckout)) { error in
            XCTAssertEqual(error as? GitStageError, .branchExists(name: Self.branch))
            XCTAssertTrue("\(error)".contains("'swiftui-migrate/lifecycle'"))
        }
        assertUnchanged(before, try fixture.snapshot())
    }

    func testStageAndCommitThenRerunFromMainIsAlreadyApplied() throws {
        let fixture = try FixtureRepository(["A.swift": "a\n"])
        let plan = try plan(fixture, ["A.swift": "A\n"])
        let first = try fixture.open().stage(plan, mode: .stageAndCommit)
        guard case .committed(let commit) = first.result else { return XCTFail("\(first)") }
        try fixture.git("checkout", "-q", "main")
        XCTAssertEqual(try fixture.open().stage(plan, mode: .stage).result, .alreadyApplied(commit))
        XCTAssertEqual(try fixture.trimmedGit("branch", "--show-current"), "main")
    }

    func testBytesModeAndLineEndingsPreserved() throws {
        let fixture = try FixtureRepository(["crlf.swift": "a\r\nb\r\n", "tail.swift": "x\ny", "run.swift": "r\n"])
        XCTAssertEqual(chmod(fixture.file("run.swift"), 0o755), 0)
        try fixture.git("add", ".")
        try fixture.git("commit", "-q", "-m", "exec")
        let changes = ["crlf.swift": "a\r\nB\r\n", "tail.swift": "x\nY", "run.swift": "R\n"]
        let plan = try plan(fixture, changes)
        _ = try fixture.open().stage(plan, mode: .stageAndCommit)
        for (path, text) in changes {
            XCTAssertEqual(try fixture.read(path), bytes(text), path)
            XCTAssertEqual(try GitStageTests.git(["cat-file", "blob", "HEAD:" + path], in: fixture.path), text, path)
        }
        XCTAssertEqual(try fixture.scratch.mode("repo/run.swift"), 0o755)
        XCTAssertTrue(try fixture.git("ls-tree", "HEAD", "run.swift").hasPrefix("100755 "))
        XCTAssertEqual(try fixture.git("status", "--porcelain"), "")

        try fixture.git("checkout", "-q", "main")
        try fixture.git("branch", "-D", "-q", Self.branch)
        _ = try fixture.open().stage(plan, mode: .noCheckout)
        XCTAssertTrue(try fixture.git("ls-tree", Self.branch, "run.swift").hasPrefix("100755 "))
        XCTAssertEqual(try fixture.git("cat-file", "blob", Self.branch + ":crlf.swift"), "a\r\nB\r\n")
    }

    func testSymbolicLinkAndSubmoduleAreSkipped() throws {
        let library = try FixtureRepository(["Lib.swift": "lib\n"])
        let fixture = try FixtureRepository(["Real.swift": "real\n"])
        try FileManager.default.createSymbolicLink(atPath: fixture.file("Link.swift"), withDestinationPath: "Real.swift")
        try fixture.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", library.path, "Vendor/Lib")
        try fixture.git("add", ".")
        try fixture.git("commit", "-q", "-m", "links")
        let plan = StagePlan(rewrites: [
            FileRewrite(path: "Link.swift", original: bytes("real\n"), migrated: bytes("REAL\n")),
            FileRewrite(path: "Vendor/Lib/Lib.swift", original: bytes("lib\n"), migrated: bytes("LIB\n")),
        ])
        for mode in [StageMode.stage, .noCheckout] {
            let before = try fixture.snapshot()
            let outcome = try fixture.open().stage(plan, mode: mode)
            XCTAssertEqual(outcome.result, .nothingToStage)
            XCTAssertEqual(outcome.skipped, [
                SkippedRewrite(path: "Link.swift", reason: .symbolicLink),
                SkippedRewrite(path: "Vendor/Lib/Lib.swift", reason: .submodule),
            ])
            assertUnchanged(before, try fixture.snapshot())
        }
        XCTAssertEqual(try fixture.read("Real.swift"), bytes("real\n"))
        XCTAssertEqual(try fixture.read("Vendor/Lib/Lib.swift"), bytes("lib\n"))
        XCTAssertEqual(try fixture.trimmedGit("branch", "--list", Self.branch), "")
    }

    func testLinkedWorktree() throws {
        let fixture = try FixtureRepository(["A.swift": "a\n"])
        let linked = fixture.scratch.path + "/linked"
        try fixture.git("worktree", "add", "-q", "-b", "feature", linked)
        let repository = try Repository.discover(from: linked)
        XCTAssertEqual(repository.workdir, linked)
        let plan = StagePlan(rewrites: [FileRewrite(path: "A.swift", original: bytes("a\n"), migrated: bytes("A\n"))])
        XCTAssertEqual(try repository.stage(plan, mode: .stage).result, .staged)
        XCTAssertEqual(try GitStageTests.git(["status", "--porcelain"], in: linked), "M  A.swift\n")
        XCTAssertEqual(try GitStageTests.git(["branch", "--show-current"], in: linked), Self.branch + "\n")
        XCTAssertEqual(try fixture.trimmedGit("branch", "--show-current"), "main")
        XCTAssertEqual(try fixture.git("status", "--porcelain"), "")
    }
}
