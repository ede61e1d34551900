/// A command line that cannot be run; the message is one line, without the "error:" prefix.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    /// False for a broken `OptionRule`, whose message says what to do: no pointer to the command's help.
    public var pointsToHelp: Bool
    public init(_ message: String, pointsToHelp: Bool = true) { (self.message, self.pointsToHelp) = (message, pointsToHelp) }
    public var description: String { message }
}
