import Foundation
import SwiftUIMigrate
import XCTest

/// Sites one rule leaves to another: `onappear-task` leaves a pair's start to
/// `appear-change-load` and a flag-guarded closure to `guard-flag-load`. Each site must end
/// with exactly one decision, whichever order the rules run in and whichever of them is off:
/// a rule that defers decides the site as it would alone when the other rule is off.
final class RuleHandOffTests: XCTestCase {
    private struct Site {
        var name: String
        var source: String
        /// The rule deciding the site with every rule on, and with each one turned off (nil: nobody).
        var decidedBy: String
        var whenOff: [String: String?]
    }

    private static func view(_ members: String, _ links: String) -> String {
        """
        import SwiftUI

        struct ChapterList: View {
            let bookID: String
            @Binding var fontSize: Double
            @State private var chapters: [String] = []
        \(members)
            var body: some View {
                Text("\\(chapters.count)")
        \(links)
            }
        }

        """
    }

    private static let sites: [Site] = [
        Site(
            name: "a pair doing the same load",
            source: view("", """
                        .onAppear { Task { chapters = await Shelf.shared.chapters(of: bookID) } }
                        .onChange(of: fontSize) { Task { chapters = await Shelf.shared.chapters(of: bookID) } }
                """),
            decidedBy: "appear-change-load", whenOff: ["appear-change-load": "onappear-task"]),
        Site(
            name: "a start beside an onChange doing other work",
            source: view("", """
                        .onAppear { Task { chapters = await Shelf.shared.chapters(of: bookID) } }
                        .onChange(of: fontSize) {
                            chapters = []
                            Task { chapters = await Shelf.shared.chapters(of: bookID) }
                        }
                """),
            decidedBy: "onappear-task", whenOff: ["onappear-task": nil]),
        Site(
            name: "a pair whose work starts a Task inside an if",
            source: view("    @State private var isReady = false\n", """
                        .onAppear { if isReady { Task { chapters = await Shelf.shared.chapters(of: bookID) } } }
                        .onChange(of: fontSize) { if isReady { Task { chapters = await Shelf.shared.chapters(of: bookID) } } }
                """),
            decidedBy: "appear-change-load", whenOff: ["appear-change-load": "onappear-task"]),
        Site(
            name: "a run-once flag in the closure",
            source: view("    @State private var didLoad = false\n", """
                        .onAppear {
                            guard !didLoad else { return }
                            didLoad = true
                            Task { chapters = await Shelf.shared.chapters(of: bookID) }
                        }
                """),
            decidedBy: "guard-flag-load", whenOff: ["guard-flag-load": "onappear-task"]),
        Site(
            name: "a run-once flag in a helper",
            source: view("""
                    @State private var didLoad = false
                    func loadIfNeeded() async {
                        guard !didLoad else { return }
                        didLoad = true
                        chapters = await Shelf.shared.chapters(of: bookID)
                    }

                """, """
                        .onAppear { Task { await loadIfNeeded() } }
                """),
            decidedBy: "guard-flag-load", whenOff: ["guard-flag-load": "onappear-task"]),
        Site(
            name: "a compound flag check",
            source: view("    @State private var didLoad = false\n    @State private var isOnline = true\n", """
                        .onAppear {
                            guard !didLoad, isOnline else { return }
                            didLoad = true
                            Task { chapters = await Shelf.shared.chapters(of: bookID) }
                        }
                """),
            decidedBy: "guard-flag-load", whenOff: ["guard-flag-load": "onappear-task"]),
        Site(
            name: "an in-flight flag behind a compound check",
            source: view("    @State private var isFetching = false\n    @State private var isOnline = true\n", """
                        .onAppear {
                            guard !isFetching, isOnline else { return }
                            isFetching = true
                            Task {
                                chapters = await Shelf.shared.chapters(of: bookID)
                                isFetching = false
                            }
                        }
                """),
            decidedBy: "guard-flag-load", whenOff: ["guard-flag-load": "onappear-task"]),
    ]

    /// The rules of the findings on the line of `.onAppear`.
    private func decisions(_ source: String, rules: [any Rule], off: String?) -> [String] {
        var configuration = Configuration()
        if let off { configuration.rules[off] = false }
        let (_, migration) = MigrationEngine(configuration: configuration, rules: rules).migrate(source: source)
        XCTAssertNil(migration.internalError)
        let line = source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(".onAppear") }! + 1
        return migration.findings.filter { $0.line == line }.map(\.ruleID)
    }

    func testEverySiteEndsWithOneDecisionInBothOrdersAndWithEachRuleOff() {
        let deciders = ["onappear-task", "appear-change-load", "guard-flag-load"]
        for site in Self.sites {
            for (order, rules) in [("forward", RuleRegistry.all), ("reversed", Array(RuleRegistry.all.reversed()))] {
                for off in [nil] + deciders {
                    let expected: String? = off.flatMap { site.whenOff[$0] } ?? (off == site.decidedBy ? nil : site.decidedBy)
                    let found = decisions(site.source, rules: rules, off: off)
                    XCTAssertEqual(found, expected.map { [$0] } ?? [], "\(site.name), \(order), \(off ?? "none") off")
                }
            }
        }
    }

    func testTheDeferringRuleSaysWhyWhenTheOtherIsOff() throws {
        var configuration = Configuration()
        configuration.rules["guard-flag-load"] = false
        let flagged = try XCTUnwrap(Self.sites.first { $0.name == "a run-once flag in the closure" })
        let finding = try XCTUnwrap(
            MigrationEngine(configuration: configuration).migrate(source: flagged.source).migration.findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertTrue(finding.reason?.hasPrefix("a run-once flag guards the work") ?? false, finding.reason ?? "")
    }
}
