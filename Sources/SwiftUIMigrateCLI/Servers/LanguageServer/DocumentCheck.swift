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

    /// What the path of a document decides — the settings (configuration, baseline) and the file with its floor,
    /// found once through the lookups `--stdin-filepath` uses and kept until a file that decides them changes.
    static func setting(path: String, options: MigrationOptions) throws -> RunPlan {
        try RunPlan(options, source: .buffer(path: path, bytes: []))
    }

    /// Runs the engine over `bytes` with the plan `setting` (a failure when it could not be made: it says why);
    /// `isStopped` stops it early (the result is then not wanted). `memory`, what the check of an earlier text
    /// of the document left, makes the check cost what changed; the check leaves itself there.
    ///
    /// A check past the time budget is answered as skipped when the budget is spent, its parse left to end on
    /// its own, so a slow text never holds up the answers about other documents; `waitsForOverdueParse` waits
    /// for the parse instead (a check already off the server's queue: one parse at a time per document).
    static func run(
        _ bytes: [UInt8], setting: Result<RunPlan, any Error>, memory: CheckMemory? = nil,
        isStopped: (@Sendable () -> Bool)? = nil, waitsForOverdueParse: Bool = false
    ) -> DocumentCheck {
        var plan: RunPlan
        switch setting {
        case .success(let value): plan = value
        case .failure(let error): return DocumentCheck(findings: [], migrated: bytes, problem: "\(error)")
        }
        plan.files[0].buffer = bytes
        plan.engine.isStopped = isStopped
        plan.engine.memory = memory
        var outcome: FileOutcome?
        // A buffer is never read from HEAD: the run cannot throw.
        _ = try? plan.run(into: EachOutcome { outcome = $0 }, waitsForOverdueFiles: waitsForOverdueParse)
        let problem = outcome?.warnings.first
        guard let migration = outcome?.migration else {
            return DocumentCheck(findings: [], migrated: bytes, problem: problem, skipped: outcome?.skipReason)
        }
        return DocumentCheck(
            findings: migration.findings, migrated: migration.changed ? migration.migrated : bytes, problem: problem, migration: migration)
    }
}
