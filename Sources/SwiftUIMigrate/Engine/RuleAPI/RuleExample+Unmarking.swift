/// One text for a triggering example and for the same code shown without its `↓` markers
/// (a correction's `before`, or a non-triggering example under other options), so that the
/// code is written once and `explain` prints a clean copy.
extension String {
    /// The example code with its `↓` finding markers removed.
    var removingFindingMarkers: String {
        replacingOccurrences(of: "↓", with: "")
    }
}

extension RuleExample {
    /// An example whose code is a triggering example's code without its `↓` markers.
    init(unmarking code: String, configuration: Configuration = Configuration(), file: StaticString = #filePath, line: UInt = #line) {
        self.init(code.removingFindingMarkers, configuration: configuration, file: file, line: line)
    }
}

extension RuleCorrection {
    /// A correction whose `before` is a triggering example's code without its `↓` markers.
    init(
        unmarking before: String, _ after: String, configuration: Configuration = Configuration(),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        self.init(before.removingFindingMarkers, after, configuration: configuration, file: file, line: line)
    }
}
