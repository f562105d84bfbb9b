/// The confirmation must equal the new value exactly (`"confirmation"`).
///
/// Equality is byte for byte (UTF-8), not Unicode canonical equivalence: what is sent is the new
/// value, so a confirmation typed with a different normalization is reported as a mismatch.
package struct ConfirmationRule: CredentialRule, IncrementalCredentialRule {
    package let id = "confirmation"
    /// Both values: an edit of either can change the answer.
    package var reads: CredentialInput.Fields { .both }

    /// Creates the rule.
    package init() {}

    package func evaluate(_ input: CredentialInput) -> RuleResult? {
        let equal = input.newValue.hasSameBytes(as: input.confirmation)
        return RuleResult(id: id, status: equal ? .passed : .failed, message: input.context.messages.mismatch)
    }
}
