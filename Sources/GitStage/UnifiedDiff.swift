import CLibgit2

/// A git-style unified diff of one file, made in memory by libgit2's buffer-to-buffer patch API.
///
/// `diff` previews a migration before anything is written, so the text must be what `git diff` would show once the
/// change is applied: `diff --git` header, an `index` line with the real blob ids of both sides (libgit2 hashes the
/// buffers as blobs), `---`/`+++` lines and hunks, with `\ No newline at end of file` and CR bytes kept as they are.
public enum UnifiedDiff {
    /// The patch turning `old` into `new`, both labelled `path` (repository-relative, `/`-separated); "" when equal.
    ///
    /// The `index` line says mode `100644`: libgit2 does not know the file's mode for buffers.
    public static func patch(old: [UInt8], new: [UInt8], path: String, contextLines: Int = 3) throws -> String {
        try render(old: old, new: new, path: path, contextLines: contextLines).text
    }

    /// Like ``patch(old:new:path:contextLines:)``, but nil when git or libgit2 would treat either side as binary:
    /// such a patch says only "Binary files … differ", which `git apply` rejects, failing the whole patch.
    public static func textPatch(old: [UInt8], new: [UInt8], path: String, contextLines: Int = 3) throws -> String? {
        if isBinary(old) || isBinary(new) { return nil }
        let patch = try render(old: old, new: new, path: path, contextLines: contextLines)
        return patch.isBinary ? nil : patch.text
    }

    /// How many leading bytes git looks at to decide whether a file is binary (`FIRST_FEW_BYTES` in git's xdiff).
    public static let binaryProbeLength = 8000

    /// True when git would treat `bytes` as binary: a NUL byte among the first ``binaryProbeLength`` bytes.
    public static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(binaryProbeLength).contains(0)
    }

    private static func render(old: [UInt8], new: [UInt8], path: String, contextLines: Int) throws -> (text: String, isBinary: Bool) {
        if old == new { return ("", false) }
        Libgit2.ensureInitialized()
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "initialise diff options")
        options.context_lines = UInt32(max(0, contextLines))
        let patch = try Handle.make("diff \(path)", free: git_patch_free) { out in
            old.withUnsafeBytes { oldBytes in
                new.withUnsafeBytes { newBytes in
                    git_patch_from_buffers(
                        out, oldBytes.baseAddress, oldBytes.count, path,
                        newBytes.baseAddress, newBytes.count, path, &options)
                }
            }
        }
        let flags = git_patch_get_delta(patch.pointer)?.pointee.flags ?? 0
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_patch_to_buf(&buffer, patch.pointer), "print the diff of \(path)")
        return (String(decoding: buffer.bytes, as: UTF8.self), flags & GIT_DIFF_FLAG_BINARY.rawValue != 0)
    }
}
