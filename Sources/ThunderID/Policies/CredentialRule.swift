/// One check a new credential value must pass before the form may be submitted.
///
/// Rules are small and pure: they read a ``CredentialInput`` and answer with a ``RuleResult``.
/// Apps add their own (see ``MinimumLengthRule`` and ``DenyListRule``) through
/// ``ChangeCredentialConfiguration/rules``. A rule must never put the value it checks into its
/// result: messages come from the ``ChangeCredentialStrings`` table, through the input's context.
///
/// ``ChangeCredentialState`` evaluates a rule of your own after every edit of either value.
public protocol CredentialRule: Sendable {
    /// A stable identifier, such as `"nonEmpty"`, `"regex"` or `"confirmation"`, used by tests,
    /// spec files and the event log.
    var id: String { get }

    /// Checks `input`; `nil` means the rule does not apply (for example no regex is declared).
    func evaluate(_ input: CredentialInput) -> RuleResult?
}

/// A rule that says which fields it reads and can be made ready for a context: the package's
/// rules, which keep a keystroke cheap. Any other rule reads both fields and is prepared as itself.
package protocol IncrementalCredentialRule: CredentialRule {
    /// The fields `evaluate(_:)` reads (besides the context). After an edit of one field, the
    /// state evaluates again only the rules that read it and keeps the others' last results; a
    /// rule that declares less than it reads shows stale results.
    var reads: Set<ChangeCredentialMachine.Field> { get }

    /// The rule made ready for many evaluations against `context` (a pattern compiled, a message
    /// rendered, once); the copy must answer exactly as the rule would. By default, the rule itself.
    func prepared(for context: CredentialRuleContext) -> any CredentialRule
}

extension IncrementalCredentialRule {
    package func prepared(for context: CredentialRuleContext) -> any CredentialRule { self }
}

extension CredentialRule {
    /// The fields the rule reads: its declaration, else both. Asked once per configuration.
    package var readFields: Set<ChangeCredentialMachine.Field> {
        (self as? any IncrementalCredentialRule)?.reads ?? [.newValue, .confirmation]
    }

    /// The rule made ready for `context`, or itself. Asked when the context changes, not per keystroke.
    package func preparedRule(for context: CredentialRuleContext) -> any CredentialRule {
        (self as? any IncrementalCredentialRule)?.prepared(for: context) ?? self
    }
}
