/// What a ``CredentialRule`` checks: the two typed values and the policy context.
///
/// Its `description`, `debugDescription` and `dump()` output show only the values' lengths.
public struct CredentialInput: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The new value as typed.
    public var newValue: String
    /// The confirmation as typed.
    public var confirmation: String
    /// The schema-derived policy and presentation context.
    public var context: CredentialRuleContext

    /// Creates an input for the rules.
    public init(newValue: String, confirmation: String, context: CredentialRuleContext) {
        self.newValue = newValue
        self.confirmation = confirmation
        self.context = context
    }

    // Lengths saturate past the maximum, so describing a huge paste is cheap.
    public var description: String {
        "CredentialInput(newValue: \(Self.lengthText(newValue)) characters, confirmation: \(Self.lengthText(confirmation)) characters, attribute: \(context.attribute))"
    }

    private static func lengthText(_ value: String) -> String {
        let length = boundedLength(value)
        return length > maximumLength ? "more than \(maximumLength)" : String(length)
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "newValueLength": Self.boundedLength(newValue),
            "confirmationLength": Self.boundedLength(confirmation),
            "context": context,
        ], displayStyle: .struct)
    }
}
