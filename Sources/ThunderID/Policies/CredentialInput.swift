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

    public var description: String {
        "CredentialInput(newValue: \(newValue.count) characters, confirmation: \(confirmation.count) characters, attribute: \(context.attribute))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "newValueLength": newValue.count,
            "confirmationLength": confirmation.count,
            "context": context,
        ], displayStyle: .struct)
    }
}

/// The policy a form is checked against, as resolved from the schema and the app's overrides.
public struct CredentialRuleContext: Sendable, Equatable {
    /// The credential attribute, such as `password`.
    public var attribute: String
    /// The display name shown to the user, such as "Password".
    public var displayName: String
    /// The effective regex: the app's `policyRegex`, else the schema's `regex` (or `pattern`).
    public var regex: String?
    /// The schema's `description`, used as the requirement hint.
    public var hint: String?
    /// Whether a rule that cannot be verified blocks submission.
    public var isStrict: Bool
    /// The strings table rules take their messages from.
    public var strings: ChangeCredentialStrings

    /// Creates a context.
    public init(attribute: String, displayName: String, regex: String? = nil, hint: String? = nil,
                isStrict: Bool = false, strings: ChangeCredentialStrings = .english) {
        self.attribute = attribute
        self.displayName = displayName
        self.regex = regex
        self.hint = hint
        self.isStrict = isStrict
        self.strings = strings
    }

    /// `key`'s text with this context's display name substituted.
    public func text(_ key: ChangeCredentialStrings.Key, values: [String: String] = [:]) -> String {
        strings.text(key, credential: displayName, values: values)
    }
}
