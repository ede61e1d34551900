import SwiftUIMigrate

/// `--shard K/N`: the K-th of N disjoint parts of a repository list, for CI matrices and batch-change systems.
///
/// A repository belongs to shard `FNV-1a-64(name) mod N + 1`, where `name` is its name in the report (see
/// ``BatchRepository/name``), hashed as UTF-8. The split depends on nothing but the name: it is the same on every
/// machine, whatever the order of the input, and adding or removing a repository never moves another one. The
/// N shards are pairwise disjoint and together hold every repository; with few repositories their sizes can be
/// uneven.
struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based: `K` of `K/N`.
    var index: Int
    /// `N` of `K/N`.
    var count: Int

    /// Parses `K/N` with `1 ≤ K ≤ N`.
    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
              (1...count).contains(index)
        else {
            throw CommandError("invalid shard '\(text)': expected K/N with 1 ≤ K ≤ N, e.g. 2/4")
        }
        self.index = index
        self.count = count
    }

    /// True when the repository named `name` is in this shard.
    func contains(_ name: String) -> Bool {
        Int(FNV1a.hash(name) % UInt64(count)) + 1 == index
    }

    /// `K/N`.
    var description: String { "\(index)/\(count)" }
}
