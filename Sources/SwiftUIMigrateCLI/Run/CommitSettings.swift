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
    /// Reads the three options; an empty `--message` (git refuses an empty subject) or an author not in
    /// `Name <email>` form is a usage error.
    init(_ arguments: ParsedArguments) throws {
        branch = try arguments.defaulted("branch")
        message = arguments.value("message")
        if let message, message.trimmingWhitespace().isEmpty {
            throw UsageError("--message needs text: a commit's title cannot be empty")
        }
        do {
            author = try arguments.value("author").map(Identity.init(parsing:))
        } catch {
            throw CommandError("\(error)")
        }
    }

    /// The names of the options among these three that were given, as `--name`, for "does not apply" errors.
    static func given(_ arguments: ParsedArguments) -> [String] {
        ["branch", "message", "author"].filter { arguments.given($0) != nil }
    }
}
