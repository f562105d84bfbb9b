/// An app-supplied rule: the new value has at least `minimum` characters (`"minLength"`).
///
/// Counts user-perceived characters (`Character`, grapheme clusters), so an emoji counts once.
public struct MinimumLengthRule: CredentialRule, IncrementalCredentialRule {
    public let id = "minLength"
    /// The new value alone.
    package var reads: CredentialInput.Fields { .newValue }
    /// The smallest accepted number of characters.
    public var minimum: Int

    /// Creates the rule.
    public init(_ minimum: Int) {
        self.minimum = minimum
    }

    public func evaluate(_ input: CredentialInput) -> RuleResult? {
        Self.result(minimum: minimum, passed: input.newValue.count >= minimum, context: input.context)
    }

    /// The result for a value that has `minimum` characters or more (`passed`) or not.
    static func result(minimum: Int, passed: Bool, context: CredentialRuleContext) -> RuleResult {
        RuleResult(id: "minLength", status: passed ? .passed : .failed,
                   message: context.text(.tooShort, values: ["count": String(minimum)]))
    }
}
