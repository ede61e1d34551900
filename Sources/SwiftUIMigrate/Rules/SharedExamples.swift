/// Example sources that more than one rule's examples use, written once: what one rule
/// rewrites, another must leave alone or reach the same result.
enum SharedExamples {
    /// A brew loaded once behind a `hasLoaded` flag; `↓` where `guard-flag-load` finds it
    /// (`onappear-task` leaves the flag-guarded Task to it).
    static let flagGuardedBrewDetail = """
        struct BrewDetailView: View {
            let brewID: String
            @State private var brew: Brew?
            @State private var hasLoaded = false

            var body: some View {
                Text(brew?.name ?? "")
                    .↓onAppear {
                        guard !hasLoaded else { return }
                        hasLoaded = true
                        Task { brew = try? await BrewStore.shared.fetch(brewID) }
                    }
            }
        }
        """

    /// The brew loaded by `task(id: brewID)`: what `guard-flag-load` and `onappear-task` rewrite
    /// to, and leave alone.
    static let taskLoadedBrewDetail = """
        struct BrewDetailView: View {
            let brewID: String
            @State private var brew: Brew?

            var body: some View {
                Text(brew?.name ?? "")
                    .task(id: brewID) {
                        brew = try? await BrewStore.shared.fetch(brewID)
                    }
            }
        }
        """

    /// A Group of two members sharing a `font`: no lifecycle modifier for `group-lifecycle`, and
    /// within `group-modifiers`' default `maxMembers`.
    static let twoCredits = """
        struct CreditsView: View {
            var body: some View {
                Group {
                    Text("SwiftUI")
                    Text("Combine")
                }
                .font(.headline)
            }
        }
        """

    /// A Group sharing a modifier inside a Form; `↓` where `group-modifiers` finds it (with a
    /// modifier, it is not `group-redundant`'s).
    static let aboutForm = view("AboutForm", body: aboutFormBody)

    /// ``aboutForm``'s body, which `group-modifiers`' documentation shows.
    static let aboutFormBody = """
        Form {
            Text("Title")
            ↓Group {
                Text("Subtitle")
                Text("Description")
            }
            .foregroundStyle(.secondary)
        }
        """

    /// `struct name: View` whose `body` is `body`, indented to its place.
    static func view(_ name: String, body: String) -> String {
        let indentedBody = body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "        " + $0 }
            .joined(separator: "\n")
        return """
            struct \(name): View {
                var body: some View {
            \(indentedBody)
                }
            }
            """
    }
}
