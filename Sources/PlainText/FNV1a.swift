/// 64-bit FNV-1a: a hash that is the same on every platform and run (Swift's `Hasher` is seeded
/// per process), for finding fingerprints and `batch --shard`.
public enum FNV1a {
    /// The hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
