/// A place in a file's text: 1-based line, 1-based column in UTF-8 bytes, and UTF-8 offset.
public struct SourcePoint: Hashable, Sendable, Codable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes from the line's start.
    public var column: Int
    /// 0-based UTF-8 offset from the start of the file.
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}
