import Foundation
import SwiftUIMigrate

/// The migration of one editor buffer, made exactly as `scan`/`apply --stdin-filepath` make it:
/// the configuration, floor and baseline of the document's path, the buffer as the file's bytes.
struct DocumentCheck {
    /// The findings of the buffer (in its coordinates), `keep`s included.
    var findings: [Finding]
    /// The buffer as `apply` would leave it (equal to it when nothing changes).
    var migrated: [UInt8]
    /// Why the buffer is not migrated at all (not UTF-8, too large), an internal error, or a
    /// setting that could not be read (a configuration with an error); nil when it was migrated.
    var problem: String?
    /// The engine's migration of the buffer (`scan --format json`'s records are made from it); nil
    /// when it was not migrated.
    var migration: FileMigration? = nil
    /// Why the engine did not check the buffer at all (larger than `maxFileSize`, past the time
    /// budget, not UTF-8), shown in the editor as one diagnostic; nil when it was checked.
    var skipped: String?

    /// What the path of a document decides — the settings (configuration, baseline) and the file
    /// with its floor — found once and kept until a file that decides them changes.
    struct Setting {
        let settings: RunSettings
        let file: SourceFile

        /// Finds them for a document at `path` with the server's `options`, through the lookups
        /// `--stdin-filepath` uses.
        init(path: String, options: MigrationOptions) throws {
            let (settings, files) = try Workspace.settingsAndBuffer(options, path: path, bytes: [])
            self.settings = settings
            file = files[0]
        }
    }

    /// Runs the engine over `bytes` with `setting` (nil when it could not be found: `failure` says why);
    /// `isStopped` stops it early (the result is then not wanted). `memory`, what the check of an earlier
    /// text of the document left, makes the check cost what changed; the check leaves itself there.
    static func run(
        _ bytes: [UInt8], setting: Result<Setting, any Error>, memory: CheckMemory? = nil,
        isStopped: (@Sendable () -> Bool)? = nil
    ) -> DocumentCheck {
        let found: Setting
        switch setting {
        case .success(let value): found = value
        case .failure(let error): return DocumentCheck(findings: [], migrated: bytes, problem: "\(error)")
        }
        var file = found.file
        file.buffer = bytes
        var engine = found.settings.engine
        engine.isStopped = isStopped
        engine.memory = memory
        // Waits for a parse past the time budget: the servers hold one parse at a time per document.
        let outcomes = MigrationRun.run([file], engine: engine, waitsForOverdueFiles: true)
        let problem = Workspace.problems(outcomes).first
        guard let migration = outcomes.first?.migration else {
            return DocumentCheck(findings: [], migrated: bytes, problem: problem, skipped: outcomes.first?.skipReason)
        }
        return DocumentCheck(
            findings: migration.findings, migrated: migration.changed ? migration.migrated : bytes, problem: problem, migration: migration)
    }
}
