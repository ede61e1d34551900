/// The configuration's `include` and `exclude` globs together: which files a run looks at.
///
/// A file is in when `include` is empty or one of its globs matches, and no `exclude` glob
/// matches. Paths are `/`-separated and relative to the configuration's folder (see `PathGlob`).
public struct PathFilter: Sendable {
    /// A glob and the key it was written under.
    public struct Pattern: Sendable, Hashable {
        /// `include` or `exclude`.
        public var key: String
        public var glob: PathGlob
    }

    public let include: [PathGlob]
    public let exclude: [PathGlob]

    public init(include: [String], exclude: [String]) {
        self.include = include.map(PathGlob.init)
        self.exclude = exclude.map(PathGlob.init)
    }

    /// The configuration's globs.
    public init(_ configuration: Configuration) {
        self.init(include: configuration.include, exclude: configuration.exclude)
    }

    /// True when `relativePath` is in.
    public func admits(_ relativePath: String) -> Bool {
        if !include.isEmpty, !include.contains(where: { $0.matches(relativePath) }) { return false }
        return !exclude.contains { $0.matches(relativePath) }
    }

    /// Every pattern, include first, in the order written.
    public var patterns: [Pattern] {
        include.map { Pattern(key: "include", glob: $0) } + exclude.map { Pattern(key: "exclude", glob: $0) }
    }

    /// The patterns of `candidates` (default: all) that match none of `relativePaths`.
    public func unmatched(by relativePaths: [String], among candidates: [Pattern]? = nil) -> [Pattern] {
        var remaining = candidates ?? patterns
        for path in relativePaths {
            if remaining.isEmpty { break }
            remaining.removeAll { $0.glob.matches(path) }
        }
        return remaining
    }
}
