import SwiftUIMigrate

/// The `include`/`exclude` patterns of the configuration files that match no `.swift` file they
/// apply to — most likely misspelt, or left over from a folder that moved — so a run names each one
/// in a warning rather than quietly checking the wrong files.
///
/// Fed the files a run looked at, each with its configuration (`note`); the patterns none of them
/// matched are then looked for among every `.swift` file below their configuration file's folder
/// (`ruleOut`), so naming one file does not make every pattern look unused.
struct UnusedGlobs {
    /// One pattern as written in one configuration file.
    struct Pattern: Hashable {
        /// `include` or `exclude`.
        var key: String
        var glob: String
        /// The folder it is relative to (named as the configuration lookup names folders).
        var folder: String
        /// The configuration file, as messages name it.
        var source: String

        func matches(_ path: String) -> Bool {
            PathGlob(glob).matches(PathText.relative(path, to: folder))
        }
    }

    private var seen: Set<Pattern> = []
    private var matched: Set<Pattern> = []
    /// The patterns in the order they were first seen.
    private var order: [Pattern] = []

    /// Notes the patterns of `configuration`, the configuration of the file at `path`, and which of
    /// them `path` matches.
    mutating func note(_ path: String, in configuration: EffectiveConfiguration) {
        for pattern in Self.patterns(of: configuration) {
            if seen.insert(pattern).inserted { order.append(pattern) }
            if !matched.contains(pattern) && pattern.matches(path) { matched.insert(pattern) }
        }
    }

    /// The patterns seen that no file has matched yet.
    var unmatched: [Pattern] { order.filter { !matched.contains($0) } }

    /// Marks the patterns that one of `paths` matches.
    mutating func ruleOut(by paths: [String], among patterns: [Pattern]) {
        for pattern in patterns where !matched.contains(pattern) && paths.contains(where: pattern.matches) {
            matched.insert(pattern)
        }
    }

    /// Takes `patterns` as used: the files they could match were not looked at.
    mutating func assumeUsed(_ patterns: [Pattern]) {
        matched.formUnion(patterns)
    }

    /// One warning (without `warning: `) per pattern no file matched; `display` names a configuration file.
    func warnings(display: (String) -> String = { $0 }) -> [String] {
        unmatched.map { "\(display($0.source)): \($0.key) pattern \"\($0.glob)\" matches no .swift file" }
    }

    /// Every pattern of a file's configuration: its `include` globs and each file's `exclude` globs.
    private static func patterns(of configuration: EffectiveConfiguration) -> [Pattern] {
        let include = configuration.configuration.include.map {
            Pattern(key: "include", glob: $0, folder: configuration.includeFolder, source: configuration.includeSource ?? "")
        }
        let exclude = configuration.excludes.flatMap { scope in
            scope.globs.map { Pattern(key: "exclude", glob: $0, folder: scope.folder, source: scope.source) }
        }
        return include + exclude
    }
}
