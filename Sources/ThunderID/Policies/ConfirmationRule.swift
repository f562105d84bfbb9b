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
        Self.result(passed: input.newValue.hasSameBytes(as: input.confirmation), context: input.context)
    }

    /// The result for a confirmation that equals (`passed`) the new value or not.
    static func result(passed: Bool, context: CredentialRuleContext) -> RuleResult {
        RuleResult(id: "confirmation", status: passed ? .passed : .failed, message: context.messages.mismatch)
    }
}
