/// The new value must not be empty (`"nonEmpty"`). Whitespace counts as content: the server
/// decides what it accepts.
public struct NonEmptyRule: CredentialRule {
    public let id = "nonEmpty"

    /// Creates the rule.
    public init() {}

    public func evaluate(_ input: CredentialInput) -> RuleResult? {
        RuleResult(id: id, status: input.newValue.isEmpty ? .failed : .passed,
                   message: input.context.text(.emptyValue))
    }
}
