/// A folder inside a git work tree that gave no tracked `.swift` file though it holds some: the
/// run stops with one line saying why and what to do, instead of reporting a clean result.
struct EmptyGitFolder: Error, CustomStringConvertible {
    /// Why git gave no file.
    enum Reason: Equatable {
        /// HEAD has a commit but the index file (named) is missing: a checkout that failed.
        case missingIndex(String)
        /// The folder is tracked (or is the work tree's root) but none of its `.swift` files are.
        case noneTracked(untracked: Int, ignored: Int, nothingCommitted: Bool)
        /// A folder git does not track, all of whose `.swift` files it ignores.
        case allIgnored
    }

    /// The folder as the user named it.
    var folder: String
    /// How many `.swift` files the folder holds on disk.
    var onDisk: Int
    var reason: Reason

    var description: String {
        let holds = "\(folder) holds \(onDisk) .swift file\(onDisk == 1 ? "" : "s")"
        let walk = "or pass --no-git to scan the folder as it is on disk"
        switch reason {
        case .missingIndex(let index):
            return "\(holds) but git tracks none: the repository has no index (\(index) is missing, as after a failed "
                + "checkout); run 'git reset' to rebuild it from HEAD, \(walk)"
        case .noneTracked(let untracked, let ignored, let nothingCommitted):
            let counts = [untracked > 0 ? "\(untracked) untracked" : nil, ignored > 0 ? "\(ignored) ignored" : nil]
                .compactMap { $0 }.joined(separator: ", ")
            let committed = nothingCommitted ? "; nothing is committed yet" : ""
            return "\(holds) but git tracks none (\(counts)\(committed)); 'git add' them or name the files to scan, \(walk)"
        case .allIgnored:
            return "\(holds) but git ignores \(onDisk == 1 ? "it" : "them all"); name a file to scan it, \(walk)"
        }
    }
}
