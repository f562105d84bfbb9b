/// A spec row or step whose expectation the engine does not meet.
///
/// `expected` and `actual` are the only places a credential value written in a spec may be
/// printed: they are the failure diff.
public struct SpecFailure: Sendable, Hashable, CustomStringConvertible {
    /// The row or step.
    public var location: SourceLocation
    /// What was checked, such as `editing × submit (schema credential, form valid)`.
    public var subject: String
    /// What the spec says.
    public var expected: String
    /// What happened.
    public var actual: String

    /// Creates a failure.
    public init(location: SourceLocation, subject: String, expected: String, actual: String) {
        self.location = location
        self.subject = subject
        self.expected = expected
        self.actual = actual
    }

    public var description: String {
        "\(location): \(subject)\n    expected: \(expected)\n    actual:   \(actual)"
    }
}
