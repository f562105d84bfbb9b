/// The confirmation must equal the new value exactly (`"confirmation"`).
///
/// Equality is byte for byte (UTF-8): the new value is what is sent, so a confirmation in another
/// normalization is a mismatch.
package struct ConfirmationRule: CredentialRule, IncrementalCredentialRule {
    package let id = "confirmation"
    package var reads: Set<ChangeCredentialMachine.Field> { [.newValue, .confirmation] }

    package init() {}

    package func evaluate(_ input: CredentialInput) -> RuleResult? {
        RuleResult(id: id, status: input.newValue.hasSameBytes(as: input.confirmation) ? .passed : .failed,
                   message: input.context.messages.mismatch)
    }
}
