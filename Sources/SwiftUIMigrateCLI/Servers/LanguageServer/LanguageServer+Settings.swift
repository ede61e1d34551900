import SwiftUIMigrate

/// What each document path decides, kept for the most recently used paths, and the configurations that cannot be used.
extension LanguageServer {
    struct SettingKey: Hashable {
        var path: String
        var preserving: Bool
    }

    /// What `path` decides, found on first use (with `--only preserving` for the fix-all).
    func setting(_ path: String, preserving: Bool) -> Result<RunPlan, any Error> {
        let key = SettingKey(path: path, preserving: preserving)
        used(key)
        if let known = settings[key] { return known }
        var chosen = options
        if preserving { chosen.only = .preserving }
        var found = Result { try DocumentCheck.setting(path: path, options: chosen) }
        switch found {
        case .success(let setting):
            lastGoodSettings[key] = setting
        case .failure(let error):
            guard let problem = ConfigurationProblem(error) else { break }
            let lastGood = lastGoodSettings[key]
            show(problem, keepsLastGood: lastGood != nil)
            if let lastGood { found = .success(lastGood) }
        }
        settings[key] = found
        return found
    }

    /// Marks `key` as the most recently used, and forgets the least recently used past `keptSettings`.
    func used(_ key: SettingKey) {
        if let index = settingUse.firstIndex(of: key) { settingUse.remove(at: index) }
        settingUse.append(key)
        while settingUse.count > Self.keptSettings {
            let oldest = settingUse.removeFirst()
            settings[oldest] = nil
            lastGoodSettings[oldest] = nil
        }
    }

    /// Forgets the settings of `path` (its last document was closed).
    func forgetSettings(of path: String) {
        settingUse.removeAll { $0.path == path }
        for preserving in [false, true] {
            settings[SettingKey(path: path, preserving: preserving)] = nil
            lastGoodSettings[SettingKey(path: path, preserving: preserving)] = nil
        }
    }

    /// Publishes a configuration file's problem on the file and logs it, once for each problem.
    func show(_ problem: ConfigurationProblem, keepsLastGood: Bool) {
        guard configurationProblems[problem.uri] != problem else { return }
        configurationProblems[problem.uri] = problem
        log("\(problem.path): \(problem.message)\(keepsLastGood ? "; keeping the last configuration that could be read" : "")")
        send(notification: "textDocument/publishDiagnostics", params: [
            "uri": .string(problem.uri), "diagnostics": [problem.diagnostic(keepsLastGood: keepsLastGood)],
        ])
    }
}
