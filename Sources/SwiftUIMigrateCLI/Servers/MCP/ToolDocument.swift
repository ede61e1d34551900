import Foundation
import GitStage
import SwiftUIMigrate

/// The Swift file a `scan` or `fix` call names — a path inside the workspace, with the agent's
/// unsaved text of it or else the file on disk — migrated exactly as `scan`/`apply
/// --stdin-filepath` migrate it: the configuration, floor and baseline of the path, the
/// suppression comments of the text.
struct ToolDocument {
    /// The path as the agent gave it (the `file` of each finding).
    let path: String
    /// The check of the text.
    let check: DocumentCheck
    /// The engine's migration of the text.
    let migration: FileMigration
    /// The lines the CLI warns with about the text (suppression comments naming an unknown rule or directive).
    let warnings: [String]

    /// The input properties `scan` and `fix` share.
    static var inputProperties: [String: JSONValue] {
        [
            "path": [
                "type": "string",
                "description": .string("The Swift file: relative to the workspace (the folder the server runs in) or absolute inside it. "
                    + "Its configuration, deployment floor and baseline are found from it; it need not exist when text is given."),
            ],
            "text": [
                "type": "string",
                "description": "The file's text, such as an unsaved buffer or what you are about to write; without it the file on disk is read.",
            ],
        ]
    }

    /// Reads `path` and `text` from `arguments` and migrates the text with `options`; throws
    /// `ToolFailure` for a path outside `workspace` or not a Swift file, a text that cannot be
    /// read (too large, not UTF-8) or does not parse, and the configuration's own one-line error
    /// for a configuration with an error (the server answers each alike, with its text).
    init(_ arguments: ToolArguments, workspace: String, options: MigrationOptions) throws {
        let path = try arguments.string("path")
        let text = try arguments.optionalString("text")
        guard path.hasSuffix(".swift") else {
            throw ToolFailure("not a Swift file: '\(path)' (scan and fix read .swift files)")
        }
        // The symbolic links of the path's longest existing part resolved (the rest need not exist yet), as the workspace's.
        let resolved = Repository.resolvingSymlinks(SourceDiscovery.absolute(path))
        guard resolved.hasPrefix(workspace == "/" ? "/" : workspace + "/") else {
            throw ToolFailure("\(path) is outside the workspace \(workspace): the server reads only files below the folder it runs in")
        }
        let setting = try DocumentCheck.setting(path: path, options: options)
        let bytes: [UInt8]
        if let text {
            bytes = Array(text.utf8)
        } else {
            var file = setting.files[0]
            file.buffer = nil
            switch setting.load(file) {
            case .text(let read): bytes = read
            case .skipped(let reason), .unreadable(let reason): throw ToolFailure("\(path): \(reason)")
            }
        }
        check = DocumentCheck.run(bytes, setting: .success(setting))
        if let skipped = check.skipped { throw ToolFailure("\(path) was not checked: \(skipped)") }
        guard let migration = check.migration, migration.internalError == nil else {
            throw ToolFailure(check.problem ?? "\(path) could not be migrated")
        }
        if migration.hasSyntaxErrors {
            throw ToolFailure("\(path) has syntax errors: nothing in a file that does not parse is fixed; fix them and call again")
        }
        self.path = path
        self.migration = migration
        warnings = FileOutcome(file: setting.files[0], migration: migration, skipReason: nil).warnings
    }

    /// The text's findings whose action `include` takes, as `scan --format json` writes them
    /// (`FindingsReport.records`), written once as compact JSON with keys sorted.
    func records(where include: (Finding) -> Bool = { _ in true }) -> JSONValue {
        var selected = migration
        selected.findings = migration.findings.filter(include)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and integers only: encoding cannot fail.
        return .written(Array((try? encoder.encode(FindingsReport.records([selected]))) ?? Data("[]".utf8)))
    }
}
