/// The known name a misspelt one was probably meant to be, for a "did you mean" hint.
///
/// Closeness is the optimal-string-alignment distance (insertions, deletions, substitutions and
/// swaps of two neighbouring characters each cost one), compared without case: a name is close
/// when at most a third of its characters (at least one, at most three) differ. A known name that
/// starts with the given one (at least three characters) is close too, so `--form` finds `--format`.
public enum ClosestName {
    /// The closest of `candidates` to `name`, nil when none is close or `name` is one of them (with its case).
    public static func to(_ name: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(name.lowercased())
        guard !typed.isEmpty else { return nil }
        let limit = min(3, max(1, typed.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            if candidate == name { return nil }
            let known = Array(candidate.lowercased())
            var distance = editDistance(typed, known)
            if distance > limit, typed.count >= 3, known.starts(with: typed) { distance = limit }
            guard distance <= limit else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `"did you mean 'x'?"` for the closest candidate, nil when none is close.
    public static func question(for name: String, among candidates: some Sequence<String>) -> String? {
        to(name, among: candidates).map { "did you mean '\($0)'?" }
    }

    /// `"; did you mean 'x'?"` for the closest candidate, or `""`: to end a one-line error.
    public static func hint(for name: String, among candidates: some Sequence<String>) -> String {
        question(for: name, among: candidates).map { "; " + $0 } ?? ""
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
