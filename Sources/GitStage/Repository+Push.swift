import CLibgit2
import Foundation

extension Repository {
    /// Pushes the local branch `branch` to the branch of the same name on `remote` — never forced.
    ///
    /// `remote` is a configured remote's name (`origin`) or a URL or path (`git@host:org/app.git`,
    /// `/srv/git/app.git`). The remote's refs are listed first: a branch already at the commit is
    /// ``PushOutcome/alreadyPushed(remoteRef:commit:)`` and nothing is sent; one holding commits the local
    /// branch lacks is ``PushError/nonFastForward(remoteRef:remoteCommit:)``. A refusal the remote reports
    /// for the ref (libgit2's `push_update_reference` callback) is ``PushError/rejected(remoteRef:reason:)``.
    ///
    /// Credentials, when the transport asks: for SSH the user's ssh-agent (`git_credential_ssh_key_from_agent`);
    /// for HTTPS the user's git credential helper (`git credential fill`), each tried once.
    ///
    /// - Throws: ``PushError``; ``Libgit2Error`` when the remote cannot be reached, authentication fails, or
    ///   libgit2 refuses the push itself.
    public func push(branch: String, to remote: String) throws -> PushOutcome {
        let localRef = "refs/heads/\(branch)"
        var localOID = git_oid()
        let found = git_reference_name_to_id(&localOID, handle.pointer, localRef)
        if found == GIT_ENOTFOUND.rawValue { throw PushError.noSuchBranch(branch) }
        try check(found, "read branch '\(branch)'")
        let commit = ObjectID(localOID)

        let connection = try self.remote(named: remote)
        // libgit2 calls a missing local path an "unsupported URL protocol"; say what is wrong instead.
        if let url = (git_remote_pushurl(connection.pointer) ?? git_remote_url(connection.pointer)).map({ String(cString: $0) }),
           Self.isLocalPath(url) || url.hasPrefix("file://") {
            let path = url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url
            if path.hasPrefix("/"), !FileManager.default.fileExists(atPath: path) { throw PushError.noRepository(path: path) }
        }
        let session = PushSession(directory: workdir ?? gitDirectory)
        if let existing = try session.remoteCommit(of: localRef, on: connection) {
            if existing == commit { return .alreadyPushed(remoteRef: localRef, commit: commit) }
            if try !contains(existing, in: commit) {
                throw PushError.nonFastForward(remoteRef: localRef, remoteCommit: existing)
            }
        }
        try session.push(localRef, to: connection)
        if let reason = session.rejections[localRef] {
            throw PushError.rejected(remoteRef: localRef, reason: reason)
        }
        return .pushed(remoteRef: localRef, commit: commit)
    }

    /// The configured remote `name` (its relative path taken from the top of the work tree, as git does), or an
    /// in-memory remote for a URL or path (a relative path is taken from the current folder).
    private func remote(named name: String) throws -> Handle {
        var out: OpaquePointer?
        let lookup = git_remote_lookup(&out, handle.pointer, name)
        if lookup == 0, let out {
            let configured = Handle(out, keepAlive: self, free: git_remote_free)
            // git takes a remote's relative path from the top of the work tree (the git folder when bare);
            // libgit2 would take it from the current folder, or call it an unsupported protocol.
            guard let url = (git_remote_pushurl(out) ?? git_remote_url(out)).map({ String(cString: $0) }),
                  Self.isLocalPath(url), !url.hasPrefix("/") else { return configured }
            let resolved = URL(fileURLWithPath: url, relativeTo: URL(fileURLWithPath: workdir ?? gitDirectory, isDirectory: true))
                .standardizedFileURL.path
            return try Handle.make("use remote '\(name)'", keepAlive: self, free: git_remote_free) {
                git_remote_create_anonymous($0, handle.pointer, resolved)
            }
        }
        guard lookup == GIT_ENOTFOUND.rawValue || lookup == GIT_EINVALIDSPEC.rawValue else {
            try check(lookup, "read remote '\(name)'")
            throw Libgit2Error(code: .generic, domain: .none, message: "no remote returned", operation: "read remote '\(name)'")
        }
        if !name.contains("/"), !name.contains(":"), !FileManager.default.fileExists(atPath: name) {
            throw PushError.noSuchRemote(name)
        }
        let url = Self.isLocalPath(name) ? URL(fileURLWithPath: name).standardizedFileURL.path : name
        return try Handle.make("use remote '\(name)'", keepAlive: self, free: git_remote_free) {
            git_remote_create_anonymous($0, handle.pointer, url)
        }
    }

    /// True for a path (no `scheme://`, no scp-style `host:path`).
    private static func isLocalPath(_ text: String) -> Bool {
        if text.contains("://") { return false }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") { return false }
        return true
    }

    /// True when `ancestor` is `descendant` or one of its ancestors; false when `ancestor` is not in this
    /// repository at all (the remote has commits we never saw).
    private func contains(_ ancestor: ObjectID, in descendant: ObjectID) throws -> Bool {
        var ancestorOID = try ancestor.oid()
        let objects = try Handle.make("open the object database", keepAlive: self, free: git_odb_free) {
            git_repository_odb($0, handle.pointer)
        }
        guard git_odb_exists(objects.pointer, &ancestorOID) == 1 else { return false }
        var descendantOID = try descendant.oid()
        return try check(git_graph_descendant_of(handle.pointer, &descendantOID, &ancestorOID), "compare commits") == 1
    }
}

/// The callbacks of one push: credentials (asked at most once per kind) and the remote's verdict per ref.
/// libgit2 calls back with `payload` pointing at this object, which outlives every call.
private final class PushSession {
    /// Remote refs the remote refused, with its message.
    var rejections: [String: String] = [:]
    /// Credential kinds already offered on the current connection; offering one twice would loop on a wrong
    /// credential. Each connection (listing the refs, then pushing) starts afresh.
    var offered: Set<UInt32> = []
    /// The credential helper's answer, asked once per push.
    var helperCredential: CredentialHelper.Credential??
    /// The repository's folder, where `git credential fill` runs.
    let directory: String

    init(directory: String) { self.directory = directory }

    /// The remote's commit for `ref`, or nil when it has no such ref.
    func remoteCommit(of ref: String, on remote: Handle) throws -> ObjectID? {
        offered = []
        var callbacks = try self.callbacks()
        try check(git_remote_connect(remote.pointer, GIT_DIRECTION_PUSH, &callbacks, nil, nil), "connect to the remote")
        defer { git_remote_disconnect(remote.pointer) }
        var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
        var count = 0
        try check(git_remote_ls(&heads, &count, remote.pointer), "list the remote's branches")
        for index in 0..<count {
            guard let head = heads?[index] else { continue }
            if String(cString: head.pointee.name) == ref { return ObjectID(head.pointee.oid) }
        }
        return nil
    }

    /// Pushes `ref` to the same name on `remote`, without `+`: libgit2 refuses a non-fast-forward.
    func push(_ ref: String, to remote: Handle) throws {
        offered = []
        var options = git_push_options()
        try check(git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION)), "prepare the push")
        options.callbacks = try callbacks()
        let refspec = strdup("\(ref):\(ref)")
        defer { free(refspec) }
        var specs: [UnsafeMutablePointer<CChar>?] = [refspec]
        try specs.withUnsafeMutableBufferPointer { buffer in
            var array = git_strarray(strings: buffer.baseAddress, count: 1)
            try check(git_remote_push(remote.pointer, &array, &options), "push \(ref)")
        }
    }

    private func callbacks() throws -> git_remote_callbacks {
        var callbacks = git_remote_callbacks()
        try check(git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION)), "prepare the push")
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = { out, url, username, allowed, payload in
            guard let out, let payload else { return GIT_PASSTHROUGH.rawValue }
            let session = Unmanaged<PushSession>.fromOpaque(payload).takeUnretainedValue()
            return session.credential(
                out, url: url.map { String(cString: $0) } ?? "", username: username.map { String(cString: $0) },
                allowed: allowed)
        }
        callbacks.push_update_reference = { ref, status, payload in
            guard let ref, let status, let payload else { return 0 }
            let session = Unmanaged<PushSession>.fromOpaque(payload).takeUnretainedValue()
            session.rejections[String(cString: ref)] = String(cString: status)
            return 0
        }
        return callbacks
    }

    /// Fills `out` with a credential of a kind in `allowed` not offered yet: the ssh-agent's key for SSH,
    /// the credential helper's user and password for HTTPS; GIT_PASSTHROUGH (no credential) otherwise.
    private func credential(
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>, url: String, username: String?,
        allowed: UInt32
    ) -> Int32 {
        let kinds = [GIT_CREDENTIAL_USERNAME.rawValue, GIT_CREDENTIAL_SSH_KEY.rawValue, GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue]
        guard let kind = kinds.first(where: { allowed & $0 != 0 && !offered.contains($0) }) else { return GIT_PASSTHROUGH.rawValue }
        offered.insert(kind)
        switch kind {
        case GIT_CREDENTIAL_USERNAME.rawValue: return git_credential_username_new(out, username ?? "git")
        case GIT_CREDENTIAL_SSH_KEY.rawValue: return git_credential_ssh_key_from_agent(out, username ?? "git")
        default:
            if helperCredential == nil {
                helperCredential = .some(CredentialHelper.fill(url: url, username: username, directory: directory))
            }
            guard let helper = helperCredential ?? nil else { return GIT_PASSTHROUGH.rawValue }
            return git_credential_userpass_plaintext_new(out, helper.username, helper.password)
        }
    }
}
