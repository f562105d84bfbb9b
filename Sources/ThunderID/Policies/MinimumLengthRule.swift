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
        RuleResult(id: id, status: input.newValue.count >= minimum ? .passed : .failed,
                   message: input.context.text(.tooShort, values: ["count": String(minimum)]))
    }
}
