/// The frame every example's code stands in — `struct Name: View`, its properties, its `body` and
/// what follows it — written once, so that an example states only what it is about.
extension String {
    /// The source of `struct name: View` declaring `properties` (one a line), whose `body` is `body`,
    /// followed by `members`; each part is written at its own indentation, from column 0.
    static func view(_ name: String, _ properties: String? = nil, body: String, members: String? = nil) -> String {
        var lines = ["struct \(name): View {"]
        if let properties { lines += properties.indentedLines(by: 4) + [""] }
        lines += ["    var body: some View {"] + body.indentedLines(by: 8) + ["    }"]
        if let members { lines += [""] + members.indentedLines(by: 4) }
        return (lines + ["}"]).joined(separator: "\n")
    }

    /// The lines, each but the empty ones indented by `spaces`.
    func indentedLines(by spaces: Int) -> [String] {
        split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : String(repeating: " ", count: spaces) + $0 }
    }
}
