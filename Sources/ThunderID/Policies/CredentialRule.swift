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
}
