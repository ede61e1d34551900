import SwiftUIMigrate

/// The question-and-answer part of `--interactive`: offers each fix of a run in file order
/// and records the answers. It changes no file; `InteractiveReview` acts on the decisions.
struct ReviewSession {
    let terminal: any ReviewTerminal
    let presenter: HunkPresenter

    /// The fixes of `migrations` a person can decide on: rewrites that carry their edits.
    ///
    /// The engine maps every pass's edits back to the original text (`FixAttribution`): a span
    /// several findings' rewrites touched belongs to one of them, and the others carry no edits
    /// (their fix is in that one's), so they are counted as `dependent`, not offered on their own.
    static func offerable(_ finding: Finding) -> Bool { finding.action == .rewrite && !finding.edits.isEmpty }

    /// Asks about every offerable fix of `migrations` that `isRecorded` does not exclude.
    func review(_ migrations: [FileMigration], isRecorded: (Finding) -> Bool) throws -> ReviewDecisions {
        var decisions = ReviewDecisions()
        var queue: [(FileMigration, Finding)] = []
        for migration in migrations {
            for finding in migration.findings where finding.action == .rewrite {
                if !Self.offerable(finding) {
                    decisions.dependent += 1
                } else if isRecorded(finding) {
                    decisions.recorded.insert(FixKey(finding))
                } else {
                    queue.append((migration, finding))
                }
            }
        }
        var quit = false
        var fileAnswer: (file: String, accept: Bool)?
        for (position, (migration, finding)) in queue.enumerated() {
            if quit {
                decisions.unasked.insert(FixKey(finding))
                continue
            }
            if let answer = fileAnswer, answer.file == migration.file {
                record(finding, accepted: answer.accept, in: &decisions)
                continue
            }
            fileAnswer = nil
            terminal.write(presenter.present(finding, in: migration, index: position + 1, total: queue.count))
            switch ask() {
            case .accept:
                record(finding, accepted: true, in: &decisions)
            case .reject:
                record(finding, accepted: false, in: &decisions)
            case .acceptRestOfFile:
                record(finding, accepted: true, in: &decisions)
                fileAnswer = (migration.file, true)
            case .rejectRestOfFile:
                record(finding, accepted: false, in: &decisions)
                fileAnswer = (migration.file, false)
            case .quit, .help:
                quit = true
                decisions.unasked.insert(FixKey(finding))
            }
        }
        return decisions
    }

    /// Prompts until a known answer other than `?` is typed; end of input counts as `q`.
    private func ask() -> ReviewAnswer {
        while true {
            terminal.write("Apply this fix [\(ReviewAnswer.keys)]? ")
            guard let line = terminal.readLine() else {
                terminal.write("\n")
                return .quit
            }
            guard let answer = ReviewAnswer(line: line), answer != .help else {
                terminal.write(ReviewAnswer.helpText)
                continue
            }
            return answer
        }
    }

    private func record(_ finding: Finding, accepted: Bool, in decisions: inout ReviewDecisions) {
        if accepted {
            decisions.accepted.insert(FixKey(finding))
        } else {
            decisions.rejected.append(finding)
        }
    }
}
