/// A run over a folder that holds Swift files but leaves none to check — the configuration's globs
/// exclude them all, or the folder is a bare repository with no work tree: the run stops with one
/// line saying so (exit 2), as `EmptyGitFolder` does, instead of passing having read nothing.
///
/// A folder with no `.swift` file at all is an empty clean run; files named one by one and all
/// left out by `--force-exclude` are too: a pre-commit hook asked to check only excluded files has
/// nothing to do, and passes.
struct NoFileToCheck: Error, CustomStringConvertible {
    /// Why no file was left.
    enum Reason: Equatable {
        /// The folder holds this many `.swift` files (tracked ones inside git, HEAD's for a run that
        /// reads HEAD) and every one is left out by its configuration's `include`/`exclude`.
        case allExcluded(Int)
        /// The folder is a bare git repository: there is no work tree to read.
        case bareRepository
    }

    /// The folder as the user named it.
    var folder: String
    var reason: Reason

    var description: String {
        switch reason {
        case .allExcluded(let count):
            let files = count == 1 ? "1 .swift file but the configuration's include/exclude leave it out"
                : "\(count) .swift files but the configuration's include/exclude leave out every one"
            return "\(folder) holds \(files); nothing was checked — change the globs, or name a file to check it"
        case .bareRepository:
            return "\(folder) is a bare git repository, with no work tree to check; run 'swiftui-migrate batch --mode scan \(folder)' "
                + "(it reads HEAD), or 'apply --no-checkout', which commits HEAD's files, migrated, onto a new branch"
        }
    }

    /// How `batch` names a repository skipped for this reason.
    var batchReason: String {
        switch reason {
        case .allExcluded(let count):
            return count == 1 ? "its only Swift file excluded by the configuration" : "all \(count) Swift files excluded by the configuration"
        case .bareRepository: return "a bare repository has no work tree"
        }
    }
}
