import Foundation

/// How wide text written to standard output may be: `COLUMNS` when set to a number, else the
/// terminal's width when standard output is one, else 80 (a pipe, a file, a pager).
enum TerminalWidth {
    static let fallback = 80

    static func ofStandardOutput(environment: [String: String]) -> Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return fallback
    }
}
