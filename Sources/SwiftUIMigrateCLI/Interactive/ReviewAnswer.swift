/// One answer to "apply this fix?", with the keys `git add -p` taught everyone.
enum ReviewAnswer: Character, CaseIterable {
    /// Apply this fix.
    case accept = "y"
    /// Do not apply this fix; it is recorded so it is not asked again.
    case reject = "n"
    /// Apply this fix and every later fix in this file.
    case acceptRestOfFile = "a"
    /// Apply neither this fix nor any later fix in this file.
    case rejectRestOfFile = "d"
    /// Stop: apply the fixes accepted so far and ask nothing more.
    case quit = "q"
    /// Show what each key does.
    case help = "?"

    /// The answer a typed line stands for: its first non-blank character, either case; nil
    /// for an empty or unknown line.
    init?(line: String) {
        guard let first = line.first(where: { $0 != " " && $0 != "\t" && $0 != "\r" }),
              let answer = ReviewAnswer(rawValue: Character(first.lowercased()))
        else { return nil }
        self = answer
    }

    /// The keys as the prompt lists them: `y,n,a,d,q,?`.
    static var keys: String { allCases.map { String($0.rawValue) }.joined(separator: ",") }

    /// What each key does, one per line.
    static let helpText = """
        y - apply this fix
        n - do not apply this fix (recorded in the baseline, so it is not asked again)
        a - apply this fix and every later fix in this file
        d - do not apply this fix or any later fix in this file (all recorded)
        q - quit: apply the fixes accepted so far, ask nothing more
        ? - print this help

        """
}
