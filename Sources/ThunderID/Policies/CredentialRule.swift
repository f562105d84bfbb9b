/// One check a new credential value must pass before the form may be submitted.
///
/// Rules are small and pure: they read a ``CredentialInput`` and answer with a ``RuleResult``.
/// Apps add their own (see ``MinimumLengthRule`` and ``DenyListRule``) through
/// ``ChangeCredentialConfiguration/rules``; ``ChangeCredentialState`` evaluates them after every
/// edit of either value. A rule must never put the value it checks into its result: messages come
/// from the ``ChangeCredentialStrings`` table, through the input's context.
public protocol CredentialRule: Sendable {
    /// A stable identifier, such as `"nonEmpty"`, `"regex"` or `"confirmation"`, used by tests,
    /// spec files and the event log.
    var id: String { get }

    /// Checks `input`; `nil` means the rule does not apply (for example no regex is declared).
    func evaluate(_ input: CredentialInput) -> RuleResult?
}

/// A rule that says which fields it reads and can be made ready for a context, so a keystroke
/// stays cheap. Any other rule reads both fields and is prepared as itself.
package protocol IncrementalCredentialRule: CredentialRule {
    /// The fields `evaluate(_:)` reads; an edit evaluates again only the rules that read its
    /// field, so a rule that declares less shows stale results.
    var reads: Set<ChangeCredentialMachine.Field> { get }

    /// The rule made ready for `context` (a pattern compiled, a message rendered); it must answer
    /// exactly as the rule would. By default, the rule itself.
    func prepared(for context: CredentialRuleContext) -> any CredentialRule
}

extension IncrementalCredentialRule {
    package func prepared(for context: CredentialRuleContext) -> any CredentialRule { self }
}

extension CredentialRule {
    /// The fields the rule reads: its declaration, else both.
    package var readFields: Set<ChangeCredentialMachine.Field> {
        (self as? any IncrementalCredentialRule)?.reads ?? [.newValue, .confirmation]
    }

    /// The rule made ready for `context`, or itself.
    package func preparedRule(for context: CredentialRuleContext) -> any CredentialRule {
        (self as? any IncrementalCredentialRule)?.prepared(for: context) ?? self
    }
}
