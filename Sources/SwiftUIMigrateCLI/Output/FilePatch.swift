import GitStage
import SwiftUIMigrate

/// One file's migration as a unified diff for `diff` and `batch --mode diff`, or the line saying why it is left out.
///
/// A file git treats as binary (a NUL byte) gets only "Binary files … differ" in a patch, which `git apply` rejects
/// along with every other file of the patch; such a file is reported instead, in one line.
enum FilePatch {
    /// The patch turning `migration`'s original into its migrated text, its files named `path` (root-relative);
    /// nil when either side is binary to git, after `warn` is given the line that says so.
    static func text(_ migration: FileMigration, path: String, warn: (String) -> Void) throws -> String? {
        if let patch = try UnifiedDiff.textPatch(old: migration.original, new: migration.migrated, path: path) {
            return patch
        }
        warn("\(path): left out of the patch: git treats the file as binary (it holds a NUL byte); "
            + "'swiftui-migrate apply' writes its change")
        return nil
    }
}

/// `diff`'s patch on standard output: each changed file's `FilePatch`, named from the repository's root, as the file
/// is done; colored when `color`.
struct PatchSink: RunSink {
    let color: Bool
    let console: Console

    func take(_ outcomes: [FileOutcome]) throws {
        for outcome in outcomes {
            guard let migration = outcome.migration, migration.changed,
                  let patch = try FilePatch.text(migration, path: outcome.file.rootPath, warn: console.warning) else { continue }
            console.write(color ? DiffColorizer.colorize(patch) : patch)
        }
    }
}
