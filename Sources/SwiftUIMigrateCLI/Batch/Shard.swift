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

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// True when the repository named `name` is in this shard.
    func contains(_ name: String) -> Bool {
        Int(Self.hash(name) % UInt64(count)) + 1 == index
    }

    /// 64-bit FNV-1a of `name`'s UTF-8 bytes: simple, fast, and the same on every platform and run.
    static func hash(_ name: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return value
    }

    /// `K/N`.
    var description: String { "\(index)/\(count)" }
}
