/// A spec file that cannot be read as a spec: a malformed table, an unknown word, a missing column.
///
/// It reads as a sentence for the person who wrote the file, pointing at the line to fix.
public struct SpecProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, and when possible what was expected instead.
    public var message: String

    /// Creates a problem at `location`.
    public init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): malformed spec: \(message)" }
}
