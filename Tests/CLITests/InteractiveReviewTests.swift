import Foundation
@testable import SwiftUIMigrate
@testable import SwiftUIMigrateCLI
import XCTest

/// The review's logic with a scripted terminal: which answers accept, reject or skip which
/// fixes, and what the re-run applies. (The real terminal is driven under tmux by
/// Tests/interactive/review-under-tmux.sh.)
final class InteractiveReviewTests: XCTestCase {
    /// Three independent fixes: onappear-task, group-lifecycle, guard-flag-load.
    static let source = """
        import SwiftUI

        struct InboxView: View {
            let store: MailStore
            @State private var messages: [String] = []

            var body: some View {
                List(messages, id: \\.self) { Text($0) }
                    .onAppear {
                        Task { messages = await store.inbox() }
                    }
            }
        }

        struct ProfileView: View {
            let isSignedIn: Bool

            var body: some View {
                Group {
                    if isSignedIn {
                        Text("Profile")
                    } else {
                        Text("Sign in")
                    }
                }
                .onAppear { print("profile appeared") }
            }
        }

        struct BrewView: View {
            let brewID: String
            @State private var loaded = false
            @State private var name = ""

            var body: some View {
                Text(name)
                    .task {
                        guard !loaded else { return }
                        loaded = true
                        name = await BrewStore.shared.name(of: brewID)
                    }
            }
        }

        """

    func migration(_ file: String = "Demo.swift") -> FileMigration {
        MigrationEngine(configuration: Configuration()).migrate(bytes: Array(Self.source.utf8), file: file)
    }

    func review(_ migrations: [FileMigration], answers: [String]) throws -> (ReviewDecisions, ScriptedTerminal) {
        let terminal = ScriptedTerminal(answers)
        let session = ReviewSession(terminal: terminal, presenter: HunkPresenter(color: false))
        return (try session.review(migrations, isRecorded: { _ in false }), terminal)
    }

    func testTheDemoHasThreeOfferableFixes() {
        XCTAssertEqual(migration().findings.filter(ReviewSession.offerable).map(\.ruleID),
                       ["onappear-task", "group-lifecycle", "guard-flag-load"])
    }

    func testYesNoQuitDecideOneFixEach() throws {
        let migration = migration()
        let (decisions, terminal) = try review([migration], answers: ["y", "n", "q"])
        let fixes = migration.findings.filter(ReviewSession.offerable)
        XCTAssertEqual(decisions.accepted, [FixKey(fixes[0])])
        XCTAssertEqual(decisions.rejected.map(FixKey.init), [FixKey(fixes[1])])
        XCTAssertEqual(decisions.unasked, [FixKey(fixes[2])])
        XCTAssertEqual(terminal.prompts, 3)
        XCTAssertTrue(terminal.shown.contains("(2/3) Demo.swift:19:9 [group-lifecycle]"))
        XCTAssertEqual(decisions.tally, "accepted 1 of 3 fixes; 1 rejected; 1 not reviewed")
    }

    func testHelpAndUnknownAnswersAskAgain() throws {
        let (decisions, terminal) = try review([migration()], answers: ["?", "", "maybe", "Y", "N", "yes"])
        XCTAssertEqual(terminal.prompts, 6)
        XCTAssertEqual(terminal.shown.components(separatedBy: "a - apply this fix and every later fix in this file").count - 1, 3)
        XCTAssertEqual(decisions.accepted.count, 2)
        XCTAssertEqual(decisions.rejected.count, 1)
    }

    func testRestOfFileAnswersStopAtTheFileEnd() throws {
        let first = migration("A.swift")
        let second = migration("B.swift")
        let (decisions, terminal) = try review([first, second], answers: ["a", "n", "d"])
        XCTAssertEqual(terminal.prompts, 3, "a answers A.swift's fixes; B.swift is asked again")
        XCTAssertEqual(decisions.accepted, Set(first.findings.filter(ReviewSession.offerable).map(FixKey.init)))
        XCTAssertEqual(decisions.rejected.map(FixKey.init), second.findings.filter(ReviewSession.offerable).map(FixKey.init))
        XCTAssertEqual(decisions.rejected.map(\.file), ["B.swift", "B.swift", "B.swift"])
    }

    func testEndOfInputEndsTheReviewAcceptingNothing() throws {
        let (decisions, _) = try review([migration()], answers: [])
        XCTAssertTrue(decisions.accepted.isEmpty)
        XCTAssertEqual(decisions.unasked.count, 3)
    }

    func testFixesWithoutEditsAreLeftForTheNextReview() throws {
        var nested = migration()
        nested.findings.append(Finding(ruleID: "group-lifecycle", file: "Demo.swift", line: 21, column: 13, offset: 400,
                                       message: "replace the Group with a ZStack", action: .rewrite, safety: .preserving,
                                       reasonID: "group-lifecycle/hoist-no-runtime-change"))
        let (decisions, terminal) = try review([nested], answers: ["y", "y", "y"])
        XCTAssertEqual(terminal.prompts, 3)
        XCTAssertEqual(decisions.dependent, 1)
        XCTAssertEqual(decisions.declineReason(nested.findings.last!), .appearsAfterOthers)
    }

    func testHunkShowsOnlyThatFixWithoutFileHeader() throws {
        let migration = migration()
        let fix = migration.findings.filter(ReviewSession.offerable)[1]
        let hunk = HunkPresenter(color: false).hunk(of: fix, in: migration)
        XCTAssertTrue(hunk.hasPrefix("@@ -16,7 +16,7 @@"), hunk)
        XCTAssertTrue(hunk.contains("\n-        Group {\n+        ZStack {\n"), hunk)
        XCTAssertFalse(hunk.contains(".task"), "only the Group fix")
        XCTAssertFalse(hunk.contains("\u{1B}"))
        XCTAssertTrue(HunkPresenter(color: true).hunk(of: fix, in: migration).contains("\u{1B}[32m+        ZStack {"))
    }

    func testTheRerunAppliesExactlyTheAcceptedFixAndRecordsTheRejectedOne() throws {
        let folder = NSTemporaryDirectory() + "interactive-review-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/Demo.swift"
        try Self.source.write(toFile: path, atomically: true, encoding: .utf8)
        let file = SourceFile(displayPath: path, absolutePath: path)
        let engine = MigrationEngine(configuration: Configuration())
        var outcomes: [FileOutcome] = []
        MigrationRun.stream([file], engine: engine, load: MigrationRun.reader(for: engine)) { outcomes.append($0) }
        let baselinePath = folder + "/baseline.json"
        let review = InteractiveReview(
            terminal: ScriptedTerminal(["n", "y", "q"]), presenter: HunkPresenter(color: false),
            baseline: try RejectionBaseline(explicit: baselinePath, firstPath: folder, writesDefault: false),
            console: Console())

        let reviewed = try review.run(outcomes, engine: engine)

        let original = outcomes[0].migration!
        let groupFix = original.findings.filter(ReviewSession.offerable)[1]
        let expected = EditApplication(text: original.original, groups: [groupFix.edits]).text
        XCTAssertEqual(String(decoding: reviewed[0].migration!.migrated, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        XCTAssertEqual(reviewed[0].migration!.findings.map(\.action), [.skip, .rewrite, .skip])
        XCTAssertEqual(reviewed[0].migration!.findings[0].reason, "rejected in interactive review")
        let recorded = try Baseline.load(path: baselinePath)
        XCTAssertEqual(recorded.findings.map(\.rule), ["onappear-task"])
        XCTAssertEqual(recorded.findings.map(\.file), ["Demo.swift"])
        XCTAssertTrue(recorded.contains(file: "Demo.swift", fingerprint: original.findings[0].fingerprint))
    }
}

/// Answers from a list, a line each; records what was shown.
final class ScriptedTerminal: ReviewTerminal {
    private var answers: [String]
    private(set) var shown = ""
    private(set) var prompts = 0

    init(_ answers: [String]) { self.answers = answers }

    func write(_ text: String) {
        shown += text
        if text.hasPrefix("Apply this fix [") { prompts += 1 }
    }

    func readLine() -> String? { answers.isEmpty ? nil : answers.removeFirst() }
}
