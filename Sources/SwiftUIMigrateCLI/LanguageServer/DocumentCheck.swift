import Foundation
import SwiftUIMigrate

/// The migration of one editor buffer, made exactly as `scan`/`apply --stdin-filepath` make it:
/// the configuration, floor and baseline of the document's path, the buffer as the file's bytes.
struct DocumentCheck {
    /// The findings of the buffer (in its coordinates), `keep`s included.
    var findings: [Finding]
    /// The buffer as `apply` would leave it (equal to it when nothing changes).
    var migrated: [UInt8]
    /// Why the buffer is not migrated at all (not UTF-8, too large), or an internal error; nil when it was.
    var problem: String?
    /// A setting that could not be read (a configuration with an error): the run did not happen.
    var settingsError: String?

    /// Runs the engine over `bytes` as the file at `path` with the server's `options`.
    static func run(_ bytes: [UInt8], path: String, options: MigrationOptions) -> DocumentCheck {
        let settings: RunSettings, files: [SourceFile]
        do {
            (settings, files) = try Workspace.settingsAndBuffer(options, path: path, bytes: bytes)
        } catch {
            return DocumentCheck(findings: [], migrated: bytes, problem: nil, settingsError: "\(error)")
        }
        let outcomes = MigrationRun.run(files, engine: settings.engine)
        let problem = Workspace.problems(outcomes).first
        guard let migration = outcomes.first?.migration else {
            return DocumentCheck(findings: [], migrated: bytes, problem: problem, settingsError: nil)
        }
        return DocumentCheck(
            findings: migration.findings, migrated: migration.changed ? migration.migrated : bytes,
            problem: problem, settingsError: nil)
    }
}
