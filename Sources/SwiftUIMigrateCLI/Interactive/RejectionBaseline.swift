import Foundation
import GitStage
import SwiftUIMigrate

/// The baseline file an interactive review reads and adds its rejections to, so a fix
/// rejected once is not asked about again.
///
/// It is the file named with `--baseline`, else `.swiftui-migrate-baseline.json` at the root
/// of the git work tree holding the first path (the current folder outside git) — the same
/// `Baseline` format `scan --write-baseline` writes, so a CI gate that passes
/// `--baseline .swiftui-migrate-baseline.json` also stays quiet about rejected fixes.
struct RejectionBaseline {
    /// The default file name, at the work tree's root.
    static let defaultFileName = ".swiftui-migrate-baseline.json"

    /// The file; nil when there is nowhere to keep it (a bare repository and no `--baseline`).
    let path: String?
    /// True when rejections are written to `path` (see `init`).
    let writes: Bool
    /// The work tree's root; repository-relative paths (no-checkout runs) are resolved against it.
    let repositoryRoot: String?
    let baseline: Baseline

    /// The baseline for a run over `firstPath`; `explicit` is `--baseline`'s value.
    ///
    /// `writesDefault` says whether rejections may go to the default file when none is named
    /// (`apply` in place or on a checked-out branch: yes; `diff`, which writes nothing, and
    /// `apply --no-checkout`, which leaves the work tree untouched: only to a named file).
    init(explicit: String?, firstPath: String, writesDefault: Bool) throws {
        let repository = try? Repository.discoverIfPresent(from: firstPath)
        repositoryRoot = repository?.workdir
        if let explicit {
            path = SourceDiscovery.absolute(explicit)
            writes = true
        } else if repository != nil, repositoryRoot == nil {
            path = nil
            writes = false
        } else {
            path = (repositoryRoot ?? FileManager.default.currentDirectoryPath) + "/" + Self.defaultFileName
            writes = writesDefault
        }
        if let path, FileManager.default.fileExists(atPath: path) {
            baseline = try Baseline.load(path: path)
        } else {
            baseline = Baseline()
        }
    }

    /// The folder baseline entries are relative to.
    private var folder: String {
        path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            ?? FileManager.default.currentDirectoryPath
    }

    /// The absolute path of `file`: as discovered, or resolved against the work tree when
    /// the run read it from a commit (`absolutePath` is then repository-relative).
    func absolutePath(of file: SourceFile) -> String {
        if file.absolutePath.hasPrefix("/") { return file.absolutePath }
        return (repositoryRoot ?? FileManager.default.currentDirectoryPath) + "/" + file.absolutePath
    }

    /// True when the baseline already holds `finding` of the file at `absolutePath`.
    func contains(_ finding: Finding, absolutePath: String) -> Bool {
        baseline.contains(file: Baseline.relativePath(of: absolutePath, from: folder), fingerprint: finding.fingerprint)
    }

    /// Adds `rejected` (each with its file's absolute path) and saves the file.
    func record(_ rejected: [(finding: Finding, absolutePath: String)]) throws {
        guard let path, writes, !rejected.isEmpty else { return }
        let paths = Dictionary(rejected.map { (FixKey($0.finding), $0.absolutePath) }, uniquingKeysWith: { first, _ in first })
        let folder = folder
        let updated = baseline.adding(rejected.map(\.finding)) { finding in
            Baseline.relativePath(of: paths[FixKey(finding)] ?? finding.file, from: folder)
        }
        try updated.save(to: path)
    }
}
