import SwiftUIMigrate

/// A report of the findings in a `FindingsFormat` (`scan`): each file's part as the file is done when the format
/// streams (xcode, github), else one document of the whole run; kept findings left out unless shown, and one line
/// counting them at the end — except in the formats that list every finding (JSON).
final class FindingsSink: RunSink {
    private let format: any FindingsFormat
    private let showsKept: Bool
    /// The run's `sourceRoot` (SARIF's `%SRCROOT%`).
    private let sourceRoot: String?
    private let console: Console
    /// The kept findings the report left out, counted at the end.
    private var hidden: [Finding] = []

    init(_ format: any FindingsFormat, showsKept: Bool, sourceRoot: String?, console: Console) {
        self.format = format
        self.showsKept = showsKept
        self.sourceRoot = sourceRoot
        self.console = console
    }

    var streams: Bool { format.streams }

    func take(_ outcomes: [FileOutcome]) {
        let migrations = outcomes.compactMap { outcome in
            outcome.migration.map { format.namesFilesFromRoot ? FindingsReport.named($0, outcome.file.rootPath) : $0 }
        }
        var shown = migrations
        if !format.listsEveryFinding && !showsKept {
            shown = KeptFindings.visible(migrations, shown: false)
            hidden += migrations.flatMap(\.findings).filter { $0.action == .keep }
        }
        // A streamed part of a file without a finding shown is nothing; a document is whole even when empty.
        if !streams || shown.contains(where: { !$0.findings.isEmpty }) {
            console.write(format.render(shown, FindingsReport.context(sourceRoot: sourceRoot)))
        }
    }

    func finish() {
        if let line = KeptFindings(hidden, shown: showsKept).countLine { console.status(line + "\n") }
    }
}
