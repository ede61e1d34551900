import Foundation

/// The user's git credential helper, asked through `git credential fill` — the same helpers (`osxkeychain`,
/// `libsecret`, `store`, `cache`, a CI's `GIT_ASKPASS`-free token helper) that `git push` would use.
/// libgit2 has no credential-helper support of its own.
enum CredentialHelper {
    struct Credential {
        var username: String
        var password: String
    }

    /// The helper's user and password for `url`, or nil when git is missing, no helper knows one, or git would
    /// have to prompt (prompts are turned off: a batch run has no one to answer).
    /// `git credential fill` runs in `directory` (the repository), so its own configuration's helpers count too.
    static func fill(url: String, username: String?, directory: String) -> Credential? {
        guard let parsed = URL(string: url), let scheme = parsed.scheme, let host = parsed.host else { return nil }
        var request = "protocol=\(scheme)\nhost=\(host)\(parsed.port.map { ":\($0)" } ?? "")\n"
        let path = parsed.path.hasPrefix("/") ? String(parsed.path.dropFirst()) : parsed.path
        if !path.isEmpty { request += "path=\(path)\n" }
        if let username, !username.isEmpty { request += "username=\(username)\n" }
        request += "\n"

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "credential", "fill"]
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_ASKPASS"] = "true"
        environment["SSH_ASKPASS"] = "true"
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        input.fileHandleForWriting.write(Data(request.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let user = fields["username"], let password = fields["password"], !password.isEmpty else { return nil }
        return Credential(username: user, password: password)
    }
}
