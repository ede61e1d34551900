import SwiftUIMigrate

/// A Swift file the run looks at: the path shown to the user and the one opened.
struct SourceFile: Hashable, Sendable {
    /// The path as the user would write it (relative when they named a relative path).
    var displayPath: String
    /// The absolute, standardized path.
    var absolutePath: String
    /// The path from the run's `SourceRoot` (the repository's work tree, else the current folder), as patches,
    /// annotations and code scanning name files; the display path until the root has named it.
    var rootPath: String
    /// The file's deployment floor, found beside it (see `DeploymentFloorFinder`); unknown until then.
    var floor: DeploymentFloor = .unknown
    /// The files of the module that compiles this one, read when a decision needs another file's
    /// declarations; nil when only the file is read.
    var module: ModuleFiles?
    /// The file's configuration (`ConfigurationLookup`, flags applied); nil runs it with the engine's own.
    var configuration: Configuration? {
        get { heldConfiguration?.value }
        set { heldConfiguration = newValue.map(HeldConfiguration.init) }
    }
    /// Where the configuration is held: one place for the files given an equal one (`share`), so a run's list
    /// of files holds a reference per file rather than a copy of about 140 bytes.
    private var heldConfiguration: HeldConfiguration?
    /// The file's text as given on standard input (`--stdin-filepath`) or by an editor (`lsp`),
    /// read instead of the file on disk, which need not exist; nil to read the file.
    var buffer: [UInt8]? = nil
    /// True for a buffer (`--stdin-filepath`) whose path the configuration's include/exclude leave
    /// out, given `--force-exclude`: it is skipped, so `apply` gives the text back unchanged.
    var isExcluded = false

    init(displayPath: String, absolutePath: String, rootPath: String? = nil) {
        self.displayPath = displayPath
        self.absolutePath = absolutePath
        self.rootPath = rootPath ?? displayPath
    }

    /// Gives the file `configuration`, held in `held` when that holds an equal one (the files of a folder, of
    /// a repository), else in a new place, which `held` then names for the next file.
    mutating func share(_ configuration: Configuration, through held: inout HeldConfiguration?) {
        if held?.value != configuration { held = HeldConfiguration(configuration) }
        heldConfiguration = held
    }
}

/// A configuration held once for every file given it (`SourceFile.share`).
final class HeldConfiguration: Hashable, Sendable {
    let value: Configuration

    init(_ value: Configuration) { self.value = value }

    static func == (lhs: HeldConfiguration, rhs: HeldConfiguration) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
