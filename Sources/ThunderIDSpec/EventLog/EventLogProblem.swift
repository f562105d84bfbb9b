/// A log that cannot be replayed, or where the machine disagrees with it.
public struct EventLogProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The record's line.
    public var location: SourceLocation
    /// What is wrong.
    public var message: String

    public var description: String { "\(location): \(message)" }
}
