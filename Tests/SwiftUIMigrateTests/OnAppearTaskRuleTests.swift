import SwiftUIMigrate
import XCTest

/// Cases of `onappear-task` beyond its examples and fixtures.
final class OnAppearTaskRuleTests: XCTestCase {
    private func run(_ source: String, configuration: Configuration = Configuration()) -> (text: String, findings: [Finding]) {
        let engine = MigrationEngine(configuration: configuration, rules: [OnAppearTaskRule()])
        let (text, migration) = engine.migrate(source: source)
        XCTAssertNil(migration.internalError)
        let again = engine.migrate(source: text)
        XCTAssertEqual(again.text, text, "idempotent")
        XCTAssertFalse(again.migration.findings.contains { $0.action == .rewrite }, "no rewrite on the output")
        return (text, migration.findings)
    }

    func testLabelsWithAndWithoutIdentity() throws {
        let keyed = """
            struct BrewView: View {
                let brewID: String
                @State private var brew: Brew?
                var body: some View {
                    Text("").onAppear { Task { brew = try? await BrewStore.shared.fetch(brewID) } }
                }
            }
            """
        let finding = try XCTUnwrap(run(keyed).findings.first)
        XCTAssertEqual(finding.safety, .behaviorChange("the work is now cancelled when the view disappears and runs again when brewID changes"))
        XCTAssertEqual(finding.message, "use task instead of starting a Task in onAppear")

        let plain = keyed.replacingOccurrences(of: "fetch(brewID)", with: "fetch(\"house\")")
        let plainFinding = try XCTUnwrap(run(plain).findings.first)
        XCTAssertEqual(plainFinding.safety, .behaviorChange("the work is now cancelled when the view disappears"))
        XCTAssertTrue(run(plain).text.contains(".task {\n"))
    }

    func testOutsideAViewStructStillRewritesWithoutIdentity() {
        let source = """
            func makeRow(model: RecipeFeedModel) -> some View {
                Text("Row")
                    .onAppear {
                        Task { await model.loadMore() }
                    }
            }

            """
        let expected = """
            func makeRow(model: RecipeFeedModel) -> some View {
                Text("Row")
                    .task {
                        await model.loadMore()
                    }
            }

            """
        XCTAssertEqual(run(source).text, expected)
    }

    func testSeveralTasksSkip() throws {
        let source = """
            struct FeedView: View {
                @StateObject private var model = RecipeFeedModel()
                var body: some View {
                    Text("").onAppear {
                        Task { await model.refresh() }
                        Task { await model.loadMore() }
                    }
                }
            }
            """
        let finding = try XCTUnwrap(run(source).findings.first)
        XCTAssertEqual(finding.action, .skip)
        XCTAssertEqual(finding.text(run(source).text), source)
    }

    func testReturningTaskAndDiscardedTask() throws {
        let returning = """
            struct FeedView: View {
                var body: some View {
                    Text("").onAppear { Task { return 1 } }
                }
            }
            """
        XCTAssertEqual(run(returning).findings.first?.reason, "the Task's body returns a value, and task's action cannot")

        let discarded = """
            struct FeedView: View {
                @StateObject private var model = RecipeFeedModel()
                var body: some View {
                    Text("").onAppear {
                        _ = Task {
                            do {
                                try await Task.sleep(nanoseconds: 1)
                            } catch {
                                return
                            }
                            await model.refresh()
                        }
                    }
                }
            }

            """
        let expected = """
            struct FeedView: View {
                @StateObject private var model = RecipeFeedModel()
                var body: some View {
                    Text("").task {
                        do {
                            try await Task.sleep(nanoseconds: 1)
                        } catch {
                            return
                        }
                        await model.refresh()
                    }
                }
            }

            """
        XCTAssertEqual(run(discarded).text, expected)
    }

    func testGuardInHelperIsLeftToGuardFlagLoad() {
        let source = """
            struct BrewView: View {
                let brewID: String
                @State private var brew: Brew?
                @State private var hasLoaded = false
                var body: some View {
                    Text("").onAppear { Task { await loadIfNeeded() } }
                }
                func loadIfNeeded() async {
                    guard !hasLoaded else { return }
                    hasLoaded = true
                    brew = try? await BrewStore.shared.fetch(brewID)
                }
            }
            """
        XCTAssertEqual(run(source).findings, [])
    }
}

private extension Finding {
    /// The source unchanged, for asserting that a skip carries no edit.
    func text(_ output: String) -> String { edits.isEmpty ? output : "" }
}
