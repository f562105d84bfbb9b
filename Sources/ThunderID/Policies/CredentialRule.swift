/// One check a new credential value must pass before the form may be submitted.
///
/// Rules are small and pure: they read a ``CredentialInput`` and answer with a ``RuleResult``.
/// Apps add their own (see ``MinimumLengthRule`` and ``DenyListRule``) through
/// ``ChangeCredentialConfiguration/rules``. A rule must never put the value it checks into its
/// result: messages come from the ``ChangeCredentialStrings`` table.
///
/// ``ChangeCredentialState`` evaluates a rule of your own after every edit of either value.
public protocol CredentialRule: Sendable {
    /// A stable identifier, such as `"nonEmpty"`, `"regex"` or `"confirmation"`, used by tests,
    /// spec files and the event log.
    var id: String { get }

    /// Checks `input`; `nil` means the rule does not apply (for example no regex is declared).
    func evaluate(_ input: CredentialInput) -> RuleResult?
}

/// A rule of the package's that says which values it reads and that can be made ready for a
/// context: how the built-in rules keep a keystroke cheap.
package protocol IncrementalCredentialRule: CredentialRule {
    /// The values `evaluate(_:)` reads (besides the context). After an edit of one field,
    /// ``ChangeCredentialState`` evaluates again only the rules that read it, and keeps the last
    /// result of the others: typing the confirmation does not run the schema regex again.
    /// A rule that declares less than it reads shows stale results.
    var reads: CredentialInput.Fields { get }

    /// The rule made ready for many evaluations against `context` (for instance with its regex
    /// compiled once). ``ChangeCredentialState`` calls it when the context changes (the schema
    /// arrives), not per keystroke, and evaluates the copy it returns. The copy must answer
    /// exactly as the rule would.
    func prepared(for context: CredentialRuleContext) -> any CredentialRule
}

extension IncrementalCredentialRule {
    /// The rule itself: nothing to prepare.
    package func prepared(for context: CredentialRuleContext) -> any CredentialRule { self }
}

extension CredentialRule {
    /// What the rule reads: its declaration for a rule of the package's, both values for any
    /// other (it is evaluated after every edit). Asked once per configuration, not per keystroke.
    package var readFields: CredentialInput.Fields {
        (self as? any IncrementalCredentialRule)?.reads ?? .both
    }

    /// The rule made ready for `context`: a rule of the package's prepares itself, any other is
    /// evaluated as it is. Asked when the context changes, not per keystroke.
    package func preparedRule(for context: CredentialRuleContext) -> any CredentialRule {
        (self as? any IncrementalCredentialRule)?.prepared(for: context) ?? self
    }
}
