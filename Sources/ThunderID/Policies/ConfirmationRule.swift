/// The confirmation must equal the new value exactly (`"confirmation"`).
///
/// Equality is byte for byte (UTF-8), not Unicode canonical equivalence: what is sent is the new
/// value, so a confirmation typed with a different normalization is reported as a mismatch.
package struct ConfirmationRule: CredentialRule, IncrementalCredentialRule {
    package let id = "confirmation"
    package var reads: Set<ChangeCredentialMachine.Field> { [.newValue, .confirmation] }

    /// Creates the rule.
    package init() {}

    package func evaluate(_ input: CredentialInput) -> RuleResult? {
        RuleResult(id: id, status: input.newValue.hasSameBytes(as: input.confirmation) ? .passed : .failed,
                   message: input.context.messages.mismatch)
    }
}
