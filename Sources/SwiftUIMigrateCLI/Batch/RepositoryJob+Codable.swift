import GitStage
import SwiftUIMigrate

/// A job and its output as JSON, for running a repository in a child process (`batch --timeout`): the parent writes
/// the job to the child's standard input, the child (`swiftui-migrate batch-job`) writes the output to its standard
/// output.
extension RepositoryJob: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, path, mode, stageMode, rules, strategy, configPath, only, baselinePath, maxFileSize
        case branch, message, author, push, pullRequestBodyFolder
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        repository = BatchRepository(
            name: try container.decode(String.self, forKey: .name), path: try container.decode(String.self, forKey: .path))
        switch try container.decode(String.self, forKey: .mode) {
        case "scan": mode = .scan
        case "diff": mode = .diff
        default:
            // Written as `ApplyJournal.Mode` names a git mode (see `encode`).
            mode = .apply(ApplyJournal.Mode(rawValue: try container.decode(String.self, forKey: .stageMode))?.stageMode ?? .noCheckout)
        }
        var options = MigrationOptions()
        options.rules = try container.decode([String].self, forKey: .rules)
        options.strategy = try container.decodeIfPresent(GroupStrategy.self, forKey: .strategy)
        options.configPath = try container.decodeIfPresent(String.self, forKey: .configPath)
        options.only = try container.decodeIfPresent(String.self, forKey: .only).flatMap(OnlyFixes.init(rawValue:))
        options.baselinePath = try container.decodeIfPresent(String.self, forKey: .baselinePath)
        options.maxFileSize = try container.decodeIfPresent(Int.self, forKey: .maxFileSize)
        self.options = options
        commit = CommitSettings(
            branch: try container.decode(String.self, forKey: .branch),
            message: try container.decodeIfPresent(String.self, forKey: .message),
            author: try container.decodeIfPresent(String.self, forKey: .author).map(Identity.init(parsing:)))
        push = try container.decodeIfPresent(String.self, forKey: .push)
        pullRequestBodyFolder = try container.decodeIfPresent(String.self, forKey: .pullRequestBodyFolder)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(repository.name, forKey: .name)
        try container.encode(repository.path, forKey: .path)
        try container.encode(mode.name, forKey: .mode)
        if case .apply(let stageMode) = mode {
            try container.encode(ApplyJournal.Mode(stageMode).rawValue, forKey: .stageMode)
        }
        try container.encode(options.rules, forKey: .rules)
        try container.encodeIfPresent(options.strategy, forKey: .strategy)
        try container.encodeIfPresent(options.configPath, forKey: .configPath)
        try container.encodeIfPresent(options.only?.rawValue, forKey: .only)
        try container.encodeIfPresent(options.baselinePath, forKey: .baselinePath)
        try container.encodeIfPresent(options.maxFileSize, forKey: .maxFileSize)
        try container.encode(commit.branch, forKey: .branch)
        try container.encodeIfPresent(commit.message, forKey: .message)
        try container.encodeIfPresent(commit.author?.description, forKey: .author)
        try container.encodeIfPresent(push, forKey: .push)
        try container.encodeIfPresent(pullRequestBodyFolder, forKey: .pullRequestBodyFolder)
    }
}
