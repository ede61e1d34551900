import ArgumentParsing
import GitStage
import PlainText

/// `--branch`, `--message` and `--author`: the branch apply's git modes create and the commit's title and author.
struct CommitSettings: Sendable {
    /// The branch to create; the spec's default unless given.
    var branch: String
    /// The commit's title, when given.
    var message: String?
    /// The commit's author, when given.
    var author: Identity?
}

extension CommitSettings {
    /// `--branch`, worded for `apply` (`batch` words it its own way, `Option.help`).
    static let branch = Option("branch", value: "name", help: "The branch to create.", default: StagePlan.defaultBranch)
    /// `--message`: git refuses an empty subject, so an empty one is a usage error.
    static let message = Option("message", value: "text", help: "The commit's title (with --commit or --no-checkout).") {
        guard !$0.trimmingWhitespace().isEmpty else { throw UsageError("--message needs text: a commit's title cannot be empty") }
        return $0
    }
    /// `--author`, in `Name <email>` form.
    static let author = Option(
        "author", value: "name <email>", help: "Commit author, when the repository's config has none.",
        parse: Identity.init(parsing:))
    /// The three, in the order errors name them.
    static let all: [any OptionKey] = [branch, message, author]

    /// Reads the three options.
    init(_ arguments: ParsedArguments) throws {
        branch = try arguments[Self.branch]
        message = try arguments[Self.message]
        author = try arguments[Self.author]
    }
}
