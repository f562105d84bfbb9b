/// A phrase that could not be read, with what was expected.
public struct PhraseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
