/// How a command's options go together, declared on its spec: the parser checks the rules in order once the
/// command line is read, and the first one broken is the error — its own sentence, which says what to do.
public struct OptionRule: Sendable {
    /// The error of a command line that breaks the rule; nil for one that keeps it.
    let error: @Sendable (ParsedArguments) -> String?

    /// A rule of any shape: `error` is what is wrong with a command line, or nil.
    public init(_ error: @escaping @Sendable (ParsedArguments) -> String?) {
        self.error = error
    }

    /// With `option` given, the first of `others` given is refused: the error is `message("--other")`.
    public static func conflicts(
        _ option: any OptionKey, with others: [any OptionKey], _ message: @escaping @Sendable (String) -> String
    ) -> OptionRule {
        OptionRule { $0.has(option) ? $0.firstGiven(others).map(message) : nil }
    }

    /// `option` given without any of `needed` is refused with `message`.
    public static func requires(_ option: any OptionKey, oneOf needed: [any OptionKey], _ message: String) -> OptionRule {
        OptionRule { $0.has(option) && $0.firstGiven(needed) == nil ? message : nil }
    }
}
