import SwiftUIMigrate

extension SourceDiscovery {
    /// The configuration's include/exclude patterns that match no `.swift` file it applies to — most
    /// likely misspelt, or left over from a folder that moved — so the run can name each one.
    ///
    /// Checked first against `considered` (absolute paths of the files this run looked at); the
    /// patterns left are checked against every `.swift` file below the configuration's folder (the
    /// tracked ones inside git, unless `--no-git`), so naming one file does not make every pattern
    /// look unused.
    func unmatchedPatterns(considered: [String]) throws -> [PathFilter.Pattern] {
        let patterns = filter.patterns
        guard !patterns.isEmpty else { return [] }
        let left = filter.unmatched(by: considered.map(relativeToGlobRoot))
        guard !left.isEmpty else { return [] }
        let everything: [String]
        if useGit, let folder = try trackedFolder(globRoot) {
            everything = folder.tracked.filter { $0.hasSuffix(".swift") }
        } else {
            everything = Self.walk(globRoot)
        }
        return filter.unmatched(by: everything.map(relativeToGlobRoot), among: left)
    }
}

extension PathFilter.Pattern {
    /// The warning (without `warning: `) for a pattern of the configuration `file` that matches nothing.
    func unmatchedWarning(in file: String) -> String {
        "\(file): \(key) pattern \"\(glob.pattern)\" matches no .swift file"
    }
}
