/// One repository of a batch: the name it is reported (and sharded) under and where it is.
struct BatchRepository: Hashable, Sendable {
    /// The path as listed — relative to the current folder (arguments), to the list file's folder (`--repos`) or to
    /// `--root` — lexically normalized; absolute when it was listed absolute. Reports, tables and `--shard` use it,
    /// so it is the same on every machine that lists the repositories the same way.
    var name: String
    /// The absolute path with symbolic links resolved: two names for one folder are one repository.
    var path: String
}
