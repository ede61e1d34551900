/// The git-tracked files below a folder, when the folder is inside a git work tree.
enum TrackedFiles {
    /// Absolute paths of the files tracked below `directory`; nil outside a git work tree.
    static func under(_ directory: String) -> [String]? {
        nil
    }
}
