import Foundation
import GitStage
import SwiftUIMigrate

/// Runs the batch's mode in one repository and says what happened, never throwing: any error becomes a `failed`
/// result, so one broken repository cannot stop the others.
///
/// Scan and diff modes read HEAD's tree (what apply's default no-checkout mode migrates), so they work the same in
/// bare repositories and ignore local edits. Each job opens its own `Repository` (they are not `Sendable`).
struct RepositoryJob: Sendable {
    let repository: BatchRepository
    let mode: BatchMode
    /// The batch's `--rules`, `--strategy`, `--config`, `--only`, `--baseline`, `--max-file-size`.
    let options: MigrationOptions
    /// The batch's `--branch`, `--message`, `--author` (apply mode).
    let commit: CommitSettings
    /// The batch's `--push REMOTE` (apply): where each migration branch goes.
    let push: String?
    /// The batch's `--pr-body-dir DIR` (apply): where each repository's Markdown summary goes.
    let pullRequestBodyFolder: String?

    /// What a job produced.
    struct Output: Sendable, Codable {
        var result: RepositoryResult
        /// Diff mode: the repository's patch, preceded by a `# repository: NAME` line; empty otherwise.
        var patch: String
    }

    /// Runs the job, timing it.
    func run() -> Output {
        let stopwatch = Stopwatch()
        var result = RepositoryResult(name: repository.name, path: repository.path, status: .failed)
        var patch = ""
        do {
            try work(&result, patch: &patch)
        } catch let excluded as NoFileToCheck {
            result.status = .skipped
            result.reason = excluded.batchReason
        } catch {
            result.status = .failed
            result.error = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        result.durationSeconds = (stopwatch.elapsedSeconds * 1000).rounded() / 1000
        return Output(result: result, patch: patch)
    }

    private func work(_ result: inout RepositoryResult, patch: inout String) throws {
        let git = try open()
        if case .unborn(let branch) = try git.head() {
            result.status = .skipped
            result.reason = "no commits yet (branch '\(branch)' is unborn)"
            return
        }
        switch mode {
        case .scan, .diff:
            var warnings: [String] = []
            var (fileCount, findings, changed) = (0, [Finding](), [FileOutcome]())
            // Only the changed files' outcomes are kept: their paths, and the diff's patch.
            try RunPlan(options, source: .head(git, path: repository.path)).run(into: EachOutcome { outcome in
                fileCount += 1
                findings += outcome.migration?.findings ?? []
                if outcome.migration?.changed == true { changed.append(outcome) }
            }, warn: { warnings.append($0) })
            if fileCount == 0 { try failIfTheWorktreeHoldsSwiftFiles(git) }
            record(findings: findings, fileCount: fileCount, warnings: warnings, in: &result)
            result.changedPaths = changed.map(\.file.displayPath).sorted()
            if result.status == .skipped { return }
            if mode == .scan {
                result.status = findings.contains { $0.action.asksForAction } ? .pending : .clean
            } else {
                result.status = changed.isEmpty ? .clean : .pending
                for outcome in changed.sorted(by: { $0.file.displayPath < $1.file.displayPath }) {
                    guard let migration = outcome.migration else { continue }
                    patch += try FilePatch.text(migration, path: outcome.file.displayPath) { result.warnings.append($0) } ?? ""
                }
                if !patch.isEmpty { patch = "# repository: \(repository.name)\n" + patch }
            }
        case .apply(let stageMode):
            var warnings: [String] = []
            let report = try ApplyRun.run(
                options, into: .branch(git, path: repository.path, mode: stageMode, commit: commit, namedFromRoot: true)
            ) { warnings.append($0) }
            if report.fileCount == 0 { try failIfTheWorktreeHoldsSwiftFiles(git) }
            let findings = report.summaries.flatMap(\.findings)
            record(findings: findings, fileCount: report.fileCount, warnings: warnings, in: &result)
            if result.status == .skipped { return }
            guard let outcome = report.outcome else { return }
            result.base = outcome.base.hex
            result.changedPaths = outcome.changedPaths.sorted()
            result.commit = outcome.result.commit?.hex
            switch outcome.result {
            case .staged, .committed: (result.status, result.branch) = (.migrated, outcome.branch)
            case .alreadyApplied: (result.status, result.branch) = (.alreadyApplied, outcome.branch)
            case .nothingToStage: (result.status, result.changedPaths) = (.clean, [])
            }
            if let folder = pullRequestBodyFolder {
                try PullRequestBody(folder: folder).write(KeptFindings.visible(report.rootSummaries, shown: report.showsKept), for: result)
            }
            if let remote = push { BranchPush(remote: remote).run(git, result: &result) }
        }
    }

    /// Throws when HEAD gave no Swift file but the worktree holds some (all untracked or ignored, or
    /// a checkout that failed): such a repository is failed, not clean — an empty run must not pass.
    private func failIfTheWorktreeHoldsSwiftFiles(_ git: Repository) throws {
        guard let workdir = git.workdir else { return }
        // HEAD's Swift files left out by the configuration's globs are a choice, not an empty run.
        if try git.trackedFilesAtHEAD().contains(where: PathText.isSwift) { return }
        let onDisk = SourceDiscovery.walk(workdir).count
        guard onDisk > 0 else { return }
        throw CommandError(
            "HEAD has no .swift file, though the worktree holds \(onDisk) (untracked or ignored); "
                + "commit them, or scan the folder with 'swiftui-migrate scan --no-git'")
    }

    /// Fills the counts and warnings; marks the result skipped when there was no Swift file to look at.
    private func record(findings: [Finding], fileCount: Int, warnings: [String], in result: inout RepositoryResult) {
        result.filesScanned = fileCount
        result.actions = ActionCounts(findings)
        result.rules = ActionCounts.perRule(findings)
        result.warnings = warnings
        if fileCount == 0 {
            result.status = .skipped
            result.reason = "no Swift files"
        }
    }

    /// Opens the repository whose worktree (or bare git folder) is exactly the listed folder — never a repository
    /// above it, which is what git's discovery would find for a folder with a missing or broken `.git`.
    private func open() throws -> Repository {
        guard FileManager.default.fileExists(atPath: repository.path) else {
            throw CommandError("no such folder: \(repository.path)")
        }
        let git: Repository
        do {
            guard let found = try Repository.discoverIfPresent(from: repository.path) else {
                if FileManager.default.fileExists(atPath: repository.path + "/.git") {
                    throw CommandError("not a git repository: its .git is broken or points nowhere")
                }
                throw CommandError("not a git repository: \(repository.path)")
            }
            git = found
        } catch let error as Libgit2Error {
            throw CommandError("cannot open the repository: \(error)")
        }
        let found = git.workdir ?? git.gitDirectory
        let root = Repository.realPath(found) ?? found
        guard root == repository.path else {
            throw CommandError("not a git repository (its .git is missing or broken; git would use \(root) above it)")
        }
        return git
    }
}
