/// One check a new credential value must pass before the form may be submitted.
///
/// Rules are small and pure: they read a ``CredentialInput`` and answer with a ``RuleResult``.
/// Apps add their own (see ``MinimumLengthRule`` and ``DenyListRule``) through
/// ``ChangeCredentialConfiguration/rules``. A rule must never put the value it checks into its
/// result: messages come from the ``ChangeCredentialStrings`` table.
public protocol CredentialRule: Sendable {
    /// A stable identifier, such as `"nonEmpty"`, `"regex"` or `"confirmation"`, used by tests,
    /// spec files and the event log.
    var id: String { get }

    /// Checks `input`; `nil` means the rule does not apply (for example no regex is declared).
    func evaluate(_ input: CredentialInput) -> RuleResult?

    /// The values ``evaluate(_:)`` reads (besides the context). After an edit of one field,
    /// ``ChangeCredentialState`` evaluates again only the rules that read it, and keeps the last
    /// result of the others: typing the confirmation does not run the schema regex again.
    /// The default is ``CredentialInput/Fields/both``, so a rule that does not say is always
    /// evaluated. A rule that declares less than it reads shows stale results.
    var reads: CredentialInput.Fields { get }

    /// The rule made ready for many evaluations against `context` (for instance with its regex
    /// compiled once). ``ChangeCredentialState`` calls it when the context changes (the schema
    /// arrives), not per keystroke, and evaluates the copy it returns. The copy must answer
    /// exactly as the rule would; the default returns the rule itself.
    func prepared(for context: CredentialRuleContext) -> any CredentialRule
}

extension CredentialRule {
    /// The rule itself: nothing to prepare.
    public func prepared(for context: CredentialRuleContext) -> any CredentialRule { self }

    /// Both values: without a declaration, the rule is evaluated after every edit.
    public var reads: CredentialInput.Fields { .both }
}
